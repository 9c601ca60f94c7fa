import { Anchor, NavLink, type AnchorProps, type NavLinkProps } from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { forwardRef } from 'react'

/** Mantine's Anchor and NavLink as router links, with typed `to` and `params` (TanStack Router's createLink). */
const AnchorBase = forwardRef<HTMLAnchorElement, AnchorProps & React.AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => <Anchor ref={ref} {...props} />)
const CreatedAnchorLink = createLink(AnchorBase)
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <CreatedAnchorLink preload="intent" {...props} />

const NavLinkBase = forwardRef<HTMLAnchorElement, NavLinkProps & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, keyof NavLinkProps>>((props, ref) => (
  <NavLink ref={ref} component="a" {...props} />
))
const CreatedNavLink = createLink(NavLinkBase)
export const NavLinkRoute: LinkComponent<typeof NavLinkBase> = (props) => <CreatedNavLink preload="intent" {...props} />
