import { randomInt } from 'node:crypto'
import type { SearchHit } from '../../../src/modules/search/schemas.js'
import type { TestApp } from '../../helpers/app.js'
import { uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus, type Res } from '../../helpers/http.js'

/* Search fixtures: unique search words, content of each type through the API, and the search call. */

/** A word no other test uses: letters only, so every stemmer keeps it whole-ish and it never collides. */
export const word = (): string => `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`

export interface SearchAnswer {
  data: SearchHit[]
  meta: { page: number; per_page: number; total: number; total_pages: number }
}

export const searchRes = (t: TestApp, site: SiteFixture, query: string, key = site.keys.Read): Promise<Res> =>
  t.as(key).get(`/sites/${site.id}/search?${query}`)

export async function searchOk(t: TestApp, site: SiteFixture, query: string, key = site.keys.Read): Promise<SearchAnswer> {
  return expectStatus<SearchAnswer>(await searchRes(t, site, query, key), 200)
}

export const q = (text: string, extra = '') => `q=${encodeURIComponent(text)}${extra}`

/** A blog (Published unless said otherwise) with localizations by locale code; `siteIds` for shared blogs. */
export async function blog(
  t: TestApp,
  site: SiteFixture,
  localizations: Array<Record<string, unknown>>,
  extra: Record<string, unknown> = {},
  siteIds = [site.id],
) {
  const body = { site_ids: siteIds, slug: `post-${uid()}`, status: 'Published', localizations, ...extra }
  const key = siteIds.length > 1 ? t.masterKey : site.keys.Write
  return expectStatus<{ id: string; slug: string; content_id: string }>(await t.as(key).post('/blogs', body), 201)
}

/** A page (Published unless said otherwise) with sections, each `{ locale: [title, text] }`. */
export async function page(
  t: TestApp,
  site: SiteFixture,
  sections: Array<Record<string, [string | null, string | null]>>,
  extra: Record<string, unknown> = {},
) {
  const u = uid()
  const body = {
    site_ids: [site.id],
    route: `/p/${u}`,
    slug: `page-${u}`,
    status: 'Published',
    sections: sections.map((s) => ({ section_type: 'text', localizations: Object.entries(s).map(([locale, [title, text]]) => ({ locale, title, text })) })),
    ...extra,
  }
  return expectStatus<{ id: string; route: string }>(await t.as(site.keys.Write).post('/pages', body), 201)
}

/** A link document with one localization per entry. */
export async function doc(t: TestApp, site: SiteFixture, localizations: Array<Record<string, unknown>>) {
  const d = expectStatus<{ id: string }>(
    await t.as(site.keys.Write).post(`/sites/${site.id}/documents`, { document_type: 'pdf', url: `https://example.org/${uid()}.pdf` }),
    201,
  )
  for (const l of localizations) expectStatus(await t.as(site.keys.Write).post(`/documents/${d.id}/localizations`, l), 201)
  return d
}
