import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { CloneDeleteButtons } from '../../../shared/editor/EditorShell'
import type { Capabilities } from '../../../shared/editor/roles'
import { pageQueries } from '../api'
import { usePageActions } from '../usePageActions'

/** The editor's Clone and Delete (with undo). Delete goes to the list and offers Undo there; Undo brings the editor back. */
export function PageActions({
  siteId,
  pageId,
  route,
  caps,
  saveAll,
}: {
  siteId: string
  pageId: string
  route: string
  caps: Capabilities
  saveAll: () => Promise<Array<{ status: string }>>
}) {
  const { t } = useTranslation('pages', { keyPrefix: 'actions' })
  const actions = usePageActions(siteId)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remove = () => {
    void navigate({ to: '/sites/$siteId/pages', params: { siteId } })
    actions.remove({ id: pageId, route }, () => {
      // The editor's copy was loaded before the last saves: load it afresh.
      queryClient.removeQueries({ queryKey: pageQueries.editor(siteId, pageId).queryKey })
      void navigate({ to: '/sites/$siteId/pages/$pageId', params: { siteId, pageId } })
    })
  }
  return (
    <CloneDeleteButtons
      caps={caps}
      saveAll={saveAll}
      cloneLabel={t('clone')}
      deleteLabel={t('delete')}
      onClone={() => actions.clone(pageId)}
      onDelete={remove}
    />
  )
}
