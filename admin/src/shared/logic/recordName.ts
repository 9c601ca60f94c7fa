/** An id as logs show it when a record has no name: its first eight characters. */
export const shortId = (id: string): string => id.slice(0, 8)

export interface RecordNameParts {
  /** The record's title, name, slug or route when the entry was written. */
  label: string | null
  /** The id's first characters, only when there is no label to speak of. */
  id: string | null
}

/** What a log entry calls its record: the `record_label` the API stored, else a short id (never both). */
export function recordNameParts(entry: { record_label?: string | null; entity_id: string | null }): RecordNameParts {
  const label = entry.record_label?.trim() ? entry.record_label.trim() : null
  return { label, id: label === null && entry.entity_id ? shortId(entry.entity_id) : null }
}
