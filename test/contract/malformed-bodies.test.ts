import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentTemplates } from '../../src/db/schema/content-templates.js'
import { pageSections } from '../../src/db/schema/pages.js'
import { socialLinks } from '../../src/db/schema/site-links.js'
import { MAX_JSON_DEPTH, tooDeep } from '../../src/http/json-body.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import { expectProblem, expectStatus, type Res } from '../helpers/http.js'

/* Issue 31 item 1: every malformed body a parser sees is a 4xx problem (400/413/415), never a 500. */

let t: TestApp
let a: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(() => t.close())

const send = (url: string, headers: Record<string, string>, payload: string | Buffer, key = a.keys.Master): Promise<Res> =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { 'x-api-key': key, ...headers }, payload })

function expect4xx(res: Res, statuses: number[]): void {
  expect(statuses, `${res.statusCode} ${res.body}`).toContain(res.statusCode)
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  expect(res.headers['x-request-id']).toBeTruthy()
}

const part = (boundary: string, name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
const filePart = (boundary: string, bytes: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${bytes}`

describe('multipart: POST /media/upload', () => {
  const form = (b: string) => `${part(b, 'site_ids', JSON.stringify([a.id]))}${filePart(b, 'hello\n')}\r\n--${b}--\r\n`

  it('no boundary in the content type: 400', async () => {
    expect4xx(await send('/media/upload', { 'content-type': 'multipart/form-data' }, form('xyz')), [400])
  })
  it('an empty boundary parameter: 400', async () => {
    expect4xx(await send('/media/upload', { 'content-type': 'multipart/form-data; boundary=' }, form('xyz')), [400])
  })
  it("a boundary that is not the body's: 400", async () => {
    expect4xx(await send('/media/upload', { 'content-type': 'multipart/form-data; boundary=other' }, form('xyz')), [400])
  })
  it('a body cut short inside the fields: 400', async () => {
    const body = `${part('xyz', 'site_ids', JSON.stringify([a.id]))}--xyz\r\nContent-Disposition: form-da`
    expect4xx(await send('/media/upload', { 'content-type': 'multipart/form-data; boundary=xyz' }, body), [400])
  })
  it('a body cut short inside the file: 400', async () => {
    const body = `${part('xyz', 'site_ids', JSON.stringify([a.id]))}${filePart('xyz', 'hello, this file never ends')}`
    expect4xx(await send('/media/upload', { 'content-type': 'multipart/form-data; boundary=xyz' }, body), [400])
  })
  it('a part header that is malformed: 400', async () => {
    const body = `--xyz\r\nthis is no header\r\n\r\nvalue\r\n--xyz--\r\n`
    expect4xx(await send('/media/upload', { 'content-type': 'multipart/form-data; boundary=xyz' }, body), [400])
  })
  it('an empty body: 400', async () => {
    expect4xx(await send('/media/upload', { 'content-type': 'multipart/form-data; boundary=xyz' }, ''), [400])
  })
  it('garbage bytes: 400', async () => {
    expect4xx(await send('/media/upload', { 'content-type': 'multipart/form-data; boundary=xyz' }, Buffer.from([0, 1, 2, 255, 13, 10, 45, 45])), [400])
  })
  it('too many fields or parts: 413', async () => {
    const b = 'xyz'
    const body = `${Array.from({ length: 20 }, (_, i) => part(b, `f${i}`, 'v')).join('')}--${b}--\r\n`
    expect4xx(await send('/media/upload', { 'content-type': `multipart/form-data; boundary=${b}` }, body), [413])
  })
  it('a field over its size limit: 413', async () => {
    const b = 'xyz'
    const body = `${part(b, 'site_ids', 'x'.repeat(20 * 1024))}--${b}--\r\n`
    expect4xx(await send('/media/upload', { 'content-type': `multipart/form-data; boundary=${b}` }, body), [413])
  })
  it('JSON to the upload route: 415', async () => {
    expect4xx(await send('/media/upload', { 'content-type': 'application/json' }, '{}'), [415])
  })
  it('multipart to a JSON route: 415', async () => {
    expect4xx(await send('/tags', { 'content-type': 'multipart/form-data; boundary=xyz' }, form('xyz')), [415])
  })
})

describe('JSON bodies', () => {
  const url = `/sites/{site}/social`
  const post = (headers: Record<string, string>, payload: string | Buffer) => send(url.replace('{site}', a.id), headers, payload)

  it('an empty body with a JSON content type: 400', async () => {
    expect4xx(await post({ 'content-type': 'application/json' }, ''), [400])
  })
  it('malformed JSON: 400', async () => {
    expect4xx(await post({ 'content-type': 'application/json' }, '{"name": '), [400])
  })
  it('a JSON body that is not valid UTF-8 text: 400 and nothing stored (it was read as U+FFFD)', async () => {
    const label = Buffer.from([0x6c, 0xff, 0xfe])
    const body = Buffer.concat([Buffer.from('{"platform":"utf8test","url":"https://x.example","label":"'), label, Buffer.from('"}')])
    expect4xx(await post({ 'content-type': 'application/json' }, body), [400])
    expect(await t.dbh.db.select().from(socialLinks).where(eq(socialLinks.platform, 'utf8test'))).toHaveLength(0)
  })
  it('a charset other than UTF-8: 415', async () => {
    expect4xx(await post({ 'content-type': 'application/json; charset=latin1' }, '{"name":"x"}'), [415])
  })
  it('an unknown charset: 415', async () => {
    expect4xx(await post({ 'content-type': 'application/json; charset=nonsense' }, '{"name":"x"}'), [415])
  })
  it('a prototype key: 400', async () => {
    expect4xx(await post({ 'content-type': 'application/json' }, '{"__proto__": {"x": 1}, "name": "y"}'), [400])
  })
  it('over the 1 MiB limit: 413', async () => {
    expect4xx(await post({ 'content-type': 'application/json' }, `{"name":"${'x'.repeat(1024 * 1024)}"}`), [413])
  })
  it('a content length larger than the body: 400', async () => {
    expect4xx(await post({ 'content-type': 'application/json', 'content-length': '50' }, '{"name":"x"}'), [400])
  })
  it('text/plain, form-encoded, no content type: 415', async () => {
    expect4xx(await post({ 'content-type': 'text/plain' }, '{"name":"x"}'), [415])
    expect4xx(await post({ 'content-type': 'application/x-www-form-urlencoded' }, 'name=x'), [415])
    expect4xx(await post({}, Buffer.from('{"name":"x"}')), [400, 415])
  })
  it('a malformed content-type header: 415', async () => {
    expect4xx(await post({ 'content-type': 'application/json; charset' }, '{"name":"x"}'), [400, 415])
    expect4xx(await post({ 'content-type': ';;;' }, '{"name":"x"}'), [400, 415])
  })
})

/** `{ "a": { "a": … 1 } }` with `depth` objects, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let v: Record<string, unknown> = { leaf: 1 }
  for (let i = 1; i < depth; i++) v = { a: v }
  return v
}
/** The JSON text of nested(depth), written directly (JSON.stringify would overflow on deep values itself). */
const nestedText = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"leaf":1}${'}'.repeat(depth - 1)}`

describe('JSON nesting depth (issue 31 item 2)', () => {
  it('tooDeep: finds the path of the first value nested too deep, iteratively', () => {
    expect(tooDeep({ x: nested(MAX_JSON_DEPTH) })).toBeUndefined()
    expect(tooDeep({ x: nested(MAX_JSON_DEPTH + 1) })).toEqual(['x', ...Array<string>(MAX_JSON_DEPTH).fill('a')])
    expect(tooDeep({ s: [{ t: 1 }, { settings: nested(40) }] })?.slice(0, 4)).toEqual(['s', '1', 'settings', 'a'])
    expect(tooDeep([[[[1]]]], 3)).toBeUndefined()
    expect(tooDeep([[[[1]]]], 2)).toEqual(['0', '0', '0'])
    expect(tooDeep(JSON.parse(nestedText(100_000)))).toHaveLength(MAX_JSON_DEPTH + 1)
  })

  const templateBody = (depthText: string) => `{"name":"deep ${Math.random()}","content_type":"blog","template_data":${depthText}}`
  const templates = () => t.dbh.db.select().from(contentTemplates).where(eq(contentTemplates.site_id, a.id))

  for (const depth of [5000, 4000, MAX_JSON_DEPTH + 1]) {
    it(`template_data nested ${depth} deep: 400 naming template_data, nothing stored`, async () => {
      const before = (await templates()).length
      const res = await send(`/sites/${a.id}/content-templates`, { 'content-type': 'application/json' }, templateBody(nestedText(depth)))
      const p = expectProblem(res, 400, 'VALIDATION_FAILED')
      expect(p.errors?.[0]?.field).toBe('template_data')
      expect((await templates()).length).toBe(before)
    })
  }

  it(`template_data nested ${MAX_JSON_DEPTH} deep (the body's level 1 to ${MAX_JSON_DEPTH}) is accepted`, async () => {
    const res = await send(`/sites/${a.id}/content-templates`, { 'content-type': 'application/json' }, templateBody(nestedText(MAX_JSON_DEPTH)))
    expectStatus(res, 201)
  })

  it("a section's settings nested 5,000 deep: 400 naming settings (create, update, and sections of a new page); nothing stored", async () => {
    const page = expectStatus<{ id: string }>(await t.as(a.keys.Write).post('/pages', { site_ids: [a.id], route: '/deep', slug: 'deep' }), 201)
    const section = expectStatus<{ id: string }>(await t.as(a.keys.Write).post(`/pages/${page.id}/sections`, { section_type: 'hero' }), 201)
    const json = { 'content-type': 'application/json' }
    const deep = nestedText(5000)
    let p = expectProblem(await send(`/pages/${page.id}/sections`, json, `{"section_type":"hero","settings":${deep}}`, a.keys.Write), 400, 'VALIDATION_FAILED')
    expect(p.errors?.[0]?.field).toBe('settings')
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/pages/sections/${section.id}`,
      headers: { ...json, 'x-api-key': a.keys.Write },
      payload: `{"settings":${deep}}`,
    })
    p = expectProblem(put, 400, 'VALIDATION_FAILED')
    expect(p.errors?.[0]?.field).toBe('settings')
    p = expectProblem(
      await send('/pages', json, `{"site_ids":["${a.id}"],"route":"/deep2","slug":"deep2","sections":[{"section_type":"x","settings":${deep}}]}`, a.keys.Write),
      400,
      'VALIDATION_FAILED',
    )
    expect(p.errors?.[0]?.field).toBe('sections')
    expect(p.errors?.[0]?.message).toContain('sections.0.settings.a')
    const rows = await t.dbh.db.select().from(pageSections).where(eq(pageSections.page_id, page.id))
    expect(rows.map((r) => r.settings)).toEqual([{}])
  })
})
