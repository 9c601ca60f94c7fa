import { etagOf } from '@atrium-cms/client'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../../../shared/api/client'
import { HistoryButton } from '../../../shared/editor/history/HistoryDrawer'
import { restoreTarget, type RevertAdapter } from '../../../shared/editor/history/useHistoryRevert'
import { registerMessages } from '../../../shared/i18n/register'
import { blogValuesOf, editorQueries, type BlogDetail, type Loaded, type Locale, type LocValues } from './api'
import type { BlogQueues } from './useBlogQueues'

registerMessages(
  'blogHistory',
  { postSettings: 'Post settings', adminOnly: 'Reverting post settings needs the Admin role.' },
  { postSettings: 'Beitragseinstellungen', adminOnly: 'Beitragseinstellungen zurückzunehmen erfordert die Rolle Admin.' },
)

/** The localized fields the editor can put back through a locale's save queue (the endpoint does not revert them). */
const LOC_FIELDS: (keyof LocValues)[] = ['title', 'subtitle', 'excerpt', 'body', 'meta_title', 'meta_description', 'translation_status']

/** The post as it is now, with the blog's ETag (after a revert the editor takes both). */
async function fetchDetail(id: string): Promise<Loaded<BlogDetail>> {
  const res = await api().GET('/api/v1/blogs/{id}/detail', { params: { path: { id } } })
  return { data: res.data!, etag: etagOf(res) }
}

/** A record of the post: the blog, or one localization (with its locale, to find the locale's queue). */
type BlogEntity = { type: 'blog'; id: string } | { type: 'blog_localization'; id: string; localeId: string }

interface Props {
  siteId: string
  blogId: string
  locales: Locale[]
  queues: BlogQueues
  saveAll: () => Promise<{ status: string }[]>
  canEdit: boolean
}

/**
 * The post's history drawer (shared/editor/history): the blog record and its localizations. Blog changes revert
 * through POST /audit/history/revert, after which the blog queue takes the post's values AND its new ETag; localized
 * fields go back through their locale's queue.
 */
export function BlogHistoryButton({ siteId, blogId, locales, queues, saveAll, canEdit }: Props) {
  const { t } = useTranslation('blogHistory')
  const { t: th } = useTranslation('editorHistory')
  const { t: tb } = useTranslation('blogs', { keyPrefix: 'editor' })
  const queryClient = useQueryClient()
  const revert: RevertAdapter<BlogEntity> = {
    restorable: { blog_localization: LOC_FIELDS },
    saveAll,
    queueOf: (e) => {
      const q = e.type === 'blog_localization' ? queues.locs.get(e.localeId) : undefined
      return q && restoreTarget(q, LOC_FIELDS)
    },
    reload: async (endpointReverted) => {
      // A localization's save moves the blog's tag too (updated_at, reading time): take the post's tag as it is now.
      const fresh = await fetchDetail(blogId)
      if (endpointReverted || !queues.blog.getState().isDirty) queues.blog.reset({ values: blogValuesOf(fresh.data), etag: fresh.etag })
      queryClient.setQueryData(editorQueries.detail(siteId, blogId).queryKey, fresh)
    },
  }
  return (
    <HistoryButton<BlogEntity>
      siteId={siteId}
      entities={{
        key: ['blog', blogId],
        load: async () => {
          const detail = await fetchDetail(blogId)
          return [
            { type: 'blog', id: blogId },
            ...detail.data.localizations.map((l) => ({ type: 'blog_localization' as const, id: l.id, localeId: l.locale_id })),
          ]
        },
      }}
      describe={(e) => {
        const locale = e.type === 'blog_localization' ? locales.find((l) => l.id === e.localeId) : undefined
        return locale ? th('locale', { locale: locale.name }) : t('postSettings')
      }}
      fieldLabel={(f) => tb(`fields.${f}`, { defaultValue: f })}
      adminNote={t('adminOnly')}
      revert={revert}
      canEdit={canEdit}
    />
  )
}
