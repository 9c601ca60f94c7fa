import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from './app.js'
import { makeSite, MISSING_ID, type SiteFixture } from './factories.js'
import { expectProblem, expectStatus, type Res } from './http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page } from './records.js'

/*
 * The behaviour every shared record built on the kit (kits/shared-resource/rules.ts and routes.ts) must show, as
 * one suite, like describeSiteResource for site-owned ones: created with site_ids (the first owns it, every listed
 * site carries it), read through any carrying site, written only on the owning one, soft-deleted out of every
 * carrying site's list; audit, change history, events, 400 with nothing written, 401, 403, 404 out of reach.
 * A module's test file supplies fixtures and adds only what is particular to it.
 */

type Body = Record<string, unknown>
interface Item {
  id: string
  site_id: string
  site_ids: string[]
  [field: string]: unknown
}

export interface SharedResourceSuite {
  /** For test names: "skill". */
  name: string
  /** URL segment: /sites/{site_id}/<path>, /<path>, /<path>/{id}. */
  path: string
  /** Audit entity_type and webhook event prefix. */
  entity: string
  events: string
  /** A valid create body (without site_ids); `n` makes bodies distinct where a field is unique. */
  create(n: number): Body
  /** A valid partial update, and the field whose change history it writes. */
  update: { body: Body; field: string }
  /** Bodies that must be refused with 400 naming this field. */
  invalid: Array<{ body: Body; field: string; on?: 'create' | 'update' }>
}

export function describeSharedResource(spec: SharedResourceSuite): void {
  let t: TestApp
  let a: SiteFixture
  let b: SiteFixture
  let c: SiteFixture
  let n = 0
  beforeAll(async () => {
    t = await testApp()
    a = await makeSite(t)
    b = await makeSite(t)
    c = await makeSite(t)
  })
  afterAll(() => t.close())

  const post = (siteIds: string[], body: Body, key: string): Promise<Res> => t.as(key).post(`/${spec.path}`, { ...body, site_ids: siteIds })
  /** Owned by `owner`, carried by `others` too (only an unscoped key may name several sites). */
  const create = async (owner: SiteFixture, others: SiteFixture[] = []) =>
    expectStatus<Item>(await post([owner.id, ...others.map((s) => s.id)], spec.create(++n), others.length > 0 ? t.masterKey : owner.keys.Write), 201)
  const listIds = async (site: SiteFixture) =>
    expectStatus<Page<Item>>(await t.as(site.keys.Read).get(`/sites/${site.id}/${spec.path}?per_page=100`), 200).data.map((x) => x.id)

  describe(`${spec.name}: the shared-resource contract`, () => {
    it('creates (201, audited, event) owned by the first site and carried by every listed one', async () => {
      const item = await create(a, [b])
      expect(item.site_id).toBe(a.id)
      expect(item.site_ids).toEqual([a.id, b.id])
      for (const site of [a, b]) {
        expect(await listIds(site)).toContain(item.id)
        expect(expectStatus<Item>(await t.as(site.keys.Read).get(`/${spec.path}/${item.id}`), 200).id).toBe(item.id)
      }
      expect(await listIds(c)).not.toContain(item.id)
      expect((await auditsOf(t, spec.entity, item.id)).map((r) => r.action)).toEqual(['Create'])
      expect(await eventsFor(t, `${spec.events}.created`, item.id)).toHaveLength(1)
    })

    it('updates partially on the owning site with change history and an event; a carrying site may not write', async () => {
      const item = await create(a, [b])
      expectProblem(await t.as(b.keys.Master).put(`/${spec.path}/${item.id}`, spec.update.body), 403, 'FORBIDDEN')
      expectProblem(await t.as(b.keys.Master).delete(`/${spec.path}/${item.id}`), 403, 'FORBIDDEN')
      const updated = expectStatus<Item>(await t.as(a.keys.Write).put(`/${spec.path}/${item.id}`, spec.update.body), 200)
      for (const [k, v] of Object.entries(spec.update.body)) expect(updated[k]).toEqual(v)
      expect(updated.site_ids).toEqual([a.id, b.id])
      expect(await historyOf(t, spec.entity, item.id, spec.update.field)).toHaveLength(1)
      expect(await eventsFor(t, `${spec.events}.updated`, item.id)).toHaveLength(1)
    })

    it('refuses bad bodies with 400 naming the field, and writes nothing', async () => {
      const item = await create(a)
      const before = (await listIds(a)).length
      for (const bad of spec.invalid) {
        const res = bad.on === 'update' ? await t.as(a.keys.Master).put(`/${spec.path}/${item.id}`, bad.body) : await post([a.id], bad.body, a.keys.Master)
        const problem = expectProblem(res, 400, 'VALIDATION_FAILED')
        expect(
          problem.errors?.map((e) => e.field),
          JSON.stringify(bad.body),
        ).toContain(bad.field)
      }
      expect((await listIds(a)).length).toBe(before)
      expect((await auditsOf(t, spec.entity, item.id)).map((r) => r.action)).toEqual(['Create'])
    })

    it('401 without a key, 403 for a Read key writing, 404 out of reach or for an unknown id', async () => {
      const item = await create(a)
      expectProblem(await t.as().get(`/${spec.path}/${item.id}`), 401, 'UNAUTHENTICATED')
      expectProblem(await post([a.id], spec.create(++n), a.keys.Read), 403, 'FORBIDDEN')
      expectProblem(await t.as(a.keys.Read).put(`/${spec.path}/${item.id}`, spec.update.body), 403, 'FORBIDDEN')
      expectProblem(await t.as(a.keys.Read).delete(`/${spec.path}/${item.id}`), 403, 'FORBIDDEN')
      // A key of one site naming another in site_ids: that site is out of its reach, and nothing is created.
      const listed = (await listIds(b)).length
      expectProblem(await post([a.id, b.id], spec.create(++n), a.keys.Master), 404, 'NOT_FOUND')
      expect((await listIds(b)).length).toBe(listed)
      for (const res of [
        await t.as(c.keys.Master).get(`/${spec.path}/${item.id}`),
        await t.as(c.keys.Master).put(`/${spec.path}/${item.id}`, spec.update.body),
        await t.as(c.keys.Master).delete(`/${spec.path}/${item.id}`),
        await t.as(a.keys.Master).get(`/${spec.path}/${MISSING_ID}`),
      ]) {
        expectProblem(res, 404, 'NOT_FOUND')
      }
    })

    it('deletes on the owning site: 404 afterwards through every carrier, out of every list, audited with an event', async () => {
      const item = await create(a, [b])
      expectNoContent(await t.as(a.keys.Write).delete(`/${spec.path}/${item.id}`))
      for (const site of [a, b]) {
        expectProblem(await t.as(site.keys.Read).get(`/${spec.path}/${item.id}`), 404, 'NOT_FOUND')
        expect(await listIds(site)).not.toContain(item.id)
      }
      expect((await auditsOf(t, spec.entity, item.id)).map((r) => r.action)).toEqual(['Create', 'Delete'])
      expect(await eventsFor(t, `${spec.events}.deleted`, item.id)).toHaveLength(1)
      expectProblem(await t.as(a.keys.Write).delete(`/${spec.path}/${item.id}`), 404, 'NOT_FOUND')
    })
  })
}
