import { Button, type ButtonProps } from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { forwardRef } from 'react'

/** Mantine's Button as a router link (a real <a>: opens in a new tab, works without the app's click handler). */
const ButtonBase = forwardRef<HTMLAnchorElement, ButtonProps & React.AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => <Button ref={ref} component="a" {...props} />)
const CreatedButtonLink = createLink(ButtonBase)
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButtonLink preload="intent" {...props} />
