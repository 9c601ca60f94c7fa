import { Anchor, Button, NavLink, type AnchorProps, type ButtonProps, type NavLinkProps } from '@mantine/core'
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

/** Mantine's Button as a router link (a real <a>: opens in a new tab, works without the app's click handler). */
const ButtonBase = forwardRef<HTMLAnchorElement, ButtonProps & React.AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
  <Button ref={ref} component="a" {...props} />
))
const CreatedButtonLink = createLink(ButtonBase)
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButtonLink preload="intent" {...props} />

/** The link above a screen's title that leads back to where it came from ("← " before its words). */
const BackBase = forwardRef<HTMLAnchorElement, AnchorProps & React.AnchorHTMLAttributes<HTMLAnchorElement>>(({ children, ...props }, ref) => (
  <Anchor ref={ref} size="sm" {...props}>
    ← {children}
  </Anchor>
))
const CreatedBackLink = createLink(BackBase)
export const BackLink: LinkComponent<typeof BackBase> = (props) => <CreatedBackLink preload="intent" {...props} />
