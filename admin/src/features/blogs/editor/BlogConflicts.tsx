import { useTranslation } from 'react-i18next'
import { RecordConflict } from '../../../shared/editor/RecordConflict'
import type { SaveQueue, SaveQueueState } from '../../../shared/logic/saveQueue'
import { blogValuesOf, locValuesOf, type BlogDetail, type BlogLocalization, type BlogValues, type LocValues } from './api'
import type { BlogQueues } from './useBlogQueues'

/** The conflict view of every record of the post whose save met a 412 that needs a choice. */
export function BlogConflicts({
  queues,
  stateOf,
  codeOf,
  siteId,
}: {
  siteId: string
  queues: BlogQueues
  stateOf: (q: SaveQueue<unknown>) => SaveQueueState<unknown> | undefined
  codeOf: (id: string) => string
}) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  const label = (f: string) => t(`fields.${f}`, { defaultValue: f })
  return (
    <>
      <RecordConflict<BlogValues, BlogDetail>
        siteId={siteId}
        entityType="blog"
        queue={queues.blog}
        state={queues.blog.getState()}
        title={t('conflict.titleBlog')}
        valuesOf={blogValuesOf}
        label={label}
      />
      {[...queues.locs].map(([id, q]) => (
        <RecordConflict<LocValues, BlogLocalization>
          key={id}
          siteId={siteId}
          entityType="blog_localization"
          queue={q}
          state={stateOf(q as SaveQueue<unknown>) as SaveQueueState<LocValues> | undefined}
          title={t('conflict.titleLocale', { locale: codeOf(id) })}
          valuesOf={locValuesOf}
          label={label}
        />
      ))}
    </>
  )
}
