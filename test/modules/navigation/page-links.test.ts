import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { createPage } from '../pages/fixtures.js'
import { makeItem, makeMenu, type Node } from './fixtures.js'

/*
 * Page items (link_type `page`): page_id names a live page the menu's site carries (owned or shared with it);
 * the tree's page_slug is the page's route without its leading slash and follows route changes at once.
 */

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp()
  ;[a, b] = [await makeSite(t), await makeSite(t)]
})
afterAll(() => t.close())

const treeOf = async (menuId: string) => expectStatus<Node[]>(await t.as(a.keys.Read).get(`/menus/${menuId}/tree`), 200)

describe('page items', () => {
  it('link a page of the site: page_slug is its route without the leading slash, refreshed when the route changes', async () => {
    const route = `/docs-${uid()}/intro`
    const page = await createPage(t, a, { route })
    const m = await makeMenu(t, a)
    const item = await makeItem(t, a, m.id, { title: 'Intro', link_type: 'page', url: undefined, page_id: page.id })
    expect(item).toMatchObject({ link_type: 'page', page_id: page.id, url: null })
    const [node] = await treeOf(m.id)
    expect(node).toEqual({
      id: item.id,
      title: 'Intro',
      link_type: 'page',
      url: null,
      page_id: page.id,
      icon: null,
      open_in_new_tab: false,
      display_order: 0,
      external_url: null,
      page_slug: route.slice(1),
      children: [],
    })
    const moved = `/moved-${uid()}`
    expectStatus(await t.as(a.keys.Write).put(`/pages/${page.id}`, { route: moved }), 200)
    expect((await treeOf(m.id))[0]!.page_slug).toBe(moved.slice(1))
  })

  it('link a page shared with the site by another site', async () => {
    const page = await createPage(t, b, { route: `/shared-${uid()}` }, t.masterKey, [b.id, a.id])
    const m = await makeMenu(t, a)
    await makeItem(t, a, m.id, { link_type: 'page', url: undefined, page_id: page.id })
    expect((await treeOf(m.id))[0]!.page_slug).toBe(page.route.slice(1))
  })

  it("refuse an unknown page, another site's page and a deleted page (400 on page_id, nothing stored)", async () => {
    const m = await makeMenu(t, a)
    const foreign = await createPage(t, b, { route: `/foreign-${uid()}` }, b.keys.Write)
    const gone = await createPage(t, a, { route: `/gone-${uid()}` })
    expect((await t.as(a.keys.Write).delete(`/pages/${gone.id}`)).statusCode).toBe(204)
    for (const pageId of [randomUUID(), foreign.id, gone.id]) {
      expectProblem(await t.as(a.keys.Write).post(`/menus/${m.id}/items`, { title: 'X', link_type: 'page', page_id: pageId }), 400, 'VALIDATION_FAILED')
    }
    expect(await treeOf(m.id)).toEqual([])
  })

  it('show page_slug null once the linked page is deleted', async () => {
    const page = await createPage(t, a, { route: `/later-${uid()}` })
    const m = await makeMenu(t, a)
    await makeItem(t, a, m.id, { link_type: 'page', url: undefined, page_id: page.id })
    expect((await treeOf(m.id))[0]!.page_slug).toBe(page.route.slice(1))
    expect((await t.as(a.keys.Write).delete(`/pages/${page.id}`)).statusCode).toBe(204)
    expect((await treeOf(m.id))[0]!.page_slug).toBeNull()
  })
})
