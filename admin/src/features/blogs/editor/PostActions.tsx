import { Anchor } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../shared/api/queries'
import { toFormError } from '../../../shared/logic/errors'
import { showUndoNotice, showUndone } from '../../../shared/ui/UndoNotice'
import { editorQueries, type BlogStatus } from './api'
import { cloneBlog, deleteBlog } from './metaApi'
import './metaMessages'
import { postUrlOf } from './postUrl'
import type { Capabilities } from '../../../shared/editor/roles'
import { CloneDeleteButtons } from '../../../shared/editor/EditorShell'
import { createHeldUndoable } from '../../../shared/logic/undoable'

/**
 * How long the notice offering "Undo" stays (longer while hovered or focused); the DELETE is sent when it closes
 * (Atrium has no restore endpoint for a deleted post).
 */
export const UNDO_MS = 6000

/** "Open on site" (site `url` + settings `post_path`), shown while the post is public. */
export function OpenOnSite({ siteId, slug, status }: { siteId: string; slug: string; status: BlogStatus }) {
  const { t } = useTranslation('blogMeta')
  const site = useQuery(sharedQueries.site(siteId))
  const settings = useQuery(sharedQueries.settings(siteId))
  const href = postUrlOf(site.data?.url, settings.data?.post_path, slug)
  if (!href || status !== 'Published') return null
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" title={t('openOnSiteHint', { host: new URL(href).host })}>
      {t('openOnSite')}
    </Anchor>
  )
}

/**
 * Clone (POST /blogs/{id}/clone, then the new draft opens) and delete with undo: the editor saves what is typed,
 * goes to the list and shows a notice with "Undo" (focused: shared/ui/UndoNotice); the DELETE is sent only when that
 * notice closes (after UNDO_MS, later while the pointer or focus rests on it, at once on Escape). Undo brings the
 * editor back. Each delete has its own notice: a second delete of the same post (after Undo) is not swallowed by the first's.
 */
export function PostActions({
  siteId,
  blogId,
  title,
  caps,
  saveAll,
}: {
  siteId: string
  blogId: string
  title: string
  caps: Capabilities
  saveAll: () => Promise<Array<{ status: string }>>
}) {
  const { t } = useTranslation('blogMeta')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const fail = (e: unknown, heading: string) => {
    const fe = toFormError(e)
    notifications.show({
      color: 'red',
      title: heading,
      message: [t(`blogs:editor.${fe.formMessageKey}`, fe.formMessageParams), fe.requestId ? `(${fe.requestId})` : ''].join(' '),
    })
  }

  const clone = async () => {
    try {
      const copy = await cloneBlog(blogId)
      void queryClient.invalidateQueries({ queryKey: ['site', siteId, 'blogs'], refetchType: 'none' })
      void navigate({ to: '/sites/$siteId/blogs/$blogId', params: { siteId, blogId: copy.id } })
    } catch (e) {
      fail(e, t('failed'))
    }
  }

  const remove = () => {
    const job = createHeldUndoable(() => deleteBlog(blogId))
    void navigate({ to: '/sites/$siteId/blogs', params: { siteId } })
    showUndoNotice({
      title: t('deleted.title'),
      text: t('deleted.text', { title }),
      undoLabel: t('deleted.undo'),
      ms: UNDO_MS,
      // Closed (timed out, swiped away, Escape): Undo is no longer offered, so the DELETE goes; after Undo this does nothing.
      onClose: () => void job.flush(),
      onUndo: (id) => {
        if (!job.undo()) return
        showUndone(id, { title: t('deleted.undone'), text: t('deleted.undoneText', { title }), closeLabel: t('common:close') })
        // The editor's copy of the post was loaded before the last saves: load it afresh.
        queryClient.removeQueries({ queryKey: editorQueries.detail(siteId, blogId).queryKey })
        void navigate({ to: '/sites/$siteId/blogs/$blogId', params: { siteId, blogId } })
      },
    })
    job.done
      .then((r) => {
        if (r === 'ran') void queryClient.invalidateQueries({ queryKey: ['site', siteId] })
      })
      .catch((e: unknown) => fail(e, t('deleted.failed')))
  }

  return <CloneDeleteButtons caps={caps} saveAll={saveAll} cloneLabel={t('clone')} deleteLabel={t('delete')} onClone={clone} onDelete={remove} />
}
