import { useTranslation } from 'react-i18next'
import type { SaveQueue, SaveQueueState } from '../../../shared/logic/saveQueue'
import { blogValuesOf, locValuesOf, type BlogDetail, type BlogLocalization } from './api'
import { ConflictView } from '../../../shared/editor/ConflictView'
import { recordTag } from '../../../shared/logic/recordTag'
import { WhoChanged } from './history/WhoChanged'
import type { BlogQueues } from './useBlogQueues'

/** The conflict view of every record of the post whose save met a 412 that needs a choice. */
export function BlogConflicts({
  queues,
  stateOf,
  codeOf,
  siteId,
}: {
  siteId: string
  queues: BlogQueues; stateOf: (q: SaveQueue<unknown>) => SaveQueueState<unknown> | undefined; codeOf: (id: string) => string }) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  const label = (f: string) => t(`fields.${f}`, { defaultValue: f })
  const out = []
  const b = queues.blog.getState()
  if (b.conflict) {
    const c = b.conflict
    const theirs = blogValuesOf(c.current as BlogDetail)
    out.push(
      <ConflictView
        key={`blog-${String(c.etag)}`}
        title={t('conflict.titleBlog')}
        savedAt={(c.current as BlogDetail).updated_at}
        who={<WhoChanged siteId={siteId} entityType="blog" entityId={(c.current as BlogDetail).id} />}
        base={b.savedValues}
        mine={b.values}
        theirs={theirs}
        label={label}
        onResolve={(merged) => void queues.blog.resolveConflict({ etag: c.etag, base: theirs, values: merged })}
        onCancel={() => queues.blog.reset({ values: theirs, etag: c.etag })}
      />,
    )
  }
  for (const [id, q] of queues.locs) {
    const s = stateOf(q) as SaveQueueState<ReturnType<typeof locValuesOf>> | undefined
    if (!s?.conflict) continue
    const c = s.conflict
    const theirs = locValuesOf(c.current as BlogLocalization)
    const tag = async () => c.etag ?? (await recordTag(c.current))
    out.push(
      <ConflictView
        key={`${id}-${String(c.etag)}`}
        title={t('conflict.titleLocale', { locale: codeOf(id) })}
        savedAt={(c.current as BlogLocalization).updated_at}
        who={<WhoChanged siteId={siteId} entityType="blog_localization" entityId={(c.current as BlogLocalization).id} />}
        base={s.savedValues}
        mine={s.values}
        theirs={theirs}
        label={label}
        onResolve={(merged) => void tag().then((etag) => q.resolveConflict({ etag, base: theirs, values: merged }))}
        onCancel={() => void tag().then((etag) => q.reset({ values: theirs, etag }))}
      />,
    )
  }
  return <>{out}</>
}
