import { describe, expect, it } from 'vitest'
import type { NavigationItemRow } from '../../../src/db/schema/navigation.js'
import { nest } from '../../../src/modules/navigation/tree.service.js'
import { shape } from './fixtures.js'

const row = (id: string, parent_id: string | null, extra: Partial<NavigationItemRow> = {}): NavigationItemRow => ({
  id,
  menu_id: 'm',
  parent_id,
  title: id.toUpperCase(),
  link_type: 'internal',
  url: `/${id}`,
  page_id: null,
  icon: null,
  open_in_new_tab: false,
  display_order: 0,
  created_at: new Date(0),
  updated_at: new Date(0),
  ...extra,
})

describe('nest (tree building)', () => {
  it('keeps the given sibling order, localizes titles, resolves page routes', () => {
    const rows = [row('a', null), row('b', 'a'), row('c', null, { link_type: 'page', url: null, page_id: 'p1' }), row('d', 'b'), row('e', 'a')]
    const nodes = nest(rows, new Map([['b', 'Bee']]), new Map([['p1', '/docs/intro']]))
    expect(shape(nodes)).toBe('A(Bee(D), E), C')
    expect(nodes[1]).toMatchObject({ page_slug: 'docs/intro', external_url: null })
    expect(nodes[0]).toMatchObject({ page_slug: 'a' })
  })

  it('leaves out rows in a cycle or under a missing parent instead of looping', () => {
    const nodes = nest([row('a', null), row('x', 'y'), row('y', 'x'), row('z', 'gone')], new Map(), new Map())
    expect(shape(nodes)).toBe('A')
  })
})
