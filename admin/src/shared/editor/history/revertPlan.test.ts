import { describe, expect, it } from 'vitest'
import { groupHistory, type ChangeHistoryEntry } from '../../logic/historyDiff'
import { actorOf, canRevert, canUseRevertEndpoint, planRevert, shortId, withRestored } from './revertPlan'

const BLOG = '00000000-0000-4000-8000-00000000b10g'
const LOC = '00000000-0000-4000-8000-0000000010c1'
let n = 0
const entry = (entity_type: string, entity_id: string, field_name: string, old_value: unknown, new_value: unknown, changed_at: string): ChangeHistoryEntry => ({
  id: `c${++n}`,
  site_id: 's',
  entity_type,
  entity_id,
  field_name,
  old_value,
  new_value,
  changed_by: null,
  api_key_id: 'k1',
  changed_at,
})
const RESTORABLE = { blog_localization: ['title', 'subtitle', 'excerpt', 'body'] }

describe('planRevert', () => {
  const entries = [
    entry('blog_localization', LOC, 'title', 'First', 'Second', '2026-01-01T10:00:00.000Z'),
    entry('blog_localization', LOC, 'title', 'Second', 'Third', '2026-01-01T11:00:00.000Z'),
    entry('blog_localization', LOC, 'translation_status', 'Draft', 'Done', '2026-01-01T11:00:00.000Z'),
    entry('blog', BLOG, 'slug', 'a', 'b', '2026-01-01T12:00:00.000Z'),
    entry('blog', BLOG, 'updated_at', 'x', 'y', '2026-01-01T12:00:00.000Z'),
    entry('blog', BLOG, 'author', 'Ann', 'Bo', '2026-01-01T13:00:00.000Z'),
  ]
  const changes = groupHistory(entries)

  it('groups one write per change, newest first', () => {
    expect(changes.map((c) => c.rows.map((r) => r.field))).toEqual([['author'], ['slug', 'updated_at'], ['title', 'translation_status'], ['title']])
  })

  it('sends the revertible entity to the endpoint, one call per entity, without never-revertible fields', () => {
    const plan = planRevert([changes[0]!, changes[1]!], RESTORABLE)
    expect(plan.restore).toEqual([])
    expect(plan.endpoint).toHaveLength(1)
    expect(plan.endpoint[0]).toMatchObject({ entityType: 'blog', entityId: BLOG })
    expect(plan.endpoint[0]!.changeIds.sort()).toEqual(['c4', 'c6'])
  })

  it('restores a localization field to the old value of its earliest chosen change, restorable fields only', () => {
    expect(planRevert([changes[2]!], RESTORABLE).restore).toEqual([{ entityType: 'blog_localization', entityId: LOC, values: { title: 'Second' } }])
    expect(planRevert([changes[2]!, changes[3]!], RESTORABLE).restore).toEqual([{ entityType: 'blog_localization', entityId: LOC, values: { title: 'First' } }])
  })

  it('canRevert: a change with nothing the editor can put back is not offered', () => {
    const statusOnly = groupHistory([entry('blog_localization', LOC, 'translation_status', 'Draft', 'Done', '2026-01-02T00:00:00.000Z')])[0]!
    expect(canRevert(statusOnly, RESTORABLE)).toBe(false)
    expect(canRevert(changes[2]!, RESTORABLE)).toBe(true)
    expect(canRevert(changes[0]!, RESTORABLE)).toBe(true)
    const stamp = groupHistory([entry('blog', BLOG, 'updated_at', 'x', 'y', '2026-01-02T00:00:00.000Z')])[0]!
    expect(canRevert(stamp, RESTORABLE)).toBe(false)
  })
})

describe('a page section (not revertible through the endpoint): restored through its queue', () => {
  const SEC = '00000000-0000-4000-8000-0000000005ec'
  const SECTION = { page_section: ['section_type', 'cover_image_id', 'call_to_action_route', 'settings'] }
  const changes = groupHistory([
    entry('page_section', SEC, 'settings', { align: 'left' }, { align: 'center', columns: 2 }, '2026-01-03T10:00:00.000Z'),
    entry('page_section', SEC, 'display_order', 0, 1, '2026-01-03T11:00:00.000Z'),
    entry('page_section', SEC, 'cover_image_id', null, 'm1', '2026-01-03T12:00:00.000Z'),
  ])

  it('an object field restores key by key; a field not listed is not offered', () => {
    expect(canRevert(changes[1]!, SECTION)).toBe(false)
    expect(planRevert([changes[2]!], SECTION).restore).toEqual([
      { entityType: 'page_section', entityId: SEC, values: { 'settings.align': 'left', 'settings.columns': null } },
    ])
    expect(planRevert([changes[0]!], SECTION).restore).toEqual([{ entityType: 'page_section', entityId: SEC, values: { cover_image_id: null } }])
  })

  it('withRestored: text nulls become empty text, object keys are set or removed, unknown fields left out', () => {
    const current = { section_type: 'cta', cover_image_id: 'm1', call_to_action_route: '/a', settings: { align: 'center', columns: 2 } }
    expect(
      withRestored(current, { 'settings.align': 'left', 'settings.columns': null, cover_image_id: null, call_to_action_route: null, nope: 1 }, [
        'section_type',
        'call_to_action_route',
      ]),
    ).toEqual({
      section_type: 'cta',
      cover_image_id: null,
      call_to_action_route: '',
      settings: { align: 'left' },
    })
    expect(current.settings).toEqual({ align: 'center', columns: 2 })
  })
})

describe('actorOf', () => {
  it('user, then key, then the service', () => {
    expect(actorOf({ changedBy: 'u', apiKeyId: 'k' })).toEqual({ kind: 'user', id: 'u' })
    expect(actorOf({ changedBy: null, apiKeyId: 'k' })).toEqual({ kind: 'apiKey', id: 'k' })
    expect(actorOf({ changedBy: null, apiKeyId: null })).toEqual({ kind: 'system' })
    expect(shortId('0192ab34-cd56-7ef0-8123-456789abcdef')).toBe('89abcdef')
  })
})

describe('canUseRevertEndpoint', () => {
  const key = (permission: 'Read' | 'Write' | 'Admin' | 'Master', site_id: string | null = null) => ({
    auth_method: 'api_key' as const,
    permission,
    site_id,
    idp_user_id: null,
    memberships: null,
    is_system_admin: null,
  })
  it('Admin or Master keys of the site or unscoped; site Admins and Owners', () => {
    expect(canUseRevertEndpoint(key('Master'), 's')).toBe(true)
    expect(canUseRevertEndpoint(key('Admin', 's'), 's')).toBe(true)
    expect(canUseRevertEndpoint(key('Admin', 'other'), 's')).toBe(false)
    expect(canUseRevertEndpoint(key('Write'), 's')).toBe(false)
    const jwt = (role: 'Owner' | 'Editor') => ({
      auth_method: 'jwt' as const,
      permission: null,
      site_id: null,
      idp_user_id: 'x',
      memberships: [{ site_id: 's', role }],
      is_system_admin: false,
    })
    expect(canUseRevertEndpoint(jwt('Owner'), 's')).toBe(true)
    expect(canUseRevertEndpoint(jwt('Editor'), 's')).toBe(false)
    expect(canUseRevertEndpoint(undefined, 's')).toBe(false)
  })
})
