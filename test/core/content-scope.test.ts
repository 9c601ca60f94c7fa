import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDS_PER_STATEMENT } from '../../src/core/content-kinds.js'
import { contentScope, contentScopes } from '../../src/core/content-scope.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import { statementsDuring } from '../helpers/statements.js'
import { createPage } from '../modules/pages/fixtures.js'
import { makeBlog, softDeleteBlog } from '../modules/taxonomy/fixtures.js'

/* contentScopes: the scopes of many content items, IDS_PER_STATEMENT ids per statement, as contentScope finds each. */

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

describe('contentScopes', () => {
  it('finds what contentScope finds for each id (owner first, any kind); gone and unknown items are missing; one statement per 1,000 ids', async () => {
    const own = await makeBlog(t, [a.id])
    const shared = await makeBlog(t, [a.id, b.id])
    const page = await createPage(t, a, {}, t.masterKey, [a.id, b.id])
    const gone = await makeBlog(t, [a.id, b.id])
    await softDeleteBlog(t, gone)
    const known = [own.content_id, shared.content_id, page.content_id, gone.content_id]
    // More than one statement's worth of ids, the known ones in both parts, one of them twice.
    const ids = [...known, ...Array.from({ length: IDS_PER_STATEMENT }, () => randomUUID()), shared.content_id, page.content_id]

    await t.deps.usage.flush()
    const { result: scopes, statements } = await statementsDuring(t.dbh, () => contentScopes(t.dbh.db, ids))
    expect(statements).toBe(2)
    expect(Object.fromEntries(scopes)).toEqual({
      [own.content_id]: { siteId: a.id, siteIds: [a.id] },
      [shared.content_id]: { siteId: a.id, siteIds: [a.id, b.id] },
      [page.content_id]: { siteId: a.id, siteIds: [a.id, b.id] },
    })
    for (const id of known) expect(await contentScope(t.dbh.db, id)).toEqual(scopes.get(id))
    expect(await contentScope(t.dbh.db, shared.content_id.toUpperCase())).toEqual(scopes.get(shared.content_id))
    expect(await contentScopes(t.dbh.db, [])).toEqual(new Map())
  })
})
