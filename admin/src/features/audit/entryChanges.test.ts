import { describe, expect, it } from 'vitest'
import { changesOfEntry, mayHaveChanges } from './entryChanges'

const E = '11111111-1111-4111-8111-111111111111'
const K = '22222222-2222-4222-8222-222222222222'
const entry = {
  id: 'a1',
  site_id: 's',
  user_id: null,
  api_key_id: K,
  action: 'Update',
  entity_type: 'site',
  entity_id: E,
  record_label: null,
  metadata: null,
  created_at: '2026-11-27T10:00:00.123Z',
}
const h = (id: string, field: string, before: unknown, after: unknown, at = entry.created_at, key: string | null = K) => ({
  id,
  site_id: 's',
  entity_type: 'site',
  entity_id: E,
  field_name: field,
  old_value: before,
  new_value: after,
  changed_by: null,
  api_key_id: key,
  changed_at: at,
})

describe('changesOfEntry', () => {
  it('picks the rows of the same write (instant and actor) as one change, revertible for a revertible type', () => {
    const change = changesOfEntry(entry, [
      h('c1', 'name', 'Old', 'New'),
      h('c2', 'description', null, 'Hi'),
      h('c3', 'name', 'Older', 'Old', '2026-11-26T09:00:00.000Z'),
      h('c4', 'name', 'x', 'y', entry.created_at, null),
    ])
    expect(change?.rows.map((r) => r.field)).toEqual(['name', 'description'])
    expect(change?.changeIds).toEqual(['c1', 'c2'])
    expect(change?.rows[0]?.kind).toBe('text')
  })
  it('null when the write changed no field', () => {
    expect(changesOfEntry(entry, [h('c3', 'name', 'Older', 'Old', '2026-11-26T09:00:00.000Z')])).toBeNull()
  })
  it('entries without a record or of reads have nothing to show', () => {
    expect(mayHaveChanges(entry)).toBe(true)
    expect(mayHaveChanges({ ...entry, action: 'Delete' })).toBe(false)
    expect(mayHaveChanges({ ...entry, entity_id: null })).toBe(false)
  })
})
