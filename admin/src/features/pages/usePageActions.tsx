import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../../shared/logic/errors'
import { createHeldUndoable } from '../../shared/logic/undoable'
import { showUndoNotice, showUndone } from '../../shared/ui/UndoNotice'
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
 * goes only when the notice closes; Undo, or a DELETE the server refuses, calls `onKept` so the screen shows the page
 * again. Each delete has its own notice.
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

  const remove = (page: { id: string; route: string }, onKept: () => void): void => {
    const job = createHeldUndoable(() => deletePage(page.id))
    showUndoNotice({
      title: t('deleted.title'),
      text: t('deleted.text', { route: page.route }),
      undoLabel: t('deleted.undo'),
      ms: PAGE_UNDO_MS,
      onClose: () => void job.flush(),
      onUndo: (id) => {
        if (!job.undo()) return
        showUndone(id, { title: t('deleted.undone'), text: t('deleted.undoneText', { route: page.route }), closeLabel: tc('close') })
        onKept()
      },
    })
    job.done
      .then((r) => {
        if (r === 'ran') void queryClient.invalidateQueries({ queryKey: ['site', siteId] })
      })
      .catch((e: unknown) => {
        onKept()
        fail(e, t('deleted.failed'))
      })
  }

  return { clone, remove }
}
