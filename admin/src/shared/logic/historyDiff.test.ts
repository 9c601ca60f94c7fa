import { describe, expect, it } from 'vitest'
import { groupHistory, historyRows, lastChangesSince, type ChangeHistoryEntry } from './historyDiff.js'

let seq = 0
const entry = (over: Partial<ChangeHistoryEntry>): ChangeHistoryEntry => {
  seq += 1
  return {
    id: `c${seq}`,
    site_id: 's1',
    entity_type: 'blog',
    entity_id: 'b1',
    field_name: 'slug',
    old_value: null,
    new_value: null,
    changed_by: 'u1',
    api_key_id: null,
    changed_at: '2026-11-27T09:00:00.000Z',
    ...over,
  }
}

describe('historyRows', () => {
  it('a text field gets a word diff', () => {
    const [r] = historyRows(entry({ field_name: 'title', entity_type: 'blog_localization', old_value: 'Hello world', new_value: 'Hello there world' }))
    expect(r).toMatchObject({ field: 'title', before: 'Hello world', after: 'Hello there world', kind: 'text', revertible: false })
    expect(r?.parts).toEqual([
      { op: 'equal', text: 'Hello ' },
      { op: 'insert', text: 'there ' },
      { op: 'equal', text: 'world' },
    ])
  })

  it('null to text is a text row; a boolean is a value row', () => {
    expect(historyRows(entry({ field_name: 'excerpt', old_value: null, new_value: 'New' }))[0]).toMatchObject({
      kind: 'text',
      parts: [{ op: 'insert', text: 'New' }],
    })
    expect(historyRows(entry({ field_name: 'is_featured', old_value: false, new_value: true }))[0]).toMatchObject({
      kind: 'value',
      before: false,
      after: true,
      revertible: true,
    })
  })

  it('an id array is a set row', () => {
    expect(historyRows(entry({ field_name: 'site_ids', old_value: ['a', 'b'], new_value: ['b', 'c'] }))[0]).toMatchObject({
      kind: 'set',
      added: ['c'],
      removed: ['a'],
    })
  })

  it('an object value becomes one row per changed key', () => {
    const rows = historyRows(
      entry({
        entity_type: 'site',
        field_name: 'settings',
        old_value: { theme: 'light', feed_path: '/rss.xml' },
        new_value: { theme: 'dark', feed_path: '/rss.xml', extra: 1 },
      }),
    )
    expect(rows.map((r) => [r.field, r.before, r.after])).toEqual([
      ['settings.theme', 'light', 'dark'],
      ['settings.extra', null, 1],
    ])
  })

  it('never-revertible fields and entity types are marked', () => {
    expect(historyRows(entry({ field_name: 'published_at', old_value: null, new_value: '2026-11-27T09:00:00Z' }))[0]?.revertible).toBe(false)
    expect(historyRows(entry({ entity_type: 'tag', field_name: 'name', old_value: 'a', new_value: 'b' }))[0]?.revertible).toBe(false)
  })
})

describe('groupHistory', () => {
  it('groups the fields of one write, newest first, across the blog and its localizations', () => {
    const t1 = '2026-11-27T09:00:00.000Z'
    const t2 = '2026-11-27T09:05:00.000Z'
    const blog = [
      entry({ changed_at: t2, field_name: 'slug', old_value: 'a', new_value: 'b' }),
      entry({ changed_at: t2, field_name: 'is_featured', old_value: false, new_value: true }),
      entry({ changed_at: t1, field_name: 'status', old_value: 'Draft', new_value: 'InReview' }),
    ]
    const loc = [entry({ changed_at: t2, entity_type: 'blog_localization', entity_id: 'l1', field_name: 'title', old_value: 'x', new_value: 'y' })]
    const groups = groupHistory([...blog, ...loc])
    expect(groups.map((g) => [g.entityType, g.changedAt, g.rows.map((r) => r.field)])).toEqual([
      ['blog', t2, ['slug', 'is_featured']],
      ['blog_localization', t2, ['title']],
      ['blog', t1, ['status']],
    ])
    expect(groups[0]?.changeIds).toEqual([blog[0]?.id, blog[1]?.id])
    expect(groups[1]?.changeIds).toEqual([]) // blog_localization is not a revertible type
  })

  it('separates two actors writing in the same instant', () => {
    const at = '2026-11-27T09:00:00.000Z'
    const groups = groupHistory([entry({ changed_at: at, changed_by: 'u1' }), entry({ changed_at: at, changed_by: null, api_key_id: 'k1' })])
    expect(groups).toHaveLength(2)
    expect(groups[1]).toMatchObject({ changedBy: null, apiKeyId: 'k1' })
  })
})

describe('lastChangesSince', () => {
  it('names who last changed each field after the loaded version', () => {
    const entries = [
      entry({ field_name: 'slug', changed_at: '2026-11-27T08:00:00.000Z', changed_by: 'old' }),
      entry({ field_name: 'slug', changed_at: '2026-11-27T09:10:00.000Z', changed_by: 'u2' }),
      entry({ field_name: 'slug', changed_at: '2026-11-27T09:20:00.000Z', changed_by: 'u3' }),
      entry({ field_name: 'title', entity_id: 'l1', changed_at: '2026-11-27T09:15:00.000Z', changed_by: 'u2' }),
    ]
    const last = lastChangesSince(entries, '2026-11-27T09:00:00Z')
    expect(last.get('slug')?.changedBy).toBe('u3')
    expect(last.get('title')?.changedBy).toBe('u2')
    expect(lastChangesSince(entries, '2026-11-27T09:00:00Z', true).has('l1:title')).toBe(true)
    expect(lastChangesSince(entries, '2026-11-27T09:30:00Z').size).toBe(0)
  })
})
