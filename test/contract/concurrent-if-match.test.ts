import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import { expectStatus, type Res } from '../helpers/http.js'

/*
 * Edit conflicts under concurrency (decisions.md "Wire format"): writers that send the same, current If-Match at
 * once must not all win. The version is compared with the row read under its lock in the write's transaction, so
 * the writers queue on the row and each later one finds the version the first one wrote: exactly one succeeds,
 * every other gets 412. On PostgreSQL the requests really overlap (a pool of connections); embedded, transactions
 * run one at a time and the rule holds as well.
 */

let t: TestApp
let site: SiteFixture

beforeAll(async () => {
  t = await testApp()
  site = await makeSite(t)
})
afterAll(() => t.close())

const WRITERS = 5

async function race(send: (i: number) => Promise<Res>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => send(i)))
  return answers.map((r) => r.statusCode).sort()
}

const put = (url: string, body: object, ifMatch?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: { 'x-api-key': site.keys.Master, ...(ifMatch ? { 'if-match': ifMatch } : {}) }, payload: body })

describe('concurrent writes with one current If-Match: one wins, the others are 412', () => {
  it('PUT /sites/{site_id}/locales/{locale_id} (a hand-written update)', async () => {
    const de = site.locales.find((l) => l.code === 'de')!
    const url = `/sites/${site.id}/locales/${de.id}`
    const first = expectStatus<{ name: string }>(await put(url, { name: 'Deutsch 0' }), 200)
    expect(first.name).toBe('Deutsch 0')
    const tag = (await put(url, { name: 'Deutsch' })).headers.etag as string
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
    const statuses = await race((i) => put(url, { name: `Deutsch ${i + 1}` }, tag))
    expect(statuses).toEqual([200, ...Array<number>(WRITERS - 1).fill(412)])
    const [stored] = (await t.as(site.keys.Read).get(`/sites/${site.id}/locales`)).json<Array<{ id: string; name: string }>>().filter((l) => l.id === de.id)
    expect(stored?.name).toMatch(/^Deutsch [1-5]$/)
  })

  it('DELETE /sites/{site_id}/locales/{locale_id}: one delete, the others find it changed or gone', async () => {
    const created = expectStatus<{ id: string }>(await t.as(site.keys.Master).post(`/sites/${site.id}/locales`, { code: 'fr' }), 201)
    const url = `/sites/${site.id}/locales/${created.id}`
    const tag = (await put(url, { name: 'Français' })).headers.etag as string
    const statuses = await race((i) =>
      i === 0
        ? put(url, { name: 'Français 2' }, tag)
        : t.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers: { 'x-api-key': site.keys.Master, 'if-match': tag } }),
    )
    // The one winner is the PUT (200) or a DELETE (204); every loser is 412 (the version moved) or 404 (deleted).
    expect(statuses.filter((s) => s < 300)).toHaveLength(1)
    expect(
      statuses.filter((s) => s >= 300).every((s) => s === 412 || s === 404),
      statuses.join(','),
    ).toBe(true)
  })

  it('PUT /blogs/{id} (the shared kit), for comparison', async () => {
    const blog = expectStatus<{ id: string }>(await t.as(site.keys.Master).post('/blogs', { site_ids: [site.id], slug: 'race' }), 201)
    const tag = (await put(`/blogs/${blog.id}`, { slug: 'race-0' })).headers.etag as string
    const statuses = await race((i) => put(`/blogs/${blog.id}`, { slug: `race-${i + 1}` }, tag))
    expect(statuses).toEqual([200, ...Array<number>(WRITERS - 1).fill(412)])
  })
})
