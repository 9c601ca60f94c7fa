import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentDetail, DocumentLocalization } from '../../../src/modules/documents/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent } from '../../helpers/records.js'
import { createUrlDoc } from './fixtures.js'

let t: TestApp
let a: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(() => t.close())

const locId = (site: SiteFixture, code: string) => site.locales.find((l) => l.code === code)!.id

/* What is particular to documents; the kit's contract (400, 409, 401, 403, 404) is in localizations-contract.test.ts. */
describe('document localizations', () => {
  it('adds by locale code or id, lists default locale first, shows them in GET /documents/{id}; each change fires document.updated', async () => {
    const doc = await createUrlDoc(t, a)
    const de = expectStatus<DocumentLocalization>(await t.as(a.keys.Write).post(`/documents/${doc.id}/localizations`, { locale: 'de', title: 'Handbuch' }), 201)
    expect(de).toEqual({ id: de.id, document_id: doc.id, locale_id: locId(a, 'de'), title: 'Handbuch', description: null })
    const en = expectStatus<DocumentLocalization>(
      await t.as(a.keys.Write).post(`/documents/${doc.id}/localizations`, { locale_id: locId(a, 'en'), title: 'Manual', description: 'How to' }),
      201,
    )
    const detail = expectStatus<DocumentDetail>(await t.as(a.keys.Read).get(`/documents/${doc.id}`), 200)
    expect(detail.localizations.map((l) => l.id)).toEqual([en.id, de.id])
    expect(expectStatus<DocumentLocalization[]>(await t.as(a.keys.Read).get(`/documents/${doc.id}/localizations`), 200).map((l) => l.id)).toEqual([
      en.id,
      de.id,
    ])
    const updated = expectStatus<DocumentLocalization>(await t.as(a.keys.Write).put(`/documents/localizations/${de.id}`, { description: 'Wie' }), 200)
    expect(updated).toMatchObject({ title: 'Handbuch', description: 'Wie' })
    expectNoContent(await t.as(a.keys.Write).delete(`/documents/localizations/${en.id}`))
    expect(expectStatus<DocumentDetail>(await t.as(a.keys.Read).get(`/documents/${doc.id}`), 200).localizations.map((l) => l.id)).toEqual([de.id])
    expect(await eventsFor(t, 'document.updated', doc.id)).toHaveLength(4)
    expect((await auditsOf(t, 'document_localization', de.id)).map((r) => r.action)).toEqual(['Create', 'Update'])
  })
})
