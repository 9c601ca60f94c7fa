import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../../src/db/migrate.js'
import type { BlogDetail } from '../../../src/modules/blogs/schemas.js'
import type { ContentTemplate } from '../../../src/modules/content-templates/templates.schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, type Page } from '../../helpers/records.js'
import { describeSiteResource } from '../../helpers/resource-suite.js'

/* Content templates (spec "Content templates"): the site-resource contract, then names, size, search and blogs from templates. */
describeSiteResource({
  name: 'content template',
  path: 'content-templates',
  entity: 'content_template',
  events: 'content_template',
  createIn: 'path',
  list: 'page',
  create: (n) => ({ name: `Template ${n}`, description: 'A start', content_type: 'blog', template_data: { author: 'Ann' } }),
  update: { body: { description: 'Another start', template_data: { author: 'Bob' } }, field: 'description' },
  nullable: ['description'],
  invalid: [
    { body: { content_type: 'blog', template_data: {} }, field: 'name' },
    { body: { name: 'X', content_type: 'video', template_data: {} }, field: 'content_type' },
    { body: { name: 'X', content_type: 'blog', template_data: [1, 2] }, field: 'template_data' },
    { body: { name: 'X', content_type: 'blog', template_data: 'text' }, field: 'template_data' },
    { body: { name: 'X', content_type: 'blog' }, field: 'template_data' },
    { body: { template_data: null }, field: 'template_data', on: 'update' },
    { body: { name: '  ' }, field: 'name', on: 'update' },
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

const create = (site: SiteFixture, body: Record<string, unknown>) => t.as(site.keys.Write).post(`/sites/${site.id}/content-templates`, body)
const template = async (site: SiteFixture, body: Record<string, unknown>) =>
  expectStatus<ContentTemplate>(await create(site, { content_type: 'blog', template_data: {}, ...body }), 201)
const names = (p: Page<ContentTemplate>) => p.data.map((x) => x.name)

describe('content templates: names and data', () => {
  it('keeps template_data as given and answers the whole record', async () => {
    const data = { author: 'Ann', nested: { list: [1, 'two', null], flag: true }, localizations: [{ locale: 'en', title: 'T' }] }
    const tpl = await template(a, { name: `Keep ${uid()}`, template_data: data })
    expect(tpl.template_data).toEqual(data)
    expect(tpl.description).toBeNull()
    expect(expectStatus<ContentTemplate>(await t.as(a.keys.Read).get(`/content-templates/${tpl.id}`), 200).template_data).toEqual(data)
  })

  it('409 for a name already used in the site, compared case-insensitively; free again after delete; other sites unaffected', async () => {
    const name = `Newsletter ${uid()}`
    const first = await template(a, { name })
    expectProblem(await create(a, { name: name.toUpperCase(), content_type: 'page', template_data: {} }), 409, 'CONFLICT')
    expectProblem(await create(a, { name: `  ${name}  `, content_type: 'blog', template_data: {} }), 409, 'CONFLICT')
    await template(b, { name })
    const other = await template(a, { name: `Other ${uid()}` })
    expectProblem(await t.as(a.keys.Write).put(`/content-templates/${other.id}`, { name: name.toLowerCase() }), 409, 'CONFLICT')
    // Renaming a template to a new spelling of its own name is no clash.
    expectStatus(await t.as(a.keys.Write).put(`/content-templates/${first.id}`, { name: name.toLowerCase() }), 200)
    expect((await auditsOf(t, 'content_template', other.id)).map((r) => r.action)).toEqual(['Create'])
    expect((await t.as(a.keys.Write).delete(`/content-templates/${first.id}`)).statusCode).toBe(204)
    await template(a, { name })
  })

  it('413 for template_data over 256 KiB, and nothing is written', async () => {
    const big = { body: 'x'.repeat(256 * 1024) }
    const before = expectStatus<Page<ContentTemplate>>(await t.as(a.keys.Read).get(`/sites/${a.id}/content-templates`), 200).meta.total
    const problem = expectProblem(await create(a, { name: `Big ${uid()}`, content_type: 'blog', template_data: big }), 413, 'PAYLOAD_TOO_LARGE')
    expect(problem.errors?.map((e) => e.field)).toEqual(['template_data'])
    expect(expectStatus<Page<ContentTemplate>>(await t.as(a.keys.Read).get(`/sites/${a.id}/content-templates`), 200).meta.total).toBe(before)
    const tpl = await template(a, { name: `Small ${uid()}` })
    expectProblem(await t.as(a.keys.Write).put(`/content-templates/${tpl.id}`, { template_data: big }), 413, 'PAYLOAD_TOO_LARGE')
    expect(expectStatus<ContentTemplate>(await t.as(a.keys.Read).get(`/content-templates/${tpl.id}`), 200).template_data).toEqual({})
  })
})

describe('content templates: search', () => {
  let site: SiteFixture
  beforeAll(async () => {
    site = await makeSite(t)
    await template(site, { name: 'Product launch', description: 'Announce a new release' })
    await template(site, { name: 'Weekly digest', description: 'Links of the WEEK' })
    await template(site, { name: 'About us', content_type: 'page', description: null })
    await template(site, { name: '100% pure', description: 'literal percent' })
    await template(b, { name: 'Launch elsewhere' })
  })
  const search = async (q: string, extra = '') =>
    expectStatus<Page<ContentTemplate>>(await t.as(site.keys.Read).get(`/sites/${site.id}/content-templates?search=${encodeURIComponent(q)}${extra}`), 200)

  it('matches a case-insensitive substring of the name or the description, in this site only', async () => {
    expect(names(await search('LAUNCH'))).toEqual(['Product launch'])
    expect(names(await search('week'))).toEqual(['Weekly digest'])
    expect(names(await search('release'))).toEqual(['Product launch'])
    expect(names(await search('u'))).toEqual(['100% pure', 'About us', 'Product launch'])
    expect((await search('nothing like it')).data).toEqual([])
  })

  it('takes % and _ literally, pages and filters by content_type', async () => {
    expect(names(await search('0%'))).toEqual(['100% pure'])
    expect(names(await search('_'))).toEqual([])
    const paged = await search('e', '&per_page=1&page=2')
    expect(paged.meta).toEqual({ page: 2, per_page: 1, total: 3, total_pages: 3 })
    expect(names(paged)).toEqual(['Product launch'])
    expect(names(await search('u', '&content_type=page'))).toEqual(['About us'])
    expectProblem(await t.as(site.keys.Read).get(`/sites/${site.id}/content-templates?search=`), 400, 'VALIDATION_FAILED')
  })

  it('a search in a site with many templates reads the trigram index (content_templates_search_idx), not every row', async () => {
    const big = await makeSite(t)
    await t.dbh.db.execute(sql`insert into content_templates (site_id, name, description, content_type, template_data)
      select ${big.id}, 'Template ' || g || ' ' || md5(g::text), 'About ' || md5((g * 7)::text), 'blog', '{}' from generate_series(1, 5000) g`)
    await t.dbh.db.execute(sql`analyze content_templates`)
    const res = await t.dbh.db.execute(
      sql.raw(
        `explain select id from content_templates where site_id = '${big.id}' and deleted_at is null and (name ilike '%ab12%' or description ilike '%ab12%')`,
      ),
    )
    const plan = rowsOf<{ 'QUERY PLAN': string }>(res)
      .map((r) => r['QUERY PLAN'])
      .join('\n')
    expect(plan, plan).toContain('Bitmap Index Scan on content_templates_search_idx')
    const found = expectStatus<Page<ContentTemplate>>(await t.as(big.keys.Read).get(`/sites/${big.id}/content-templates?search=AB12&per_page=100`), 200)
    expect(found.meta.total).toBeGreaterThan(0)
    for (const x of found.data) expect(`${x.name} ${x.description ?? ''}`.toLowerCase()).toContain('ab12')
  })
})

describe('creating a blog from a template', () => {
  const en = () => a.locales.find((l) => l.code === 'en')!.id
  const blog = (body: Record<string, unknown>) => t.as(a.keys.Write).post('/blogs', { site_ids: [a.id], slug: `from-tpl-${uid()}`, ...body })
  let tpl: ContentTemplate
  beforeAll(async () => {
    tpl = await template(a, {
      name: `Blog start ${uid()}`,
      template_data: {
        author: 'Template Author',
        is_featured: true,
        allow_comments: false,
        status: 'Published',
        slug: 'never-used',
        unknown_key: 'ignored',
        localizations: [
          { locale: 'en', title: 'Template title', body: 'Template body', excerpt: 'Template excerpt', note: 'ignored' },
          { locale: 'de', title: 'Vorlage' },
        ],
      },
    })
  })

  it('fills the fields the body does not give; the body wins, per field and per locale', async () => {
    const d = expectStatus<BlogDetail>(await blog({ template_id: tpl.id, allow_comments: true, localizations: [{ locale_id: en(), title: 'Mine' }] }), 201)
    expect(d).toMatchObject({ author: 'Template Author', is_featured: true, allow_comments: true, status: 'Draft' })
    expect(d.slug).not.toBe('never-used')
    const byLocale = Object.fromEntries(d.localizations.map((l) => [a.locales.find((x) => x.id === l.locale_id)!.code, l]))
    expect(byLocale.en).toMatchObject({ title: 'Mine', body: 'Template body', excerpt: 'Template excerpt' })
    expect(byLocale.de).toMatchObject({ title: 'Vorlage', body: null })
    expect(d.reading_time_minutes).toBe(1)
  })

  it('without localizations in the body takes the template ones; explicit null in the body wins', async () => {
    const d = expectStatus<BlogDetail>(await blog({ template_id: tpl.id, author: null }), 201)
    expect(d.author).toBeNull()
    expect(d.localizations.map((l) => l.title).sort()).toEqual(['Template title', 'Vorlage'])
  })

  it('400 on template_id for a template of another site, of pages, deleted or unknown, or with data that does not fit; nothing is created', async () => {
    const foreign = await template(b, { name: `Foreign ${uid()}`, template_data: { author: 'B' } })
    const page = await template(a, { name: `Page ${uid()}`, content_type: 'page' })
    const doomed = await template(a, { name: `Doomed ${uid()}` })
    expect((await t.as(a.keys.Write).delete(`/content-templates/${doomed.id}`)).statusCode).toBe(204)
    const badType = await template(a, { name: `Bad ${uid()}`, template_data: { is_featured: 'yes' } })
    const badLocale = await template(a, { name: `Bad locale ${uid()}`, template_data: { localizations: [{ locale: 'fr', title: 'x' }] } })
    const badLocs = await template(a, { name: `Bad locs ${uid()}`, template_data: { localizations: 'none' } })
    for (const id of [foreign.id, page.id, doomed.id, '00000000-0000-4000-8000-000000000000', badType.id, badLocale.id, badLocs.id]) {
      const slug = `refused-${uid()}`
      const problem = expectProblem(await t.as(a.keys.Write).post('/blogs', { site_ids: [a.id], slug, template_id: id }), 400, 'VALIDATION_FAILED')
      expect(problem.errors?.map((e) => e.field)).toEqual(['template_id'])
      expectProblem(await t.as(a.keys.Write).get(`/sites/${a.id}/blogs/by-slug/${slug}`), 404, 'NOT_FOUND')
    }
  })
})
