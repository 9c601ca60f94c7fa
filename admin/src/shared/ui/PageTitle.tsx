import { Title } from '@mantine/core'
import { useEffect, type ReactNode } from 'react'

/**
 * The one h1 of a screen. It takes focus on a route change (app/RouteFocus) and names the document, which the route
 * announcer then reads out.
 */
export function PageTitle({ children, documentTitle }: { children: ReactNode; documentTitle?: string }) {
  const text = documentTitle ?? (typeof children === 'string' ? children : undefined)
  useEffect(() => {
    if (text) document.title = `${text} · Atrium`
  }, [text])
  return (
    <Title order={1} tabIndex={-1} data-page-title="" size="h2">
      {children}
    </Title>
  )
}
