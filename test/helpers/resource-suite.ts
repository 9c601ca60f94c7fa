import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from './app.js'
import { makeSite, MISSING_ID, type SiteFixture } from './factories.js'
import { expectProblem, expectStatus, type Res } from './http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page } from './records.js'

/*
 * The behaviour every site-owned resource built on the kit (kits/site-resource/rules.ts) must show, as one suite:
 * a module's test file supplies fixtures (bodies, the bad ones with the field they fail on) and adds only what is
 * particular to it. Covers create/get/list/update/delete, audit, change history, events, 400 with errors and
 * nothing written, 401, 403, another site's record 404, a deleted record 404, and reorder when offered.
 */

type Body = Record<string, unknown>
interface Item {
  id: string
  site_id: string
  display_order?: number
  [field: string]: unknown
}

export interface ResourceSuite {
  /** For test names: "social link". */
  name: string
  /** URL segment: /sites/{site_id}/<path>, /<path>/{id}. */
  path: string
  /** Audit entity_type and webhook event prefix. */
  entity: string
  events: string
  createIn: 'body' | 'path'
  list: 'page' | 'all'
  reorder?: boolean
  /** A valid create body (without site_id); `n` makes bodies distinct where a field is unique. */
  create(n: number): Body
  /** A valid partial update, and the field whose change history it writes. */
  update: { body: Body; field: string }
  /** Optional text fields: null clears them (decisions.md: unset text is null, never ""). */
  nullable?: string[]
  /** Bodies that must be refused with 400 naming this field. */
  invalid: Array<{ body: Body; field: string; on?: 'create' | 'update' }>
  /** Requirement of writes and of delete, as API-key levels. */
  levels: { write: 'Write' | 'Admin'; delete: 'Write' | 'Admin' }
}

export function describeSiteResource(spec: ResourceSuite): void {
  let t: TestApp
  let a: SiteFixture
  let b: SiteFixture
  let n = 0
  beforeAll(async () => {
    t = await testApp()
    a = await makeSite(t)
    b = await makeSite(t)
  })
  afterAll(() => t.close())

  const post = (site: SiteFixture, body: Body, key = site.keys[spec.levels.write]): Promise<Res> =>
    spec.createIn === 'path' ? t.as(key).post(`/sites/${site.id}/${spec.path}`, body) : t.as(key).post(`/${spec.path}`, { ...body, site_id: site.id })
  const create = async (site: SiteFixture) => expectStatus<Item>(await post(site, spec.create(++n)), 201)
  const listIds = async (site: SiteFixture) => {
    const res = expectStatus<Item[] | Page<Item>>(await t.as(site.keys.Read).get(`/sites/${site.id}/${spec.path}`), 200)
    return (Array.isArray(res) ? res : res.data).map((x) => x.id)
  }

  describe(`${spec.name}: the site-resource contract`, () => {
    it('creates (201, audited, event), reads by id and in the site list', async () => {
      const item = await create(a)
      expect(item.site_id).toBe(a.id)
      expectStatus(await t.as(a.keys.Read).get(`/${spec.path}/${item.id}`), 200)
      expect(await listIds(a)).toContain(item.id)
      expect(await listIds(b)).not.toContain(item.id)
      expect((await auditsOf(t, spec.entity, item.id)).map((r) => r.action)).toEqual(['Create'])
      expect(await eventsFor(t, `${spec.events}.created`, item.id)).toHaveLength(1)
    })

    it('updates partially with change history and an event; null clears optional text', async () => {
      const item = await create(a)
      const updated = expectStatus<Item>(await t.as(a.keys[spec.levels.write]).put(`/${spec.path}/${item.id}`, spec.update.body), 200)
      for (const [k, v] of Object.entries(spec.update.body)) expect(updated[k]).toEqual(v)
      expect(await historyOf(t, spec.entity, item.id, spec.update.field)).toHaveLength(1)
      expect(await eventsFor(t, `${spec.events}.updated`, item.id)).toHaveLength(1)
      for (const field of spec.nullable ?? []) {
        const cleared = expectStatus<Item>(await t.as(a.keys[spec.levels.write]).put(`/${spec.path}/${item.id}`, { [field]: null }), 200)
        expect(cleared[field]).toBeNull()
      }
    })

    it('refuses bad bodies with 400 naming the field, and writes nothing', async () => {
      const item = await create(a)
      const before = (await listIds(a)).length
      for (const bad of spec.invalid) {
        const res = bad.on === 'update' ? await t.as(a.keys.Master).put(`/${spec.path}/${item.id}`, bad.body) : await post(a, bad.body, a.keys.Master)
        const problem = expectProblem(res, 400, 'VALIDATION_FAILED')
        expect(
          problem.errors?.map((e) => e.field),
          JSON.stringify(bad.body),
        ).toContain(bad.field)
      }
      expectProblem(await t.as(a.keys.Master).put(`/${spec.path}/${item.id}`, {}), 400, 'VALIDATION_FAILED')
      expect((await listIds(a)).length).toBe(before)
      expect((await auditsOf(t, spec.entity, item.id)).map((r) => r.action)).toEqual(['Create'])
    })

    it('401 without a key, 403 for a Read key writing, 404 through another site or for an unknown id', async () => {
      const item = await create(a)
      expectProblem(await t.as().get(`/${spec.path}/${item.id}`), 401, 'UNAUTHENTICATED')
      expectProblem(await post(a, spec.create(++n), a.keys.Read), 403, 'FORBIDDEN')
      expectProblem(await t.as(a.keys.Read).put(`/${spec.path}/${item.id}`, spec.update.body), 403, 'FORBIDDEN')
      expectProblem(await t.as(a.keys.Read).delete(`/${spec.path}/${item.id}`), 403, 'FORBIDDEN')
      expectProblem(await post(a, spec.create(++n), b.keys.Master), 404, 'NOT_FOUND')
      for (const res of [
        await t.as(b.keys.Master).get(`/${spec.path}/${item.id}`),
        await t.as(b.keys.Master).put(`/${spec.path}/${item.id}`, spec.update.body),
        await t.as(b.keys.Master).delete(`/${spec.path}/${item.id}`),
        await t.as(a.keys.Master).get(`/${spec.path}/${MISSING_ID}`),
      ]) {
        expectProblem(res, 404, 'NOT_FOUND')
      }
    })

    it('deletes: 404 afterwards, out of the list, audited with an event; a second delete is 404', async () => {
      const item = await create(a)
      expectNoContent(await t.as(a.keys[spec.levels.delete]).delete(`/${spec.path}/${item.id}`))
      expectProblem(await t.as(a.keys.Read).get(`/${spec.path}/${item.id}`), 404, 'NOT_FOUND')
      expect(await listIds(a)).not.toContain(item.id)
      expect(await eventsFor(t, `${spec.events}.deleted`, item.id)).toHaveLength(1)
      expectProblem(await t.as(a.keys[spec.levels.delete]).delete(`/${spec.path}/${item.id}`), 404, 'NOT_FOUND')
    })

    it.runIf(spec.reorder)('reorders all or nothing: items named once and of this site only', async () => {
      const site = await makeSite(t)
      const [x, y, z] = [await create(site), await create(site), await create(site)]
      const other = await create(b)
      const url = `/sites/${site.id}/${spec.path}/reorder`
      expectProblem(
        await t.as(site.keys.Write).post(url, {
          items: [
            { id: x.id, display_order: 1 },
            { id: other.id, display_order: 2 },
          ],
        }),
        400,
        'VALIDATION_FAILED',
      )
      expectProblem(
        await t.as(site.keys.Write).post(url, {
          items: [
            { id: x.id, display_order: 1 },
            { id: x.id, display_order: 2 },
          ],
        }),
        400,
        'VALIDATION_FAILED',
      )
      expect(await listIds(site)).toEqual([x.id, y.id, z.id])
      expectProblem(await t.as(site.keys.Read).post(url, { items: [{ id: x.id, display_order: 1 }] }), 403, 'FORBIDDEN')
      expectNoContent(
        await t.as(site.keys.Write).post(url, {
          items: [
            { id: z.id, display_order: 1 },
            { id: x.id, display_order: 2 },
            { id: y.id, display_order: 3 },
          ],
        }),
      )
      expect(await listIds(site)).toEqual([z.id, x.id, y.id])
    })
  })
}
