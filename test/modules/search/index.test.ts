import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../../src/db/migrate.js'
import { searchStatement, type SearchInput } from '../../../src/modules/search/queries.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { q, searchOk, word } from './fixtures.js'

/*
 * The search is indexed: on a site seeded with 2,000 published blogs (rows written in SQL; the triggers build their
 * vectors), the planner answers `search_vector @@ query` from the GIN index of each localization table.
 */

let t: TestApp
let a: SiteFixture
const rare = word()
const BLOGS = 2000

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  const en = a.locales.find((l) => l.code === 'en')!.id
  await t.dbh.db.execute(sql`
    with c as (insert into content (site_id, content_type) select ${a.id}::uuid, 'blog' from generate_series(1, ${BLOGS}) returning id),
    s as (insert into content_sites (content_id, site_id, content_type, slug, status) select id, ${a.id}::uuid, 'blog', 's-' || id, 'Published' from c returning content_id),
    b as (insert into blogs (content_id, site_id, slug, status, published_at) select content_id, ${a.id}::uuid, 's-' || content_id, 'Published', now() from s returning content_id)
    insert into blog_localizations (content_id, locale_id, title, body)
    select content_id, ${en}::uuid, 'Post ' || md5(content_id::text),
           'Gardening notes about soil, compost, seeds and weather ' || md5(content_id::text) ||
           case when row_number() over () <= 3 then ' ' || ${rare} else '' end
      from b`)
  // vacuum flushes the GIN pending list (autovacuum does so in service), analyze gives the planner real counts.
  await t.dbh.db.execute(sql`vacuum analyze`)
}, 120_000)
afterAll(() => t.close())

const input = (text: string): SearchInput => ({
  siteId: a.id,
  code: 'en',
  q: text,
  types: ['blog', 'page', 'document'],
  liveOnly: true,
  now: new Date(),
  limit: 10,
  offset: 0,
})

async function plan(text: string): Promise<string> {
  const res = await t.dbh.db.execute(sql`explain ${searchStatement(input(text))}`)
  return rowsOf<{ 'QUERY PLAN': string }>(res)
    .map((r) => r['QUERY PLAN'])
    .join('\n')
}

describe('site search: indexes', () => {
  it('every localization table has a GIN index on search_vector', async () => {
    const res = await t.dbh.db.execute(sql`select indexname, indexdef from pg_indexes where indexname like '%localizations_search_idx' order by indexname`)
    const rows = rowsOf<{ indexname: string; indexdef: string }>(res)
    expect(rows.map((r) => r.indexname)).toEqual([
      'blog_localizations_search_idx',
      'document_localizations_search_idx',
      'page_section_localizations_search_idx',
    ])
    for (const r of rows) expect(r.indexdef).toMatch(/USING gin \(search_vector\)/)
  })

  it('searches 2,000 blogs through the GIN index', async () => {
    const explained = await plan(rare)
    expect(explained).toMatch(/Bitmap Index Scan on blog_localizations_search_idx/)
    expect(explained).not.toMatch(/Seq Scan on blog_localizations/)
    const out = await searchOk(t, a, q(rare))
    expect(out.meta.total).toBe(3)
  })

  it('finds a common word among all of them with the right total', async () => {
    const out = await searchOk(t, a, q('gardening compost', '&per_page=5&types=blog'))
    expect(out.meta.total).toBe(BLOGS)
    expect(out.data).toHaveLength(5)
  })
})
