import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import { expectProblem, expectStatus } from '../helpers/http.js'

/*
 * decisions.md "Content": slug is optional on create wherever a record has one; a generated slug transliterates
 * every script the library covers, falls back to the type and a random suffix where nothing transliterates, and
 * gets -2, -3, … when taken; a slug the client sent that is taken stays a 409; a valid title or name never a 400.
 */

let t: TestApp
let site: SiteFixture

beforeAll(async () => {
  t = await testApp()
  site = await makeSite(t)
})
afterAll(async () => {
  await t.close()
})

const CYRILLIC = 'Привет, мир'
const JAPANESE = 'こんにちは世界'
const LATIN = 'Œuvre & Ærø'

interface Kind {
  name: string
  /** The fallback prefix where nothing transliterates. */
  type: string
  url: () => string
  body: (text: string, slug?: string) => Record<string, unknown>
}

let route = 0
const kinds: Kind[] = [
  {
    name: 'blog',
    type: 'post',
    url: () => '/blogs',
    body: (title, slug) => ({
      site_ids: [site.id],
      ...(slug ? { slug } : {}),
      localizations: [
        { locale: 'de', title: 'Zweitsprache' },
        { locale: 'en', title },
      ],
    }),
  },
  {
    name: 'page',
    type: 'page',
    url: () => '/pages',
    body: (title, slug) => ({
      site_ids: [site.id],
      route: `/p-${++route}`,
      ...(slug ? { slug } : {}),
      sections: [{ section_type: 'hero', localizations: [{ locale: 'en', title }] }],
    }),
  },
  { name: 'skill', type: 'skill', url: () => '/skills', body: (name, slug) => ({ site_ids: [site.id], name, ...(slug ? { slug } : {}) }) },
  { name: 'tag', type: 'tag', url: () => '/tags', body: (name, slug) => ({ site_id: site.id, name, ...(slug ? { slug } : {}) }) },
  { name: 'category', type: 'category', url: () => '/categories', body: (name, slug) => ({ site_id: site.id, name, ...(slug ? { slug } : {}) }) },
  { name: 'menu', type: 'navigation-menu', url: () => `/sites/${site.id}/menus`, body: (name, slug) => ({ name, ...(slug ? { slug } : {}) }) },
]

async function create(kind: Kind, text: string, slug?: string): Promise<string> {
  const res = await t.as(site.keys.Master).post(kind.url(), kind.body(text, slug))
  return expectStatus<{ slug: string }>(res, 201).slug
}

describe.each(kinds)('generated slugs: $name', (kind) => {
  it('Cyrillic, Japanese and "Œuvre & Ærø" titles give slugs, never a 400; taken generated slugs get -2, -3', async () => {
    expect(await create(kind, CYRILLIC)).toBe('privet-mir')
    expect(await create(kind, CYRILLIC)).toBe('privet-mir-2')
    expect(await create(kind, CYRILLIC)).toBe('privet-mir-3')
    expect(await create(kind, LATIN)).toBe('oeuvre-aero')
    const a = await create(kind, JAPANESE)
    const b = await create(kind, JAPANESE)
    expect(a).toMatch(new RegExp(`^${kind.type}-[0-9a-f]{6}$`))
    expect(b).toMatch(new RegExp(`^${kind.type}-[0-9a-f]{6}(-2)?$`))
    expect(b).not.toBe(a)
  })

  it('a taken slug the client sent stays a 409', async () => {
    expect(await create(kind, 'Given', `given-${kind.name}`)).toBe(`given-${kind.name}`)
    expectProblem(await t.as(site.keys.Master).post(kind.url(), kind.body('Given', `given-${kind.name}`)), 409, 'CONFLICT')
  })
})

describe('generated slugs: records without a name or title of their own', () => {
  it('a blog without slug and without any titled localization is a 400 naming slug, and nothing is written', async () => {
    const body = expectProblem(
      await t.as(site.keys.Master).post('/blogs', { site_ids: [site.id], localizations: [{ locale: 'en', title: null }] }),
      400,
      'VALIDATION_FAILED',
    )
    expect(body.errors?.map((e) => e.field)).toContain('slug')
    const list = expectStatus<{ data: unknown[] }>(await t.as(site.keys.Master).get(`/sites/${site.id}/blogs?per_page=100`), 200)
    const before = list.data.length
    expectProblem(await t.as(site.keys.Master).post('/blogs', { site_ids: [site.id] }), 400, 'VALIDATION_FAILED')
    expect(expectStatus<{ data: unknown[] }>(await t.as(site.keys.Master).get(`/sites/${site.id}/blogs?per_page=100`), 200).data).toHaveLength(before)
  })

  it('a page without sections takes its slug from the route (Cyrillic included); the home page is "home"', async () => {
    const page = (body: Record<string, unknown>) => t.as(site.keys.Master).post('/pages', { site_ids: [site.id], ...body })
    expect(expectStatus<{ slug: string }>(await page({ route: '/docs/Привет' }), 201).slug).toBe('privet')
    expect(expectStatus<{ slug: string }>(await page({ route: '/' }), 201).slug).toBe('home')
    expect(expectStatus<{ slug: string }>(await page({ route: '/other/Привет' }), 201).slug).toBe('privet-2')
  })

  it('a legal document takes its slug from its type: privacy-policy, then privacy-policy-2; a given taken slug is a 409', async () => {
    const legal = (body: Record<string, unknown>) => t.as(site.keys.Master).post(`/sites/${site.id}/legal`, body)
    expect(expectStatus<{ slug: string }>(await legal({ document_type: 'PrivacyPolicy' }), 201).slug).toBe('privacy-policy')
    expect(expectStatus<{ slug: string }>(await legal({ document_type: 'PrivacyPolicy' }), 201).slug).toBe('privacy-policy-2')
    expect(expectStatus<{ slug: string }>(await legal({ document_type: 'Imprint' }), 201).slug).toBe('imprint')
    expectProblem(await legal({ document_type: 'Other', slug: 'imprint' }), 409, 'CONFLICT')
  })
})
