import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'

interface LocaleBody {
  id: string
  site_id: string
  code: string
  name: string
  is_default: boolean
  created_at: string
}

const LOCALE_FIELDS = ['code', 'created_at', 'id', 'is_default', 'name', 'site_id']
const BAD_KEY = 'atr_this-key-does-not-exist-anywhere-0000000000'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const localesOf = async (s: SiteFixture) => expectStatus<LocaleBody[]>(await t.as(s.keys.Read).get(`/sites/${s.id}/locales`), 200)
const defaultsOf = async (s: SiteFixture) => (await localesOf(s)).filter((l) => l.is_default).map((l) => l.code)
const localeId = (s: SiteFixture, code: string) => s.locales.find((l) => l.code === code)?.id as string

describe('GET /sites/{site_id}/locales', () => {
  it('lists the site locales, default first, to any of its keys', async () => {
    const body = await localesOf(a)
    expect(body.map((l) => [l.code, l.name, l.is_default, l.site_id])).toEqual([
      ['en', 'English', true, a.id],
      ['de', 'German', false, a.id],
    ])
    expect(Object.keys(body[0] as object).sort()).toEqual(LOCALE_FIELDS)
  })

  it('answers 404 for another site, 400 for a bad id, 401 without credentials', async () => {
    expectProblem(await t.as(a.keys.Master).get(`/sites/${b.id}/locales`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).get(`/sites/${MISSING_ID}/locales`), 404, 'NOT_FOUND')
    const problem = expectProblem(await t.as(t.masterKey).get('/sites/nope/locales'), 400, 'VALIDATION_FAILED')
    expect(problem.errors?.[0]?.field).toBe('site_id')
    expectProblem(await t.as().get(`/sites/${a.id}/locales`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(BAD_KEY).get(`/sites/${a.id}/locales`), 401, 'UNAUTHENTICATED')
  })
})

describe('POST /sites/{site_id}/locales', () => {
  it('adds a locale (201) in canonical form with a display name; the default stays', async () => {
    const s = await makeSite(t)
    const body = expectStatus<LocaleBody>(await t.as(s.keys.Admin).post(`/sites/${s.id}/locales`, { code: 'fr-ca' }), 201)
    expect(body).toMatchObject({ site_id: s.id, code: 'fr-CA', name: 'Canadian French', is_default: false })
    expect(Object.keys(body).sort()).toEqual(LOCALE_FIELDS)
    expect((await localesOf(s)).map((l) => l.code)).toEqual(['en', 'de', 'fr-CA'])
    expect(await defaultsOf(s)).toEqual(['en'])
  })

  it('makes a new default clear the old one', async () => {
    const s = await makeSite(t)
    const body = expectStatus<LocaleBody>(await t.as(s.keys.Master).post(`/sites/${s.id}/locales`, { code: 'it', name: 'Italiano', is_default: true }), 201)
    expect(body).toMatchObject({ code: 'it', name: 'Italiano', is_default: true })
    expect(await defaultsOf(s)).toEqual(['it'])
    const settings = expectStatus<{ default_locale_id: string }>(await t.as(s.keys.Read).get(`/sites/${s.id}/settings`), 200)
    expect(settings.default_locale_id).toBe(body.id)
  })

  it('makes the first locale of a site without locales its default', async () => {
    const created = expectStatus<{ id: string }>(await t.as(t.masterKey).post('/sites', { name: 'Bare', slug: `bare-${uid()}` }), 201)
    const body = expectStatus<LocaleBody>(await t.as(t.masterKey).post(`/sites/${created.id}/locales`, { code: 'nl' }), 201)
    expect(body.is_default).toBe(true)
  })

  it('rejects bad bodies with 400 and duplicate codes with 409, adding nothing', async () => {
    const before = await localesOf(a)
    const cases: Array<[unknown, string]> = [
      [{}, 'code'],
      [{ code: 'en_GB' }, 'code'],
      [{ code: 'x' }, 'code'],
      [{ code: 42 }, 'code'],
      [{ code: 'pt', is_default: 'yes' }, 'is_default'],
    ]
    for (const [input, field] of cases) {
      const problem = expectProblem(await t.as(a.keys.Admin).post(`/sites/${a.id}/locales`, input), 400, 'VALIDATION_FAILED')
      expect(
        problem.errors?.map((e) => e.field),
        JSON.stringify(input),
      ).toContain(field)
    }
    expectProblem(await t.as(a.keys.Admin).post(`/sites/${a.id}/locales`, { code: 'EN' }), 409, 'CONFLICT')
    expect(await localesOf(a)).toEqual(before)
  })

  it('needs Admin (403), the site in scope (404), a UUID (400) and credentials (401)', async () => {
    expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/locales`, { code: 'pl' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).post(`/sites/${a.id}/locales`, { code: 'pl' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Admin).post(`/sites/${b.id}/locales`, { code: 'pl' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).post('/sites/1/locales', { code: 'pl' }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as().post(`/sites/${a.id}/locales`, { code: 'pl' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(BAD_KEY).post(`/sites/${a.id}/locales`, { code: 'pl' }), 401, 'UNAUTHENTICATED')
    expect((await localesOf(a)).map((l) => l.code)).not.toContain('pl')
  })
})

describe('PUT /sites/{site_id}/locales/{locale_id}', () => {
  it('renames and recodes a locale', async () => {
    const s = await makeSite(t)
    const de = localeId(s, 'de')
    const body = expectStatus<LocaleBody>(await t.as(s.keys.Admin).put(`/sites/${s.id}/locales/${de}`, { code: 'de-at', name: 'Österreichisch' }), 200)
    expect(body).toMatchObject({ id: de, code: 'de-AT', name: 'Österreichisch', is_default: false })
    expect((await localesOf(s)).find((l) => l.id === de)).toEqual(body)
  })

  it('makes a locale the default and clears the old default', async () => {
    const s = await makeSite(t)
    const de = localeId(s, 'de')
    expectStatus(await t.as(s.keys.Admin).put(`/sites/${s.id}/locales/${de}`, { is_default: true }), 200)
    expect(await defaultsOf(s)).toEqual(['de'])
    const settings = expectStatus<{ default_locale_id: string }>(await t.as(s.keys.Read).get(`/sites/${s.id}/settings`), 200)
    expect(settings.default_locale_id).toBe(de)
    // Setting it again is a no-op, not an error.
    expectStatus(await t.as(s.keys.Admin).put(`/sites/${s.id}/locales/${de}`, { is_default: true }), 200)
    expect(await defaultsOf(s)).toEqual(['de'])
  })

  it('refuses to leave a site without a default (409 INVALID_STATE) and a code in use (409 CONFLICT)', async () => {
    const en = localeId(a, 'en')
    expectProblem(await t.as(a.keys.Admin).put(`/sites/${a.id}/locales/${en}`, { is_default: false }), 409, 'INVALID_STATE')
    expectProblem(await t.as(a.keys.Admin).put(`/sites/${a.id}/locales/${localeId(a, 'de')}`, { code: 'EN' }), 409, 'CONFLICT')
    expect(await defaultsOf(a)).toEqual(['en'])
  })

  it('rejects empty and invalid bodies with 400', async () => {
    const before = await localesOf(a)
    const de = localeId(a, 'de')
    const cases: Array<[unknown, string]> = [
      [{}, 'body'],
      [{ unknown: true }, 'body'],
      [{ code: 'de_DE' }, 'code'],
      [{ is_default: 1 }, 'is_default'],
    ]
    for (const [input, field] of cases) {
      const problem = expectProblem(await t.as(a.keys.Admin).put(`/sites/${a.id}/locales/${de}`, input), 400, 'VALIDATION_FAILED')
      expect(
        problem.errors?.map((e) => e.field),
        JSON.stringify(input),
      ).toContain(field)
    }
    expectProblem(await t.as(a.keys.Admin).put(`/sites/${a.id}/locales/not-a-uuid`, { name: 'x' }), 400, 'VALIDATION_FAILED')
    expect(await localesOf(a)).toEqual(before)
  })

  it('answers 404 for a locale of another site, 403 below Admin, 401 without credentials', async () => {
    const bDe = localeId(b, 'de')
    expectProblem(await t.as(a.keys.Admin).put(`/sites/${a.id}/locales/${bDe}`, { name: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Admin).put(`/sites/${b.id}/locales/${bDe}`, { name: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Admin).put(`/sites/${a.id}/locales/${MISSING_ID}`, { name: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).put(`/sites/${a.id}/locales/${localeId(a, 'de')}`, { name: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as().put(`/sites/${a.id}/locales/${localeId(a, 'de')}`, { name: 'x' }), 401, 'UNAUTHENTICATED')
    expect((await localesOf(b)).find((l) => l.id === bDe)?.name).toBe('German')
  })
})

describe('DELETE /sites/{site_id}/locales/{locale_id}', () => {
  it('removes a non-default locale (204)', async () => {
    const s = await makeSite(t)
    const res = await t.as(s.keys.Admin).delete(`/sites/${s.id}/locales/${localeId(s, 'de')}`)
    expect(res.statusCode).toBe(204)
    expect((await localesOf(s)).map((l) => l.code)).toEqual(['en'])
    expectProblem(await t.as(s.keys.Admin).delete(`/sites/${s.id}/locales/${localeId(s, 'de')}`), 404, 'NOT_FOUND')
  })

  it('keeps the default locale (409 INVALID_STATE)', async () => {
    expectProblem(await t.as(a.keys.Admin).delete(`/sites/${a.id}/locales/${localeId(a, 'en')}`), 409, 'INVALID_STATE')
    expect(await defaultsOf(a)).toEqual(['en'])
  })

  it('answers 404 for another site, 403 below Admin, 400 for bad ids, 401 without credentials', async () => {
    const de = localeId(a, 'de')
    expectProblem(await t.as(a.keys.Admin).delete(`/sites/${a.id}/locales/${localeId(b, 'de')}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Admin).delete(`/sites/${b.id}/locales/${localeId(b, 'de')}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).delete(`/sites/${a.id}/locales/${de}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).delete(`/sites/${a.id}/locales/${de}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Admin).delete(`/sites/${a.id}/locales/xyz`), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as().delete(`/sites/${a.id}/locales/${de}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(BAD_KEY).delete(`/sites/${a.id}/locales/${de}`), 401, 'UNAUTHENTICATED')
    expect((await localesOf(a)).map((l) => l.code)).toEqual(['en', 'de'])
    expect((await localesOf(b)).map((l) => l.code)).toEqual(['en', 'de'])
  })
})
