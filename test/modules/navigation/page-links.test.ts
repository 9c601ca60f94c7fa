import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import { makeItem, makeMenu, type Node } from './fixtures.js'

/*
 * Page items (link_type `page`). MERGE-TODO(pages): the pages module is not on this branch, so page ids are not
 * checked and no route resolves (src/modules/navigation/pages.queries.ts). Once wired, this test should create a
 * page carried by the site (route `/docs/intro`) and expect page_slug `docs/intro`, and expect a 400 on page_id for
 * an unknown page, a deleted page and another site's page.
 */

let t: TestApp
let a: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(() => t.close())

describe('page items', () => {
  it('store page_id, have no url, and show in the tree with external_url null and page_slug null while the page cannot be resolved', async () => {
    const m = await makeMenu(t, a)
    const pageId = randomUUID()
    const item = await makeItem(t, a, m.id, { title: 'Intro', link_type: 'page', url: undefined, page_id: pageId })
    expect(item).toMatchObject({ link_type: 'page', page_id: pageId, url: null })
    const [node] = expectStatus<Node[]>(await t.as(a.keys.Read).get(`/menus/${m.id}/tree`), 200)
    expect(node).toEqual({
      id: item.id,
      title: 'Intro',
      link_type: 'page',
      url: null,
      page_id: pageId,
      icon: null,
      open_in_new_tab: false,
      display_order: 0,
      external_url: null,
      page_slug: null, // MERGE-TODO(pages): 'docs/intro' for a page with route /docs/intro
      children: [],
    })
  })
})
