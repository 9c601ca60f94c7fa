import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { navigationItemLocalizations, navigationItems } from '../../../src/db/schema/navigation.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent } from '../../helpers/records.js'
import { describeSiteResource } from '../../helpers/resource-suite.js'
import { makeItem, makeMenu, type Menu } from './fixtures.js'

/* Menus (spec "Navigation"): the site-resource contract, then what is particular to menus. */
describeSiteResource({
  name: 'navigation menu',
  path: 'menus',
  entity: 'navigation_menu',
  events: 'navigation',
  createIn: 'path',
  list: 'all',
  create: (n) => ({ name: `Menu ${n}`, description: 'Links' }),
  update: { body: { name: 'Renamed menu', description: 'Other links' }, field: 'name' },
  nullable: ['description'],
  invalid: [
    { body: { description: 'x' }, field: 'name' },
    { body: { name: ' ' }, field: 'name' },
    { body: { name: 'x', slug: 'Not A Slug' }, field: 'slug' },
    { body: { name: 'x', description: 'd'.repeat(5001) }, field: 'description' },
    { body: { slug: '-bad-' }, field: 'slug', on: 'update' },
  ],
  levels: { write: 'Write', delete: 'Write' },
})

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

describe('menus: slugs', () => {
  it('derives the slug from the name, keeps a given one, and answers 409 for a given slug taken in the site only (a generated one is numbered)', async () => {
    const main = await makeMenu(t, a, { name: 'Main Navigation ' })
    expect(main).toMatchObject({ name: 'Main Navigation', slug: 'main-navigation', description: null, site_id: a.id })
    expect(await makeMenu(t, a, { name: 'Bottom', slug: 'footer' })).toMatchObject({ slug: 'footer' })
    expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/menus`, { name: 'Footer 2', slug: 'footer' }), 409, 'CONFLICT')
    // A generated slug that is taken is numbered (decisions.md "Content"); only a slug the client sent is a 409.
    expect(await makeMenu(t, a, { name: 'Main navigation' })).toMatchObject({ slug: 'main-navigation-2' })
    expectProblem(await t.as(a.keys.Write).put(`/menus/${main.id}`, { slug: 'footer' }), 409, 'CONFLICT')
    expect(await makeMenu(t, b, { name: 'Bottom', slug: 'footer' })).toMatchObject({ slug: 'footer', site_id: b.id })
  })

  it('GET /sites/{site_id}/menus/slug/{slug}: the menu, 404 for an unknown slug or another site, 401 without a key', async () => {
    const m = await makeMenu(t, a, { name: 'Lookup me' })
    expect(expectStatus<Menu>(await t.as(a.keys.Read).get(`/sites/${a.id}/menus/slug/lookup-me`), 200)).toEqual(m)
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/menus/slug/nope`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${a.id}/menus/slug/lookup-me`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Read).get(`/sites/${b.id}/menus/slug/lookup-me`), 404, 'NOT_FOUND')
    expectProblem(await t.as().get(`/sites/${a.id}/menus/slug/lookup-me`), 401, 'UNAUTHENTICATED')
  })

  it('lists the site menus by name as a plain array', async () => {
    const s = await makeSite(t)
    await makeMenu(t, s, { name: 'Zeta' })
    await makeMenu(t, s, { name: 'Alpha' })
    expect(expectStatus<Menu[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/menus`), 200).map((m) => m.name)).toEqual(['Alpha', 'Zeta'])
  })
})

describe('DELETE /menus/{id}', () => {
  it('deletes the menu with every item and localization: one navigation.deleted, the audit lists the items', async () => {
    const m = await makeMenu(t, a)
    const root = await makeItem(t, a, m.id)
    const child = await makeItem(t, a, m.id, { parent_id: root.id })
    const grandchild = await makeItem(t, a, m.id, { parent_id: child.id })
    expectStatus(await t.as(a.keys.Write).put(`/navigation/${child.id}/localizations`, { locale: 'de', title: 'Kind' }), 201)
    const other = await makeMenu(t, a)
    const kept = await makeItem(t, a, other.id)

    expectProblem(await t.as(a.keys.Read).delete(`/menus/${m.id}`), 403, 'FORBIDDEN')
    expectNoContent(await t.as(a.keys.Write).delete(`/menus/${m.id}`))

    for (const url of [
      `/menus/${m.id}`,
      `/menus/${m.id}/items`,
      `/menus/${m.id}/tree`,
      `/navigation/${root.id}`,
      `/navigation/${grandchild.id}`,
      `/navigation/${child.id}/localizations`,
    ]) {
      expectProblem(await t.as(a.keys.Read).get(url), 404, 'NOT_FOUND')
    }
    expect(await t.dbh.db.select().from(navigationItems).where(eq(navigationItems.menu_id, m.id))).toEqual([])
    expect(await t.dbh.db.select().from(navigationItemLocalizations).where(eq(navigationItemLocalizations.navigation_item_id, child.id))).toEqual([])
    expectStatus(await t.as(a.keys.Read).get(`/navigation/${kept.id}`), 200)

    expect(await eventsFor(t, 'navigation.deleted', m.id)).toHaveLength(1)
    const [audit] = (await auditsOf(t, 'navigation_menu', m.id)).filter((r) => r.action === 'Delete')
    expect((audit?.metadata as { deleted_items: number; deleted_item_ids: string[] }).deleted_items).toBe(3)
    expect([...(audit?.metadata as { deleted_item_ids: string[] }).deleted_item_ids].sort()).toEqual([root.id, child.id, grandchild.id].sort())
  })
})
