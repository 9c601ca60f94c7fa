import { recordTag } from '@atrium-cms/client'
import type { SaveQueue, SaveQueueState } from '../logic/saveQueue'
import { ConflictView } from './ConflictView'
import { WhoChanged } from './history/WhoChanged'

/**
 * The conflict view of one record of an editor (the post, a localization, a page, a section…) while its save met a
 * 412 that needs a choice; nothing otherwise. Their version comes from the 412's `current`, its tag from the answer,
 * else computed as the server does (a localization's PUT answers no tag of the record it carries); who changed it
 * comes from the record's change history (`entityType`).
 */
export function RecordConflict<V extends object, R extends { id: string; updated_at: string }>({
  siteId,
  entityType,
  queue,
  state,
  title,
  valuesOf,
  label,
}: {
  siteId: string
  entityType: string
  queue: SaveQueue<V>
  /** The queue's state as the editor renders it (its queue group's snapshot). */
  state: SaveQueueState<V> | undefined
  title: string
  valuesOf: (record: R) => V
  label: (field: string) => string
}) {
  const c = state?.conflict
  if (!state || !c) return null
  const current = c.current as R
  const theirs = valuesOf(current)
  const withTag = (act: (etag: string | undefined) => void) => (c.etag !== undefined ? act(c.etag) : void recordTag(c.current).then(act))
  return (
    <ConflictView
      key={String(c.etag)}
      title={title}
      savedAt={current.updated_at}
      who={<WhoChanged siteId={siteId} entityType={entityType} entityId={current.id} />}
      base={state.savedValues}
      mine={state.values}
      theirs={theirs}
      label={label}
      onResolve={(merged) => withTag((etag) => void queue.resolveConflict({ etag, base: theirs, values: merged }))}
      onCancel={() => withTag((etag) => queue.reset({ values: theirs, etag }))}
    />
  )
}
