import { useQuery } from '@tanstack/react-query'
import { EditorLoading, useEditorBase } from '../../../shared/editor/EditorShell'
import { pageQueries } from '../api'
import { EditPageForm } from './EditPageForm'
import { NewPageForm } from './NewPageForm'
import './page-editor.css'

/** The page editor: `/sites/$siteId/pages/new` (pageId undefined) and `/sites/$siteId/pages/$pageId`. */
export function PageEditorScreen({ siteId, pageId }: { siteId: string; pageId: string | undefined }) {
  const pages = useQuery(pageQueries.all(siteId))
  const detail = useQuery({ ...pageQueries.editor(siteId, pageId ?? ''), enabled: pageId !== undefined })
  const { base, error } = useEditorBase(siteId, pageId !== undefined ? [detail, pages] : [pages])
  if (error || !base || !pages.data) return <EditorLoading ns="pages" error={error} />
  if (pageId === undefined || !detail.data) return <NewPageForm siteId={siteId} pages={pages.data} />
  return <EditPageForm key={pageId} siteId={siteId} loaded={detail.data} {...base} pages={pages.data} />
}
