import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../../shared/logic/errors'
import { removeWithUndo } from '../../shared/api/resource'
import { clonePage, deletePage } from './api'
import '../../shared/editor/messages'
import './messages'

/**
 * How long the notice offering "Undo" stays (longer while hovered or focused); the DELETE is sent when it closes
 * (Atrium has no restore endpoint for a deleted page), as for posts.
 */
export const PAGE_UNDO_MS = 6000

/**
 * Clone (POST /pages/{id}/clone, then the new draft opens) and delete with undo (shared/ui/UndoNotice): the DELETE
 * goes only when the notice closes, and the page leaves the site's lists until then; Undo, or a DELETE the server refuses, puts it back and calls `onKept`
 * (the editor opens the page again). Each delete has its own notice.
 */
export function usePageActions(siteId: string) {
  const { t } = useTranslation('pages', { keyPrefix: 'actions' })
  const { t: te } = useTranslation('editor')
  const { t: tc } = useTranslation('common')
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const fail = (e: unknown, heading: string) => {
    const fe = toFormError(e)
    notifications.show({
      color: 'red',
      title: heading,
      message: [te(fe.formMessageKey, fe.formMessageParams), fe.requestId ? `(${fe.requestId})` : ''].join(' '),
    })
  }

  const clone = async (id: string): Promise<void> => {
    try {
      const copy = await clonePage(id)
      void queryClient.invalidateQueries({ queryKey: ['site', siteId, 'pages'], refetchType: 'none' })
      void navigate({ to: '/sites/$siteId/pages/$pageId', params: { siteId, pageId: copy.id } })
    } catch (e) {
      fail(e, t('cloneFailed'))
    }
  }

  const remove = (page: { id: string; route: string }, onKept?: () => void): void => {
    // The page leaves the site's lists at once (shared/api/resource); the DELETE goes when the notice closes.
    removeWithUndo(
      queryClient,
      ['site', siteId],
      page.id,
      () => deletePage(page.id),
      {
        title: t('deleted.title'),
        text: t('deleted.text', { route: page.route }),
        undoLabel: t('deleted.undo'),
        undoneTitle: t('deleted.undone'),
        undoneText: t('deleted.undoneText', { route: page.route }),
        closeLabel: tc('close'),
        ms: PAGE_UNDO_MS,
      },
      { kept: onKept, failed: (e) => fail(e, t('deleted.failed')) },
    )
  }

  return { clone, remove }
}
