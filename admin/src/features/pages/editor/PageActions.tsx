import { Button } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Capabilities } from '../../../shared/editor/roles'
import { pageQueries } from '../api'
import { usePageActions } from '../usePageActions'

/**
 * The editor's Clone and Delete (with undo). Typed work is saved first; a save that met a conflict or an error stops
 * here, with the form showing why. Delete goes to the list and offers Undo there; Undo brings the editor back.
 */
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
  const [cloning, setCloning] = useState(false)
  const savedAll = async () => (await saveAll()).every((s) => s.status !== 'conflict' && s.status !== 'error')

  const clone = async () => {
    setCloning(true)
    try {
      if (await savedAll()) await actions.clone(pageId)
    } finally {
      setCloning(false)
    }
  }
  const remove = async () => {
    if (!(await savedAll())) return
    void navigate({ to: '/sites/$siteId/pages', params: { siteId } })
    actions.remove({ id: pageId, route }, () => {
      // The editor's copy was loaded before the last saves: load it afresh.
      queryClient.removeQueries({ queryKey: pageQueries.editor(siteId, pageId).queryKey })
      void navigate({ to: '/sites/$siteId/pages/$pageId', params: { siteId, pageId } })
    })
  }
  return (
    <>
      {caps.canEdit && (
        <Button variant="default" onClick={() => void clone()} loading={cloning} disabled={cloning}>
          {t('clone')}
        </Button>
      )}
      {caps.canDelete && (
        <Button variant="default" color="red" onClick={() => void remove()}>
          {t('delete')}
        </Button>
      )}
    </>
  )
}
