import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentListItem, DocumentLocalization } from '../../../src/modules/documents/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import { expectNoContent, type Page } from '../../helpers/records.js'
import { statementsDuring } from '../../helpers/statements.js'
import { createUrlDoc } from './fixtures.js'

/*
 * The site's document list carries the locales each document is localized in (the admin's document list shows them
 * beside the name), so the list needs no read per row.
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

const list = async (site: SiteFixture) =>
  expectStatus<Page<DocumentListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/documents?per_page=100`), 200).data

async function docWith(site: SiteFixture, codes: string[]) {
  const doc = await createUrlDoc(t, site)
  const locs: Record<string, string> = {}
  for (const locale of codes) {
    locs[locale] = expectStatus<DocumentLocalization>(
      await t.as(site.keys.Write).post(`/documents/${doc.id}/localizations`, { locale, title: `${locale} doc` }),
      201,
    ).id
  }
  return { doc, locs }
}

describe('GET /sites/{site_id}/documents items', () => {
  it('carry locales: every localization, default locale first, deleted ones gone; never another site’s', async () => {
    const both = await docWith(a, ['de', 'en'])
    const none = await docWith(a, [])
    const trimmed = await docWith(a, ['en', 'de'])
    const theirs = await docWith(b, ['fr'])
    expect((await list(a)).find((x) => x.id === trimmed.doc.id)?.locales).toEqual(['en', 'de'])
    expectNoContent(await t.as(a.keys.Write).delete(`/documents/localizations/${trimmed.locs.en}`))

    const items = await list(a)
    const byId = new Map(items.map((x) => [x.id, x.locales]))
    expect(byId.get(both.doc.id)).toEqual(['en', 'de'])
    expect(byId.get(none.doc.id)).toEqual([])
    expect(byId.get(trimmed.doc.id)).toEqual(['de'])
    expect(items.map((x) => x.id)).not.toContain(theirs.doc.id)
    expect(JSON.stringify(items)).not.toContain('"fr"')
    expect((await list(b)).map((x) => [x.id, x.locales])).toEqual([[theirs.doc.id, ['fr']]])
    // The by-id answer keeps its localizations and gains nothing.
    expect(expectStatus<Record<string, unknown>>(await t.as(a.keys.Read).get(`/documents/${both.doc.id}`), 200)).not.toHaveProperty('locales')
  })

  it('cost the same statements for one document as for several (no read per row)', async () => {
    const counted = async (site: SiteFixture) => {
      await t.deps.usage.flush()
      return (await statementsDuring(t.dbh, () => list(site))).statements
    }
    const one = await makeSite(t)
    await docWith(one, ['en'])
    const many = await makeSite(t)
    for (let i = 0; i < 4; i++) await docWith(many, ['en', 'de'])
    expect(await list(one)).toHaveLength(1)
    expect((await list(many)).map((x) => x.locales)).toEqual(Array.from({ length: 4 }, () => ['en', 'de']))
    expect(await counted(many)).toBe(await counted(one))
  })
})
