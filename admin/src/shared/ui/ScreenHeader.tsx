import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { sharedQueries } from '../api/queries'
import { PageTitle } from './PageTitle'
import './ui.css'

interface Props {
  /** The h1. */
  title: ReactNode
  /** The site the screen is of: its name follows the title in the document title. */
  siteId?: string
  /** The document title where the h1 is not plain text, or should say more (an editor: "Edit …"). */
  documentTitle?: string
  /** What leads back (a link above the title). */
  back?: ReactNode
  /** The screen's main actions, beside the title (below it on a phone). */
  children?: ReactNode
  /** A line under the header saying what the screen is for. */
  intro?: ReactNode
}

/** Every screen's header: its one h1 (focused on a route change), the document title, and its main actions. */
export function ScreenHeader({ title, siteId, documentTitle, back, children, intro }: Props) {
  const site = useQuery({ ...sharedQueries.site(siteId ?? ''), enabled: siteId !== undefined })
  const text = documentTitle ?? (typeof title === 'string' ? title : undefined)
  const full = text !== undefined && siteId !== undefined && site.data && documentTitle === undefined ? `${text} · ${site.data.name}` : text
  return (
    <>
      {back}
      <div className="ui-screen-header">
        <PageTitle documentTitle={full}>{title}</PageTitle>
        {children}
      </div>
      {intro !== undefined && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
    </>
  )
}
