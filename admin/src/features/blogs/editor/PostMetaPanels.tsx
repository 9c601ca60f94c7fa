import { useQuery } from '@tanstack/react-query'
import { sharedQueries } from '../../../shared/api/queries'
import type { BlogDetail, BlogValues } from './api'
import { DocumentsPanel } from './DocumentsPanel'
import type { Capabilities } from '../../../shared/editor/roles'
import { SchedulePanel } from './SchedulePanel'
import { TaxonomyPanel } from './TaxonomyPanel'

/** The post settings below slug, author and featured: schedule, categories and tags, attachments. */
export function PostMetaPanels({
  siteId,
  blog,
  values,
  onChange,
  caps,
  errors,
}: {
  siteId: string
  blog: BlogDetail
  values: BlogValues
  onChange: (v: BlogValues) => void
  caps: Capabilities
  errors: Record<string, string>
}) {
  const settings = useQuery(sharedQueries.settings(siteId))
  return (
    <>
      <SchedulePanel values={values} onChange={onChange} timeZone={settings.data?.timezone ?? 'UTC'} disabled={!caps.canEdit} errors={errors} />
      <TaxonomyPanel siteId={siteId} contentId={blog.content_id} disabled={!caps.canEdit} />
      <DocumentsPanel siteId={siteId} blogId={blog.id} disabled={!caps.canEdit} />
    </>
  )
}
