import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageListItem } from '../../../src/modules/pages/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import { expectNoContent, type Page } from '../../helpers/records.js'
import { statementsDuring } from '../../helpers/statements.js'
import { image, uploaded } from '../media/fixtures.js'
import { addSection, createPage, localize } from './fixtures.js'

/*
 * The site's page list carries what a list row shows beside the route (the admin's page list): the locales the
 * page's sections are localized in and a thumbnail (its first section's live cover), so the list needs no read per row.
 */

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  // Another site with a locale of its own: its code must never show in the first site's list.
  b = await makeSite(t, { locales: [{ code: 'fr', is_default: true }] })
})
afterAll(() => t.close())

const list = async (site: SiteFixture) => expectStatus<Page<PageListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/pages?per_page=100`), 200).data

/** A page of `site` with a section per entry: its cover and the locales it is localized in. */
async function pageWith(site: SiteFixture, route: string, sections: Array<{ cover?: string; locales: string[] }>) {
  const page = await createPage(t, site, { route })
  const locs: Record<string, string> = {}
  for (const s of sections) {
    const section = await addSection(t, site, page.id, s.cover ? { cover_image_id: s.cover } : {})
    for (const code of s.locales) locs[`${section.id}:${code}`] = (await localize(t, site, section.id, { locale: code, title: `${code} ${route}` })).body.id
  }
  return { page, locs }
}

describe('GET /sites/{site_id}/pages items', () => {
  it('carry locales (of every section, default locale first, deleted ones gone) and cover_image (the first live section cover)', async () => {
    const pic = await uploaded(t, a, await image('jpeg', 320, 200, 3), 'hero.jpg')
    const gone = await uploaded(t, a, await image('png', 64, 48, 4), 'gone.png')
    const full = await pageWith(a, '/full', [{ locales: ['de'] }, { cover: gone.id, locales: [] }, { cover: pic.id, locales: ['en', 'de'] }])
    const bare = await pageWith(a, '/bare', [])
    const trimmed = await pageWith(a, '/trimmed', [{ locales: ['en', 'de'] }])
    expect((await list(a)).find((x) => x.id === trimmed.page.id)?.locales).toEqual(['en', 'de'])
    expectNoContent(await t.as(a.keys.Write).delete(`/media/${gone.id}`))
    // Deleting a localization refreshes the (cached) list at once.
    const deId = Object.entries(trimmed.locs).find(([k]) => k.endsWith(':de'))![1]
    expectNoContent(await t.as(a.keys.Write).delete(`/pages/sections/localizations/${deId}`))
    const theirs = await uploaded(t, b, await image('png', 64, 48, 5), 'theirs.png')
    const other = await pageWith(b, '/full', [{ cover: theirs.id, locales: ['fr'] }])

    const items = await list(a)
    const byId = new Map(items.map((x) => [x.id, x]))
    expect(byId.get(full.page.id)?.locales).toEqual(['en', 'de'])
    // The second section's cover is a deleted media record: the third section's is the thumbnail.
    expect(byId.get(full.page.id)?.cover_image).toMatchObject({ id: pic.id, filename: 'hero.jpg', width: 320, height: 200, image_url: pic.image_url })
    expect(byId.get(bare.page.id)).toMatchObject({ locales: [], cover_image: null })
    expect(byId.get(trimmed.page.id)).toMatchObject({ locales: ['en'], cover_image: null })
    // Another site's pages, locales and media never show.
    expect(items.map((x) => x.id)).not.toContain(other.page.id)
    expect(JSON.stringify(items)).not.toContain(theirs.id)
    expect(JSON.stringify(items)).not.toContain('"fr"')
    expect((await list(b)).map((x) => [x.id, x.locales, x.cover_image?.id])).toEqual([[other.page.id, ['fr'], theirs.id]])

    // The by-id answer is unchanged: the fields belong to the list item only.
    const one = expectStatus<Record<string, unknown>>(await t.as(a.keys.Read).get(`/pages/${full.page.id}`), 200)
    expect(one).not.toHaveProperty('locales')
  })

  it('cost the same statements for one page as for several (no read per row)', async () => {
    const counted = async (site: SiteFixture) => {
      await t.deps.usage.flush()
      return (await statementsDuring(t.dbh, () => list(site))).statements
    }
    const one = await makeSite(t)
    await pageWith(one, '/a', [{ locales: ['en'] }])
    const many = await makeSite(t)
    const pic = await uploaded(t, many, await image('png', 64, 48, 6), 'p.png')
    for (const route of ['/a', '/b', '/c', '/d']) await pageWith(many, route, [{ cover: pic.id, locales: ['en', 'de'] }, { locales: ['de'] }])
    expect((await list(many)).every((x) => x.cover_image?.id === pic.id && x.locales.join() === 'en,de')).toBe(true)
    expect(await list(one)).toHaveLength(1)
    // Fresh lists (a write since): both miss the cache.
    await pageWith(one, '/z', [])
    await pageWith(many, '/z', [])
    expect(await counted(many)).toBe(await counted(one))
  })
})
