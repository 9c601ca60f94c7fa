import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentDetail, DocumentLocalization } from '../../../src/modules/documents/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent } from '../../helpers/records.js'
import { createUrlDoc } from './fixtures.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const locId = (site: SiteFixture, code: string) => site.locales.find((l) => l.code === code)!.id

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

  it('400 for a locale of another site or none, 409 for a second one of a locale; nothing added', async () => {
    const doc = await createUrlDoc(t, a)
    expectStatus(await t.as(a.keys.Write).post(`/documents/${doc.id}/localizations`, { locale: 'en', title: 'One' }), 201)
    expectProblem(await t.as(a.keys.Write).post(`/documents/${doc.id}/localizations`, { locale_id: locId(b, 'de') }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Write).post(`/documents/${doc.id}/localizations`, { title: 'x' }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Write).post(`/documents/${doc.id}/localizations`, { locale: 'en', title: 'Two' }), 409, 'CONFLICT')
    expect(expectStatus<DocumentDetail>(await t.as(a.keys.Read).get(`/documents/${doc.id}`), 200).localizations.map((l) => l.title)).toEqual(['One'])
  })

  it("writes need Author (the spec's Read for PUT/DELETE: decisions.md); 401; 404 through another site or for a deleted document", async () => {
    const doc = await createUrlDoc(t, a)
    const loc = expectStatus<DocumentLocalization>(await t.as(a.keys.Write).post(`/documents/${doc.id}/localizations`, { locale: 'en' }), 201)
    expectProblem(await t.as().post(`/documents/${doc.id}/localizations`, { locale: 'de' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/documents/${doc.id}/localizations`, { locale: 'de' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).put(`/documents/localizations/${loc.id}`, { title: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).delete(`/documents/localizations/${loc.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).put(`/documents/localizations/${loc.id}`, { title: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).get(`/documents/${doc.id}/localizations`), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/documents/${doc.id}`))
    expectProblem(await t.as(a.keys.Write).put(`/documents/localizations/${loc.id}`, { title: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post(`/documents/${doc.id}/localizations`, { locale: 'de' }), 404, 'NOT_FOUND')
  })
})
