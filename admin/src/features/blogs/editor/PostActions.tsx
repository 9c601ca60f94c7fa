import { Anchor } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../shared/api/queries'
import { toFormError } from '../../../shared/logic/errors'
import { editorQueries, type BlogStatus } from './api'
import { cloneBlog, deleteBlog } from './metaApi'
import './metaMessages'
import { postUrlOf } from './postUrl'
import type { Capabilities } from '../../../shared/editor/roles'
import { CloneDeleteButtons } from '../../../shared/editor/EditorShell'
import { removeWithUndo } from '../../../shared/api/resource'

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
    void navigate({ to: '/sites/$siteId/blogs', params: { siteId } })
    // The post leaves the site's lists at once (shared/api/resource, as pages do); the DELETE goes when the notice closes.
    removeWithUndo(
      queryClient,
      ['site', siteId],
      blogId,
      () => deleteBlog(blogId),
      {
        title: t('deleted.title'),
        text: t('deleted.text', { title }),
        undoLabel: t('deleted.undo'),
        undoneTitle: t('deleted.undone'),
        undoneText: t('deleted.undoneText', { title }),
        closeLabel: t('common:close'),
        ms: UNDO_MS,
      },
      {
        // Undo, or a DELETE the server refused: the post is still there, so its editor opens again, loaded afresh
        // (the editor's copy was loaded before the last saves).
        kept: () => {
          queryClient.removeQueries({ queryKey: editorQueries.detail(siteId, blogId).queryKey })
          void navigate({ to: '/sites/$siteId/blogs/$blogId', params: { siteId, blogId } })
        },
        failed: (e) => fail(e, t('deleted.failed')),
      },
    )
  }

  return <CloneDeleteButtons caps={caps} saveAll={saveAll} cloneLabel={t('clone')} deleteLabel={t('delete')} onClone={clone} onDelete={remove} />
}
