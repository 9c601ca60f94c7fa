import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReadDb } from '../../../src/db/client.js'
import { loadTree } from '../../../src/modules/navigation/tree.service.js'
import { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus, type Res } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf } from '../../helpers/records.js'
import { createPage } from '../pages/fixtures.js'
import { makeItem, makeMenu, shape, type Item, type Menu, type Node } from './fixtures.js'

/* Navigation items (spec "Navigation", decisions.md "Navigation"): CRUD, link rules, tree moves, children on delete. */

let t: TestApp
let a: SiteFixture
let b: SiteFixture
/** A page of site a that page items link to. */
let pageId: string
const clock = () => t.clock as ManualClock
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
  pageId = (await createPage(t, a)).id
})
afterAll(() => t.close())

const errorFields = (res: Res) => expectProblem(res, 400, 'VALIDATION_FAILED').errors?.map((e) => e.field) ?? []
const items = async (menuId: string, s = a) => expectStatus<Item[]>(await t.as(s.keys.Read).get(`/menus/${menuId}/items`), 200)
const tree = async (menuId: string, query = '') => expectStatus<Node[]>(await t.as(a.keys.Read).get(`/menus/${menuId}/tree${query}`), 200)

describe('POST /menus/{menu_id}/items', () => {
  it('creates with defaults, goes last among its siblings, audits, fires navigation.updated with the menu and moves its updated_at', async () => {
    const m = await makeMenu(t, a)
    clock().advance(1000)
    const first = await makeItem(t, a, m.id, { title: ' Home ', url: '/' })
    expect(first).toMatchObject({
      menu_id: m.id,
      parent_id: null,
      title: 'Home',
      link_type: 'internal',
      url: '/',
      page_id: null,
      icon: null,
      open_in_new_tab: false,
      display_order: 0,
    })
    const second = await makeItem(t, a, m.id, { link_type: 'external', url: 'https://example.org/docs', icon: 'book', open_in_new_tab: true })
    expect(second).toMatchObject({ display_order: 1, icon: 'book', open_in_new_tab: true })
    const placed = await makeItem(t, a, m.id, { display_order: 7 })
    expect(placed.display_order).toBe(7)
    expect((await makeItem(t, a, m.id)).display_order).toBe(8)
    expect((await makeItem(t, a, m.id, { parent_id: first.id })).display_order).toBe(0)

    expect((await auditsOf(t, 'navigation_item', first.id)).map((r) => r.action)).toEqual(['Create'])
    expect(await eventsFor(t, 'navigation.updated', m.id)).toHaveLength(5)
    const menu = expectStatus<Menu>(await t.as(a.keys.Read).get(`/menus/${m.id}`), 200)
    expect(new Date(menu.updated_at).getTime()).toBeGreaterThan(new Date(m.updated_at).getTime())
  })

  it('refuses links that do not fit their type, bad parents and orders (400 naming the field) and writes nothing', async () => {
    const m = await makeMenu(t, a)
    const other = await makeMenu(t, a)
    const foreign = await makeItem(t, a, other.id)
    const kept = await makeItem(t, a, m.id)
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x', link_type: 'external', url: '/relative' }, 'url'],
      [{ title: 'x', link_type: 'external', url: 'javascript:alert(1)' }, 'url'],
      [{ title: 'x', link_type: 'external', url: 'ftp://example.org/file' }, 'url'],
      [{ title: 'x', link_type: 'external' }, 'url'],
      [{ title: 'x', link_type: 'external', url: 'https://example.org', page_id: MISSING_ID }, 'page_id'],
      [{ title: 'x', link_type: 'internal', url: 'about' }, 'url'],
      [{ title: 'x', link_type: 'internal', url: '//evil.example/path' }, 'url'],
      [{ title: 'x', link_type: 'internal', url: 'https://example.org' }, 'url'],
      [{ title: 'x', link_type: 'internal' }, 'url'],
      [{ title: 'x', link_type: 'page' }, 'page_id'],
      [{ title: 'x', link_type: 'page', page_id: MISSING_ID, url: '/about' }, 'url'],
      [{ title: 'x', link_type: 'page', page_id: 'not-a-uuid' }, 'page_id'],
      [{ title: 'x', link_type: 'mailto', url: 'mailto:a@b.c' }, 'link_type'],
      [{ link_type: 'internal', url: '/x' }, 'title'],
      [{ title: '  ', link_type: 'internal', url: '/x' }, 'title'],
      [{ title: 'x', link_type: 'internal', url: '/x', display_order: -1 }, 'display_order'],
      [{ title: 'x', link_type: 'internal', url: '/x', display_order: 1.5 }, 'display_order'],
      [{ title: 'x', link_type: 'internal', url: '/x', parent_id: foreign.id }, 'parent_id'],
      [{ title: 'x', link_type: 'internal', url: '/x', parent_id: MISSING_ID }, 'parent_id'],
      [{ title: 'x', link_type: 'internal', url: '/x', open_in_new_tab: 'yes' }, 'open_in_new_tab'],
    ]
    for (const [body, field] of bad) expect(errorFields(await t.as(a.keys.Write).post(`/menus/${m.id}/items`, body)), JSON.stringify(body)).toContain(field)
    expect((await items(m.id)).map((i) => i.id)).toEqual([kept.id])
    expect(await eventsFor(t, 'navigation.updated', m.id)).toHaveLength(1)
  })

  it('401 without a key, 403 for a Read key, 404 for another site or an unknown menu', async () => {
    const m = await makeMenu(t, a)
    const body = { title: 'x', link_type: 'internal', url: '/x' }
    expectProblem(await t.as().post(`/menus/${m.id}/items`, body), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/menus/${m.id}/items`, body), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).post(`/menus/${m.id}/items`, body), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Master).post(`/menus/${MISSING_ID}/items`, body), 404, 'NOT_FOUND')
    expect(await items(m.id)).toEqual([])
  })
})

describe('reading items', () => {
  it('GET /menus/{menu_id}/items is flat: roots first, then by parent, each group by display_order', async () => {
    const m = await makeMenu(t, a)
    const r2 = await makeItem(t, a, m.id, { title: 'R2', display_order: 2 })
    const r1 = await makeItem(t, a, m.id, { title: 'R1', display_order: 1 })
    const c1b = await makeItem(t, a, m.id, { title: 'C1b', parent_id: r1.id, display_order: 5 })
    const c1a = await makeItem(t, a, m.id, { title: 'C1a', parent_id: r1.id, display_order: 3 })
    const c2 = await makeItem(t, a, m.id, { title: 'C2', parent_id: r2.id })
    const list = await items(m.id)
    expect(list.slice(0, 2).map((i) => i.title)).toEqual(['R1', 'R2'])
    const byParent = (p: string) => list.filter((i) => i.parent_id === p).map((i) => i.title)
    expect(byParent(r1.id)).toEqual(['C1a', 'C1b'])
    expect(byParent(r2.id)).toEqual(['C2'])
    const groups = list.slice(2).map((i) => i.parent_id)
    expect(groups.indexOf(r1.id) === groups.lastIndexOf(r1.id) - 1).toBe(true)
    expect(list).toHaveLength(5)
    expect(list.find((i) => i.id === c1a.id)).toEqual(c1a)
    expect([c1b.id, c2.id].every((id) => list.some((i) => i.id === id))).toBe(true)
  })

  it('GET /navigation/{id} and /navigation/{parent_id}/children; 401, 404 through another site or for an unknown id', async () => {
    const m = await makeMenu(t, a)
    const root = await makeItem(t, a, m.id)
    const y = await makeItem(t, a, m.id, { parent_id: root.id, title: 'Y', display_order: 2 })
    const x = await makeItem(t, a, m.id, { parent_id: root.id, title: 'X', display_order: 1 })
    expect(expectStatus<Item>(await t.as(a.keys.Read).get(`/navigation/${root.id}`), 200)).toEqual(root)
    expect(expectStatus<Item[]>(await t.as(a.keys.Read).get(`/navigation/${root.id}/children`), 200)).toEqual([x, y])
    expect(expectStatus<Item[]>(await t.as(a.keys.Read).get(`/navigation/${x.id}/children`), 200)).toEqual([])
    expectProblem(await t.as().get(`/navigation/${root.id}`), 401, 'UNAUTHENTICATED')
    for (const url of [`/navigation/${root.id}`, `/navigation/${root.id}/children`, `/menus/${m.id}/items`, `/menus/${m.id}/tree`]) {
      expectProblem(await t.as(b.keys.Master).get(url), 404, 'NOT_FOUND')
    }
    expectProblem(await t.as(a.keys.Read).get(`/navigation/${MISSING_ID}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/navigation/${MISSING_ID}/children`), 404, 'NOT_FOUND')
  })
})

describe('PUT /navigation/{id}', () => {
  it('updates partially with change history; null clears icon; a new link type drops what it does not use', async () => {
    const m = await makeMenu(t, a)
    const it0 = await makeItem(t, a, m.id, { icon: 'home' })
    const upd = expectStatus<Item>(await t.as(a.keys.Write).put(`/navigation/${it0.id}`, { title: 'Renamed', icon: null, open_in_new_tab: true }), 200)
    expect(upd).toMatchObject({ title: 'Renamed', icon: null, open_in_new_tab: true, url: it0.url, display_order: it0.display_order })
    expect(await historyOf(t, 'navigation_item', it0.id, 'title')).toHaveLength(1)
    const asPage = expectStatus<Item>(await t.as(a.keys.Write).put(`/navigation/${it0.id}`, { link_type: 'page', page_id: pageId }), 200)
    expect(asPage).toMatchObject({ link_type: 'page', url: null, page_id: pageId })
    const asExternal = expectStatus<Item>(await t.as(a.keys.Write).put(`/navigation/${it0.id}`, { link_type: 'external', url: 'https://example.org' }), 200)
    expect(asExternal).toMatchObject({ link_type: 'external', url: 'https://example.org', page_id: null })
    expect(errorFields(await t.as(a.keys.Write).put(`/navigation/${it0.id}`, { link_type: 'internal' }))).toContain('url')
    expect(errorFields(await t.as(a.keys.Write).put(`/navigation/${it0.id}`, { url: '/local' }))).toContain('url')
    expect(errorFields(await t.as(a.keys.Write).put(`/navigation/${it0.id}`, {}))).not.toHaveLength(0)
    expect(expectStatus<Item>(await t.as(a.keys.Read).get(`/navigation/${it0.id}`), 200)).toEqual(asExternal)
  })

  it("moves under another item (last among the new siblings); refuses itself, a descendant (cycle) or another menu's item", async () => {
    const m = await makeMenu(t, a)
    const [r1, r2] = [await makeItem(t, a, m.id, { title: 'R1' }), await makeItem(t, a, m.id, { title: 'R2' })]
    const c = await makeItem(t, a, m.id, { title: 'C', parent_id: r1.id })
    const g = await makeItem(t, a, m.id, { title: 'G', parent_id: c.id })
    await makeItem(t, a, m.id, { title: 'D', parent_id: r2.id })
    const foreign = await makeItem(t, a, (await makeMenu(t, a)).id)
    const before = await tree(m.id)
    for (const parent_id of [r1.id, c.id, g.id, foreign.id, MISSING_ID]) {
      expect(errorFields(await t.as(a.keys.Write).put(`/navigation/${r1.id}`, { parent_id })), parent_id).toContain('parent_id')
    }
    expect(await tree(m.id)).toEqual(before)
    const moved = expectStatus<Item>(await t.as(a.keys.Write).put(`/navigation/${c.id}`, { parent_id: r2.id }), 200)
    expect(moved).toMatchObject({ parent_id: r2.id, display_order: 1 })
    expect(shape(await tree(m.id))).toBe('R1, R2(D, C(G))')
    expect(expectStatus<Item>(await t.as(a.keys.Write).put(`/navigation/${c.id}`, { parent_id: null }), 200).display_order).toBe(2)
    expect(shape(await tree(m.id))).toBe('R1, R2(D), C(G)')
    expectStatus(await t.as(a.keys.Write).put(`/navigation/${g.id}`, { parent_id: null, display_order: 1 }), 200)
    expectStatus(await t.as(a.keys.Write).put(`/navigation/${r2.id}`, { display_order: 5 }), 200)
    expect(shape(await tree(m.id))).toBe('R1, G, C, R2(D)')
  })

  it('403 for a Read key, 404 through another site', async () => {
    const it0 = await makeItem(t, a, (await makeMenu(t, a)).id)
    expectProblem(await t.as(a.keys.Read).put(`/navigation/${it0.id}`, { title: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).put(`/navigation/${it0.id}`, { title: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as().put(`/navigation/${it0.id}`, { title: 'x' }), 401, 'UNAUTHENTICATED')
    expect((await auditsOf(t, 'navigation_item', it0.id)).map((r) => r.action)).toEqual(['Create'])
  })
})

describe('DELETE /navigation/{id}', () => {
  it('moves the children up into its place, keeping their order and subtrees', async () => {
    const m = await makeMenu(t, a)
    await makeItem(t, a, m.id, { title: 'A' })
    const gone = await makeItem(t, a, m.id, { title: 'B' })
    await makeItem(t, a, m.id, { title: 'C' })
    await makeItem(t, a, m.id, { title: 'B1', parent_id: gone.id })
    const b2 = await makeItem(t, a, m.id, { title: 'B2', parent_id: gone.id })
    await makeItem(t, a, m.id, { title: 'B2x', parent_id: b2.id })
    await makeItem(t, a, m.id, { title: 'B3', parent_id: gone.id })
    expect(shape(await tree(m.id))).toBe('A, B(B1, B2(B2x), B3), C')
    expectProblem(await t.as(a.keys.Read).delete(`/navigation/${gone.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/navigation/${gone.id}`), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/navigation/${gone.id}`))
    expect(shape(await tree(m.id))).toBe('A, B1, B2(B2x), B3, C')
    expect((await items(m.id)).filter((i) => i.parent_id === null).map((i) => i.display_order)).toEqual([0, 1, 2, 3, 4])
    expectProblem(await t.as(a.keys.Read).get(`/navigation/${gone.id}`), 404, 'NOT_FOUND')
    const [audit] = (await auditsOf(t, 'navigation_item', gone.id)).filter((r) => r.action === 'Delete')
    expect((audit?.metadata as { moved_children: string[] }).moved_children).toHaveLength(3)
    expectProblem(await t.as(a.keys.Write).delete(`/navigation/${gone.id}`), 404, 'NOT_FOUND')
  })
})

describe('GET /menus/{menu_id}/tree', () => {
  it('nests three levels in display order with external_url and page_slug', async () => {
    const m = await makeMenu(t, a)
    const docs = await makeItem(t, a, m.id, { title: 'Docs', url: '/docs', display_order: 1 })
    const home = await makeItem(t, a, m.id, { title: 'Home', url: '/', display_order: 0 })
    const guide = await makeItem(t, a, m.id, { title: 'Guide', url: '/docs/guide', parent_id: docs.id })
    const ext = await makeItem(t, a, m.id, {
      title: 'Spec',
      link_type: 'external',
      url: 'https://spec.example/x',
      parent_id: guide.id,
      open_in_new_tab: true,
      icon: 'link',
    })
    const nodes = await tree(m.id)
    expect(shape(nodes)).toBe('Home, Docs(Guide(Spec))')
    expect(nodes[0]).toEqual({
      id: home.id,
      title: 'Home',
      link_type: 'internal',
      url: '/',
      page_id: null,
      icon: null,
      open_in_new_tab: false,
      display_order: 0,
      external_url: null,
      page_slug: '',
      children: [],
    })
    expect(nodes[1]?.children[0]).toMatchObject({ id: guide.id, page_slug: 'docs/guide', external_url: null })
    expect(nodes[1]?.children[0]?.children[0]).toEqual({
      id: ext.id,
      title: 'Spec',
      link_type: 'external',
      url: 'https://spec.example/x',
      page_id: null,
      icon: 'link',
      open_in_new_tab: true,
      display_order: 0,
      external_url: 'https://spec.example/x',
      page_slug: null,
      children: [],
    })
    expect(await tree((await makeMenu(t, a)).id)).toEqual([])
  })

  it('?locale= (code or id) picks localized titles, each falling back to the default-locale title; unknown locales fall back, malformed ones are 400', async () => {
    const m = await makeMenu(t, a)
    const root = await makeItem(t, a, m.id, { title: 'About' })
    await makeItem(t, a, m.id, { title: 'Team', parent_id: root.id })
    expectStatus(await t.as(a.keys.Write).put(`/navigation/${root.id}/localizations`, { locale: 'de', title: 'Über uns' }), 201)
    const de = a.locales.find((l) => l.code === 'de')!
    expect(shape(await tree(m.id))).toBe('About(Team)')
    expect(shape(await tree(m.id, '?locale=de'))).toBe('Über uns(Team)')
    expect(shape(await tree(m.id, '?locale=DE'))).toBe('Über uns(Team)')
    expect(shape(await tree(m.id, `?locale=${de.id}`))).toBe('Über uns(Team)')
    expect(shape(await tree(m.id, '?locale=en'))).toBe('About(Team)')
    expect(shape(await tree(m.id, '?locale=fr'))).toBe('About(Team)')
    const otherSiteLocale = b.locales.find((l) => l.code === 'de')!
    expect(shape(await tree(m.id, `?locale=${otherSiteLocale.id}`))).toBe('About(Team)')
    expect(errorFields(await t.as(a.keys.Read).get(`/menus/${m.id}/tree?locale=${encodeURIComponent('not a locale!')}`))).toContain('locale')
    expectProblem(await t.as().get(`/menus/${m.id}/tree`), 401, 'UNAUTHENTICATED')
  })
})

describe('tree loading', () => {
  it('reads a whole menu in at most three queries (items, localized titles, page routes), however many nodes it has', async () => {
    const m = await makeMenu(t, a)
    let parent: string | undefined
    for (let level = 0; level < 4; level++) {
      const made = [await makeItem(t, a, m.id, parent ? { parent_id: parent } : {}), await makeItem(t, a, m.id, parent ? { parent_id: parent } : {})]
      await makeItem(t, a, m.id, { link_type: 'page', url: null, page_id: pageId, ...(parent ? { parent_id: parent } : {}) })
      parent = made[0]!.id
    }
    let queries = 0
    const counting = new Proxy(t.dbh.db, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver) as unknown
        if ((prop === 'select' || prop === 'execute') && typeof v === 'function') {
          return (...args: unknown[]) => {
            queries++
            return (v as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
        return v
      },
    }) as unknown as ReadDb
    const nodes = await loadTree(counting, a.id, m.id, { code: 'de' })
    expect(nodes).toHaveLength(3)
    expect(queries).toBeGreaterThanOrEqual(2)
    expect(queries).toBeLessThanOrEqual(3)
  })
})

/* What is particular to item titles; the kit's contract (upsert by code or id, list order, 400, 401, 403, 404, audit,
   navigation.updated) is in localizations-contract.test.ts. */
describe('item localizations', () => {
  it('a row is exactly id, navigation_item_id, locale_id and title, created (201) and replaced (200) in place', async () => {
    const item = await makeItem(t, a, (await makeMenu(t, a)).id, { title: 'Contact' })
    const de = a.locales.find((l) => l.code === 'de')!
    const created = expectStatus<{ id: string }>(await t.as(a.keys.Write).put(`/navigation/${item.id}/localizations`, { locale: 'de', title: 'Kontakt' }), 201)
    expect(created).toEqual({ id: created.id, navigation_item_id: item.id, locale_id: de.id, title: 'Kontakt' })
    const replaced = expectStatus(await t.as(a.keys.Write).put(`/navigation/${item.id}/localizations`, { locale_id: de.id, title: 'Kontaktieren' }), 200)
    expect(replaced).toEqual({ id: created.id, navigation_item_id: item.id, locale_id: de.id, title: 'Kontaktieren' })
  })

  it('400 naming title when it is missing or blank; nothing written', async () => {
    const item = await makeItem(t, a, (await makeMenu(t, a)).id)
    const url = `/navigation/${item.id}/localizations`
    expect(errorFields(await t.as(a.keys.Write).put(url, { locale: 'de' }))).toContain('title')
    expect(errorFields(await t.as(a.keys.Write).put(url, { locale: 'de', title: '  ' }))).toContain('title')
    expect(expectStatus<unknown[]>(await t.as(a.keys.Read).get(url), 200)).toEqual([])
  })
})

describe('names', () => {
  it('uid keeps fixtures apart', () => expect(uid()).not.toBe(uid()))
})
