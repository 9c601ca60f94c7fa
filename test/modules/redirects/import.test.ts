import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, outboxEvents } from '../../../src/db/schema/audit.js'
import { webhookDeliveries } from '../../../src/db/schema/webhooks.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, type Page } from '../../helpers/records.js'

/* POST /sites/{site_id}/redirects/import (an extension): all or nothing, the rules of a single create, row-named errors. */

interface Redirect {
  id: string
  site_id: string
  source_path: string
  destination_path: string
  status_code: number
  is_active: boolean
}
interface Imported {
  created: number
  data: Redirect[]
}

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp({ env: { ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } })
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const importInto = (site: SiteFixture, redirects: unknown[], key = site.keys.Write) => t.as(key).post(`/sites/${site.id}/redirects/import`, { redirects })
/** The fields a problem names, each once (a union type fails each of its branches). */
const fields = (res: Awaited<ReturnType<typeof importInto>>, status: number, code: string) => [
  ...new Set(expectProblem(res, status, code).errors?.map((e) => e.field)),
]

/** What a site holds that an import writes: live redirects, audit rows and outbox events of redirects. */
async function footprint(site: SiteFixture) {
  const live = expectStatus<Page<Redirect>>(await t.as(site.keys.Read).get(`/sites/${site.id}/redirects?per_page=100`), 200).meta.total
  const [audits] = await t.dbh.db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.site_id, site.id), eq(auditLogs.entity_type, 'redirect')))
  const [events] = await t.dbh.db
    .select({ n: count() })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.site_id, site.id), eq(outboxEvents.event_type, 'redirect.created')))
  return { live, audits: audits?.n, events: events?.n }
}

describe('POST /sites/{site_id}/redirects/import', () => {
  it('creates every row in row order, normalised with the defaults of a single create; each audited with redirect.created', async () => {
    const s = await makeSite(t)
    // A lookup answered (and cached) before the import must see the imported redirect after it.
    expectProblem(await t.as(s.keys.Read).get(`/sites/${s.id}/redirects/lookup?path=/old/`), 404, 'NOT_FOUND')
    const res = expectStatus<Imported>(
      await importInto(s, [
        { source_path: '/old/', destination_path: '/new/' },
        { source_path: '/promo', destination_path: 'https://shop.example.com/sale/', status_code: 302, is_active: false },
        { source_path: '/a', destination_path: '/b', status_code: 301, is_active: true, unknown: 'stripped' },
      ]),
      201,
    )
    expect(res.created).toBe(3)
    expect(res.data.map((r) => [r.source_path, r.destination_path, r.status_code, r.is_active])).toEqual([
      ['/old', '/new', 301, true],
      ['/promo', 'https://shop.example.com/sale/', 302, false],
      ['/a', '/b', 301, true],
    ])
    expect(res.data.every((r) => r.site_id === s.id)).toBe(true)
    for (const r of res.data) {
      const audits = await auditsOf(t, 'redirect', r.id)
      expect(audits.map((x) => [x.action, x.site_id, x.api_key_id])).toEqual([['Create', s.id, s.keyIds.Write]])
      expect(audits[0]!.metadata).toEqual({ source_path: r.source_path, destination_path: r.destination_path, status_code: r.status_code, imported: true })
      expect(await eventsFor(t, 'redirect.created', r.id)).toHaveLength(1)
      expect(expectStatus<Redirect>(await t.as(s.keys.Read).get(`/redirects/${r.id}`), 200)).toEqual(r)
    }
    expect(expectStatus(await t.as(s.keys.Read).get(`/sites/${s.id}/redirects/lookup?path=/old/`), 200)).toEqual({ destination_path: '/new', status_code: 301 })
    expect(expectStatus<Page<Redirect>>(await t.as(s.keys.Read).get(`/sites/${s.id}/redirects`), 200).meta.total).toBe(3)
  })

  it('a bad row writes nothing: 400 naming every problem row, conflicts included', async () => {
    const taken = `/taken-${uid()}`
    expectStatus(await t.as(a.keys.Write).post(`/sites/${a.id}/redirects`, { source_path: taken, destination_path: '/x' }), 201)
    const before = await footprint(a)
    const res = await importInto(a, [
      { source_path: `/ok-${uid()}`, destination_path: '/fine' },
      { source_path: '/same/', destination_path: '/same' },
      { source_path: taken, destination_path: '/y' },
    ])
    expect(fields(res, 400, 'VALIDATION_FAILED')).toEqual(['redirects.1.destination_path', 'redirects.2.source_path'])
    expect(await footprint(a)).toEqual(before)
  })

  it('sources already live in the site or repeated in the file: 409 naming the rows, nothing written', async () => {
    const taken = `/taken-${uid()}`
    expectStatus(await t.as(a.keys.Write).post(`/sites/${a.id}/redirects`, { source_path: taken, destination_path: '/x' }), 201)
    const before = await footprint(a)
    const dup = `/dup-${uid()}`
    const res = await importInto(a, [
      { source_path: dup, destination_path: '/one' },
      { source_path: `${taken}/`, destination_path: '/y' },
      { source_path: `${dup}/`, destination_path: '/two' },
    ])
    const problem = expectProblem(res, 409, 'CONFLICT')
    expect(problem.errors?.map((e) => e.field)).toEqual(['redirects.1.source_path', 'redirects.2.source_path'])
    expect(problem.errors?.[1]?.message).toMatch(/redirects\.0\.source_path/)
    expect(problem.detail).toMatch(/nothing was imported/)
    expect(await footprint(a)).toEqual(before)
  })

  it('a deleted redirect frees its source; another site may use the same sources', async () => {
    const source = `/freed-${uid()}`
    const old = expectStatus<Redirect>(await t.as(a.keys.Write).post(`/sites/${a.id}/redirects`, { source_path: source, destination_path: '/x' }), 201)
    expect((await t.as(a.keys.Write).delete(`/redirects/${old.id}`)).statusCode).toBe(204)
    expect(expectStatus<Imported>(await importInto(a, [{ source_path: source, destination_path: '/y' }]), 201).created).toBe(1)
    expect(expectStatus<Imported>(await importInto(b, [{ source_path: source, destination_path: '/y' }]), 201).created).toBe(1)
  })

  it('validates the body with the row named; at most 1,000 rows', async () => {
    const before = await footprint(a)
    expect(fields(await importInto(a, [{ source_path: '/a', destination_path: '/b', status_code: 307 }]), 400, 'VALIDATION_FAILED')).toEqual([
      'redirects.0.status_code',
    ])
    expect(
      fields(
        await importInto(a, [
          { source_path: '/a', destination_path: '/b' },
          { source_path: 'no-slash', destination_path: '/b' },
        ]),
        400,
        'VALIDATION_FAILED',
      ),
    ).toEqual(['redirects.1.source_path'])
    expect(fields(await importInto(a, [{ source_path: '/a', destination_path: 'javascript:alert(1)' }]), 400, 'VALIDATION_FAILED')).toEqual([
      'redirects.0.destination_path',
    ])
    expect(fields(await importInto(a, [{ destination_path: '/b' }]), 400, 'VALIDATION_FAILED')).toEqual(['redirects.0.source_path'])
    expect(fields(await importInto(a, [{ source_path: '/a', destination_path: '/b', is_active: 'yes' }]), 400, 'VALIDATION_FAILED')).toEqual([
      'redirects.0.is_active',
    ])
    expect(fields(await importInto(a, []), 400, 'VALIDATION_FAILED')).toEqual(['redirects'])
    expect(fields(await t.as(a.keys.Write).post(`/sites/${a.id}/redirects/import`, {}), 400, 'VALIDATION_FAILED')).toEqual(['redirects'])
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ source_path: `/many-${i}`, destination_path: '/to' }))
    expect(fields(await importInto(a, tooMany), 400, 'VALIDATION_FAILED')).toEqual(['redirects'])
    expect(await footprint(a)).toEqual(before)
  })

  it('imports 1,000 rows in one change, every one audited and delivered to a matching webhook', async () => {
    const s = await makeSite(t)
    const hook = expectStatus<{ id: string }>(
      await t.as(s.keys.Admin).post(`/sites/${s.id}/webhooks`, { url: 'http://127.0.0.1:9/hook', events: ['redirect.created'] }),
      201,
    )
    const rows = Array.from({ length: 1000 }, (_, i) => ({ source_path: `/bulk/${i}`, destination_path: `/to/${i}` }))
    const res = expectStatus<Imported>(await importInto(s, rows), 201)
    expect(res.created).toBe(1000)
    expect(res.data.map((r) => r.source_path)).toEqual(rows.map((r) => r.source_path))
    expect(await footprint(s)).toEqual({ live: 1000, audits: 1000, events: 1000 })
    const [deliveries] = await t.dbh.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhook_id, hook.id))
    expect(deliveries?.n).toBe(1000)
  })

  it('needs Author on the site: 401, 403, another site 404', async () => {
    const body = [{ source_path: `/acc-${uid()}`, destination_path: '/to' }]
    expectProblem(await t.as().post(`/sites/${a.id}/redirects/import`, { redirects: body }), 401, 'UNAUTHENTICATED')
    expectProblem(await importInto(a, body, a.keys.Read), 403, 'FORBIDDEN')
    expectProblem(await importInto(a, body, b.keys.Master), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/redirects/lookup?path=${body[0]!.source_path}`), 404, 'NOT_FOUND')
  })
})
