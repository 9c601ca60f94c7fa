import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus, type Res } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent } from '../../helpers/records.js'
import { makeItem, makeMenu, shape, type Item, type Menu, type Node } from './fixtures.js'

/* Menu reorder (tree mode, all or nothing) and the site's primary navigation (decisions.md "Navigation"). */

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const errorFields = (res: Res) => expectProblem(res, 400, 'VALIDATION_FAILED').errors?.map((e) => e.field) ?? []
const treeOf = async (menuId: string, s = a) => expectStatus<Node[]>(await t.as(s.keys.Read).get(`/menus/${menuId}/tree`), 200)
const itemsOf = async (menuId: string, s = a) => expectStatus<Item[]>(await t.as(s.keys.Read).get(`/menus/${menuId}/items`), 200)

/** Menu with A, B(B1, B2), C. */
async function fixture(s = a) {
  const m = await makeMenu(t, s)
  const A = await makeItem(t, s, m.id, { title: 'A' })
  const B = await makeItem(t, s, m.id, { title: 'B' })
  const C = await makeItem(t, s, m.id, { title: 'C' })
  const B1 = await makeItem(t, s, m.id, { title: 'B1', parent_id: B.id })
  const B2 = await makeItem(t, s, m.id, { title: 'B2', parent_id: B.id })
  return { m, A, B, C, B1, B2 }
}

describe('POST /menus/{menu_id}/items/reorder', () => {
  it('sets position and parent together; no item lost or duplicated; unnamed items keep their place', async () => {
    const { m, A, B, C, B1, B2 } = await fixture()
    expect(shape(await treeOf(m.id))).toBe('A, B(B1, B2), C')
    const before = await itemsOf(m.id)
    expectNoContent(
      await t.as(a.keys.Write).post(`/menus/${m.id}/items/reorder`, {
        items: [
          { id: C.id, parent_id: null, display_order: 0 },
          { id: B2.id, parent_id: null, display_order: 1 },
          { id: A.id, parent_id: B.id, display_order: 1 },
          { id: B.id, parent_id: C.id, display_order: 0 },
        ],
      }),
    )
    // B1, not named, keeps display_order 0 in B: A (1) comes after it.
    expect(shape(await treeOf(m.id))).toBe('C(B(B1, A)), B2')
    const after = await itemsOf(m.id)
    expect(after.map((i) => i.id).sort()).toEqual(before.map((i) => i.id).sort())
    expect(after.find((i) => i.id === B1.id)).toMatchObject({ parent_id: B.id, display_order: B1.display_order })
    expect(await eventsFor(t, 'navigation.updated', m.id)).toHaveLength(6)
    const [audit] = (await auditsOf(t, 'navigation_menu', m.id)).filter((r) => r.action === 'Update')
    expect((audit?.metadata as { reordered: unknown[] }).reordered).toHaveLength(4)
  })

  it("refuses, changing nothing: an item named twice, another menu's item, a parent outside the menu, a cycle, itself as parent", async () => {
    const { m, A, B, C, B1 } = await fixture()
    const other = await fixture()
    const foreignSite = await fixture(b)
    const menuBefore = expectStatus<Menu>(await t.as(a.keys.Read).get(`/menus/${m.id}`), 200)
    const before = await itemsOf(m.id)
    ;(t.clock as ManualClock).advance(1000)
    const url = `/menus/${m.id}/items/reorder`
    const bad: Array<[unknown[], string]> = [
      [
        [
          { id: A.id, display_order: 1 },
          { id: A.id, display_order: 2 },
        ],
        'items.1.id',
      ],
      [
        [
          { id: A.id, display_order: 1 },
          { id: other.A.id, display_order: 2 },
        ],
        'items.1.id',
      ],
      [[{ id: foreignSite.A.id, display_order: 0 }], 'items.0.id'],
      [[{ id: A.id, display_order: 0, parent_id: other.B.id }], 'items.0.parent_id'],
      [[{ id: B.id, display_order: 0, parent_id: B1.id }], 'items.0.parent_id'],
      [
        [
          { id: A.id, display_order: 0, parent_id: C.id },
          { id: C.id, display_order: 0, parent_id: A.id },
        ],
        'items.0.parent_id',
      ],
      [[{ id: A.id, display_order: 0, parent_id: A.id }], 'items.0.parent_id'],
      [[{ id: A.id, display_order: -1 }], 'items.0.display_order'],
      [[], 'items'],
    ]
    for (const [list, field] of bad) expect(errorFields(await t.as(a.keys.Write).post(url, { items: list })), JSON.stringify(list)).toContain(field)
    expect(await itemsOf(m.id)).toEqual(before)
    expect(expectStatus<Menu>(await t.as(a.keys.Read).get(`/menus/${m.id}`), 200)).toEqual(menuBefore)
    expect(shape(await treeOf(other.m.id))).toBe('A, B(B1, B2), C')
    expect(await eventsFor(t, 'navigation.updated', m.id)).toHaveLength(5)
  })

  it('401, 403 for a Read key, 404 through another site', async () => {
    const { m, A } = await fixture()
    const body = { items: [{ id: A.id, display_order: 3 }] }
    expectProblem(await t.as().post(`/menus/${m.id}/items/reorder`, body), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/menus/${m.id}/items/reorder`, body), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).post(`/menus/${m.id}/items/reorder`, body), 404, 'NOT_FOUND')
    expect((await itemsOf(m.id)).find((i) => i.id === A.id)?.display_order).toBe(0)
  })
})

describe('primary navigation', () => {
  it('a site without menus: GET is []; POST creates a `primary` menu with the item (navigation.created); later items go last in it', async () => {
    const s = await makeSite(t)
    expect(expectStatus<Item[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/navigation`), 200)).toEqual([])
    const first = expectStatus<Item>(
      await t.as(s.keys.Write).post(`/sites/${s.id}/navigation`, { title: 'Home', link_type: 'internal', url: '/', parent_id: 'ignored' }),
      201,
    )
    expect(first).toMatchObject({ title: 'Home', parent_id: null, display_order: 0 })
    const menus = expectStatus<Menu[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/menus`), 200)
    expect(menus).toMatchObject([{ id: first.menu_id, name: 'Primary', slug: 'primary', description: null }])
    expect(await eventsFor(t, 'navigation.created', first.menu_id)).toHaveLength(1)
    expect((await auditsOf(t, 'navigation_item', first.id))[0]?.metadata).toMatchObject({
      menu_id: first.menu_id,
      created_menu: { id: first.menu_id, slug: 'primary' },
    })
    const second = expectStatus<Item>(await t.as(s.keys.Write).post(`/sites/${s.id}/navigation`, { title: 'Blog', link_type: 'internal', url: '/blog' }), 201)
    expect(second).toMatchObject({ menu_id: first.menu_id, display_order: 1 })
    await makeItem(t, s, first.menu_id, { title: 'Nested', parent_id: first.id })
    expect(expectStatus<Item[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/navigation`), 200).map((i) => i.title)).toEqual(['Home', 'Blog'])
    expect(await eventsFor(t, 'navigation.updated', first.menu_id)).toHaveLength(2)
  })

  it('the primary menu is the one with slug `primary`, else the oldest', async () => {
    const s = await makeSite(t)
    const clock = t.clock as ManualClock
    const oldest = await makeMenu(t, s, { name: 'Footer', slug: 'footer' })
    clock.advance(1000)
    const newer = await makeMenu(t, s, { name: 'Aside' })
    await makeItem(t, s, oldest.id, { title: 'Imprint' })
    await makeItem(t, s, newer.id, { title: 'Aside link' })
    const titles = async () => expectStatus<Item[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/navigation`), 200).map((i) => i.title)
    expect(await titles()).toEqual(['Imprint'])
    const added = expectStatus<Item>(await t.as(s.keys.Write).post(`/sites/${s.id}/navigation`, { title: 'Terms', link_type: 'internal', url: '/terms' }), 201)
    expect(added.menu_id).toBe(oldest.id)
    clock.advance(1000)
    const primary = await makeMenu(t, s, { name: 'Main', slug: 'primary' })
    await makeItem(t, s, primary.id, { title: 'Start' })
    expect(await titles()).toEqual(['Start'])
    expect(
      expectStatus<Item>(await t.as(s.keys.Write).post(`/sites/${s.id}/navigation`, { title: 'Shop', link_type: 'external', url: 'https://shop.example' }), 201)
        .menu_id,
    ).toBe(primary.id)
    expect(await titles()).toEqual(['Start', 'Shop'])
    expectStatus(await t.as(s.keys.Write).put(`/menus/${primary.id}`, { slug: 'main' }), 200)
    expect(await titles()).toEqual(['Imprint', 'Terms'])
  })

  it('POST /sites/{site_id}/navigation/reorder reorders the primary menu (204); 400 for other items or a site without menus', async () => {
    const s = await makeSite(t)
    const { m, A, B, C } = await fixture(s)
    expectStatus(await t.as(s.keys.Write).put(`/menus/${m.id}`, { slug: 'primary' }), 200)
    const other = await fixture(s)
    expectNoContent(
      await t.as(s.keys.Write).post(`/sites/${s.id}/navigation/reorder`, {
        items: [
          { id: C.id, display_order: 0 },
          { id: A.id, display_order: 5, parent_id: B.id },
          { id: B.id, display_order: 2 },
        ],
      }),
    )
    expect(shape(await treeOf(m.id, s))).toBe('C, B(B1, B2, A)')
    expect(expectStatus<Item[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/navigation`), 200).map((i) => i.title)).toEqual(['C', 'B'])
    expect(errorFields(await t.as(s.keys.Write).post(`/sites/${s.id}/navigation/reorder`, { items: [{ id: other.A.id, display_order: 0 }] }))).toContain(
      'items.0.id',
    )
    const empty = await makeSite(t)
    expect(errorFields(await t.as(empty.keys.Write).post(`/sites/${empty.id}/navigation/reorder`, { items: [{ id: A.id, display_order: 0 }] }))).toContain(
      'items.0.id',
    )
    expectProblem(await t.as(s.keys.Read).post(`/sites/${s.id}/navigation/reorder`, { items: [{ id: A.id, display_order: 0 }] }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).post(`/sites/${s.id}/navigation/reorder`, { items: [{ id: A.id, display_order: 0 }] }), 404, 'NOT_FOUND')
  })

  it("validation, 401, 403 and another site's 404 on GET/POST /sites/{site_id}/navigation; nothing created", async () => {
    const s = await makeSite(t)
    expect(errorFields(await t.as(s.keys.Write).post(`/sites/${s.id}/navigation`, { title: 'x', link_type: 'external', url: '/nope' }))).toContain('url')
    expect(errorFields(await t.as(s.keys.Write).post(`/sites/${s.id}/navigation`, { link_type: 'internal', url: '/x' }))).toContain('title')
    expectProblem(await t.as().get(`/sites/${s.id}/navigation`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(s.keys.Read).post(`/sites/${s.id}/navigation`, { title: 'x', link_type: 'internal', url: '/x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).post(`/sites/${s.id}/navigation`, { title: 'x', link_type: 'internal', url: '/x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${s.id}/navigation`), 404, 'NOT_FOUND')
    expect(expectStatus<Menu[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/menus`), 200)).toEqual([])
  })
})
