import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mutate } from '../../src/core/mutation.js'
import { reorderRows, type ReorderItem } from '../../src/kits/reorder/rules.js'
import { categories } from '../../src/db/schema/taxonomy.js'
import { categoryEntity } from '../../src/modules/taxonomy/categories.resource.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite } from '../helpers/factories.js'
import { expectStatus } from '../helpers/http.js'

/* reorderRows on a real tree table (categories of a site): all or nothing. */

let t: TestApp
let siteId: string
let ids: string[]
beforeAll(async () => {
  t = await testApp()
  const site = await makeSite(t)
  siteId = site.id
  ids = []
  for (const name of ['One', 'Two', 'Three']) {
    ids.push(expectStatus<{ id: string }>(await t.as(site.keys.Write).post('/categories', { site_id: site.id, name }), 201).id)
  }
})
afterAll(() => t.close())

const apply = (items: ReorderItem[]) =>
  mutate(t.sys(), { entity: categoryEntity, action: 'Update' }, async (tx) => ({
    result: await reorderRows(tx, { table: categories, scope: categories.site_id, scopeValue: siteId, items, what: 'category', now: t.clock.now() }),
    siteId,
    entityId: null,
  }))

const state = async () =>
  await t.dbh.db
    .select({ id: categories.id, parent_id: categories.parent_id, display_order: categories.display_order })
    .from(categories)
    .where(eq(categories.site_id, siteId))
    .orderBy(asc(categories.display_order))

describe('reorderRows', () => {
  it('writes the new order and parents', async () => {
    const [one, two, three] = ids as [string, string, string]
    await apply([
      { id: three, display_order: 1 },
      { id: one, display_order: 2 },
      { id: two, display_order: 3, parent_id: one },
    ])
    expect(await state()).toEqual([
      { id: three, parent_id: null, display_order: 1 },
      { id: one, parent_id: null, display_order: 2 },
      { id: two, parent_id: one, display_order: 3 },
    ])
  })

  it('changes nothing when one item is wrong', async () => {
    const before = await state()
    const [one, two] = ids as [string, string, string]
    await expect(apply([{ id: one, display_order: 9, parent_id: two }])).rejects.toMatchObject({ status: 400 })
    await expect(
      apply([
        { id: two, display_order: 7 },
        { id: '00000000-0000-4000-8000-000000000000', display_order: 8 },
      ]),
    ).rejects.toMatchObject({ status: 400 })
    expect(await state()).toEqual(before)
  })
})
