import { and, eq, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs } from '../../src/db/schema/audit.js'
import { testApp, type TestApp } from './app.js'
import { makeSite, MISSING_ID, type SiteFixture } from './factories.js'
import { expectProblem, expectStatus } from './http.js'
import { auditsOf, eventsFor, expectNoContent } from './records.js'

/*
 * The behaviour every localization sub-resource built on the kit (kits/localizations/rules.ts and routes.ts) must
 * show, as one suite, like describeSiteResource for site resources: one row per locale of the owning site, named by
 * code or by id; list default locale first; partial update; delete; 400 for another site's locale (nothing written),
 * 409 for a second row of a locale (or an update, for an upsert kit); 401, 403 by role, 404 through another site or
 * for a deleted parent; audit in the write's own transaction; the parent's `<events>.updated` event per write.
 * Records that write their rows by a PUT of the list (navigation items, page sections) run it with `putUpsert`.
 * Everything lives in the describe's closure: the server suite runs files in one module graph (isolate: false).
 */

type Body = Record<string, unknown>
interface Loc {
  id: string
  locale_id: string
  [field: string]: unknown
}

export interface LocalizationsSuite {
  /** For test names: "document". */
  name: string
  /** Parent URL segment: /<path>/{id}/<segment>, /<path>/<segment>/{loc_id}, DELETE /<path>/{id}. */
  path: string
  /** The sub-resource segment (default "localizations"; media: "metadata"). */
  segment?: string
  /** Audit entity_type of the rows (the kit's `name`) and their table. */
  entity: string
  table: PgTable
  /** The row's column naming its parent: document_id, media_id, … */
  parentField: string
  /** The parent's event prefix: a `<events>.updated` per write. */
  events: string
  /**
   * A live parent on `site` (created through the API): its id, or the id with `key`, what its rows carry in
   * parentField when not the id (a blog's content_id), and `subject`, the record its `<events>.updated` events name
   * when another (a menu item's menu, a section's page).
   */
  parent(t: TestApp, site: SiteFixture): Promise<string | Parent>
  /** Two distinct valid text bodies (without the locale) and a partial update of one text field. */
  texts: [Body, Body]
  update: Body
  /** The kit's `upsert`: a second POST of a locale updates it (200) instead of a 409. */
  upsert?: boolean
  /**
   * Rows written by a PUT of the list, an upsert per locale, instead of the kit's POST and PUT by the row's id
   * (navigation items, page sections; implies `upsert`). `delete`: whether DELETE by the row's id is there.
   */
  putUpsert?: { delete: boolean }
}

interface Parent {
  id: string
  key?: string
  subject?: string
}

export function describeLocalizations(spec: LocalizationsSuite): void {
  const segment = spec.segment ?? 'localizations'
  let t: TestApp
  let a: SiteFixture
  let b: SiteFixture
  beforeAll(async () => {
    t = await testApp()
    a = await makeSite(t)
    b = await makeSite(t)
  })
  afterAll(() => t.close())

  const upsert = spec.upsert === true || spec.putUpsert !== undefined
  const deletes = spec.putUpsert?.delete ?? true
  const parentOf = async (site: SiteFixture): Promise<Required<Parent>> => {
    const p = await spec.parent(t, site)
    const { id, key = id, subject = id } = typeof p === 'string' ? { id: p } : p
    return { id, key, subject }
  }
  const localeId = (site: SiteFixture, code: string) => site.locales.find((l) => l.code === code)!.id
  const listUrl = (parentId: string) => `/${spec.path}/${parentId}/${segment}`
  /** `key` '': no key at all. */
  const postLoc = (parentId: string, body: Body, key = a.keys.Write) =>
    spec.putUpsert ? t.as(key).put(listUrl(parentId), body) : t.as(key).post(listUrl(parentId), body)
  const one = (id: string) => `/${spec.path}/${segment}/${id}`
  /** The partial update of a row: by its id, or by a PUT of its parent's list naming its locale. */
  const putLoc = (parentId: string, loc: Loc, key = a.keys.Write) =>
    spec.putUpsert ? postLoc(parentId, { locale_id: loc.locale_id, ...spec.update }, key) : t.as(key).put(one(loc.id), spec.update)
  const list = async (parentId: string) => expectStatus<Loc[]>(await t.as(a.keys.Read).get(listUrl(parentId)), 200)
  const updatedEvents = async (p: Required<Parent>) => (await eventsFor(t, `${spec.events}.updated`, p.subject)).length
  const fields = (res: Awaited<ReturnType<typeof postLoc>>) => expectProblem(res, 400, 'VALIDATION_FAILED').errors?.map((e) => e.field)
  /** Audit rows of this kind of row, of every record (this suite's app has a database of its own). */
  const auditCount = async () => (await t.dbh.db.select({ id: auditLogs.id }).from(auditLogs).where(eq(auditLogs.entity_type, spec.entity))).length
  /** The transaction that last wrote a row: its xmin. */
  const xminOf = async (table: PgTable, where: ReturnType<typeof sql>) =>
    (
      await t.dbh.db
        .select({ x: sql<string>`(xmin::text)` })
        .from(table)
        .where(where)
    ).map((r) => r.x)

  describe(`${spec.name} ${segment}: the localizations contract`, () => {
    it(`adds one per locale by code or by id (audited in the same transaction), lists default locale first, updates partially${deletes ? ', deletes' : ''}`, async () => {
      const p = await parentOf(a)
      const parentId = p.id
      const events = await updatedEvents(p)
      const de = expectStatus<Loc>(await postLoc(parentId, { locale: 'de', ...spec.texts[0] }), 201)
      expect(de).toMatchObject({ [spec.parentField]: p.key, locale_id: localeId(a, 'de'), ...spec.texts[0] })
      const [row] = await xminOf(spec.table, sql`id = ${de.id}`)
      const audit = await xminOf(auditLogs, and(eq(auditLogs.entity_type, spec.entity), eq(auditLogs.entity_id, de.id))!)
      expect(audit).toEqual([row])
      const en = expectStatus<Loc>(await postLoc(parentId, { locale_id: localeId(a, 'en'), ...spec.texts[1] }), 201)
      expect(en).toMatchObject({ locale_id: localeId(a, 'en'), ...spec.texts[1] })
      expect((await list(parentId)).map((l) => l.id)).toEqual([en.id, de.id])

      const updated = expectStatus<Loc>(await putLoc(parentId, de), 200)
      expect(updated).toMatchObject({ ...spec.texts[0], ...spec.update, id: de.id, locale_id: localeId(a, 'de') })
      if (deletes) {
        expectNoContent(await t.as(a.keys.Write).delete(one(de.id)))
        expect((await list(parentId)).map((l) => l.id)).toEqual([en.id])
        expectProblem(await t.as(a.keys.Write).delete(one(de.id)), 404, 'NOT_FOUND')
      }
      expect((await auditsOf(t, spec.entity, de.id)).map((r) => r.action)).toEqual(deletes ? ['Create', 'Update', 'Delete'] : ['Create', 'Update'])
      expect(await updatedEvents(p)).toBe(events + (deletes ? 4 : 3))
      if (!spec.putUpsert) expectProblem(await t.as(a.keys.Write).put(one(de.id), spec.update), 404, 'NOT_FOUND')
    })

    it(
      upsert
        ? 'a second POST of a locale (any case of its code) updates it: 200, same row'
        : 'a second row of a locale (any case of its code) is a 409; nothing added',
      async () => {
        const parentId = (await parentOf(a)).id
        const first = expectStatus<Loc>(await postLoc(parentId, { locale: 'en', ...spec.texts[0] }), 201)
        if (upsert) {
          const again = expectStatus<Loc>(await postLoc(parentId, { locale: 'EN', ...spec.texts[1] }), 200)
          expect(again).toMatchObject({ id: first.id, ...spec.texts[1] })
        } else {
          expectProblem(await postLoc(parentId, { locale: 'EN', ...spec.texts[1] }), 409, 'CONFLICT')
          expectProblem(await postLoc(parentId, { locale_id: localeId(a, 'en'), ...spec.texts[1] }), 409, 'CONFLICT')
          expect(await list(parentId)).toEqual([first])
        }
      },
    )

    it("400 naming locale_id for another site's locale or none, locale for an unknown code; nothing written", async () => {
      const p = await parentOf(a)
      const parentId = p.id
      const events = await updatedEvents(p)
      const audits = await auditCount()
      expect(fields(await postLoc(parentId, { locale_id: localeId(b, 'de'), ...spec.texts[0] }))).toEqual(['locale_id'])
      expect(fields(await postLoc(parentId, { locale: 'fr', ...spec.texts[0] }))).toEqual(['locale'])
      expect(fields(await postLoc(parentId, { ...spec.texts[0] }))).toEqual(['locale_id'])
      expect(await list(parentId)).toEqual([])
      expect(await updatedEvents(p)).toBe(events)
      expect(await auditCount()).toBe(audits)
    })

    it('401 without a key, 403 for a Read key writing, 404 through another site, for an unknown id or a deleted parent', async () => {
      const parentId = (await parentOf(a)).id
      const loc = expectStatus<Loc>(await postLoc(parentId, { locale: 'en', ...spec.texts[0] }), 201)
      const de = { locale: 'de', ...spec.texts[1] }
      expectProblem(await t.as().get(listUrl(parentId)), 401, 'UNAUTHENTICATED')
      expectProblem(await postLoc(parentId, de, ''), 401, 'UNAUTHENTICATED')
      expectProblem(await postLoc(parentId, de, a.keys.Read), 403, 'FORBIDDEN')
      expectProblem(await putLoc(parentId, loc, a.keys.Read), 403, 'FORBIDDEN')
      if (deletes) expectProblem(await t.as(a.keys.Read).delete(one(loc.id)), 403, 'FORBIDDEN')
      for (const res of [
        await t.as(b.keys.Master).get(listUrl(parentId)),
        await postLoc(parentId, de, b.keys.Master),
        await putLoc(parentId, loc, b.keys.Master),
        ...(deletes ? [await t.as(b.keys.Master).delete(one(loc.id))] : []),
        spec.putUpsert ? await postLoc(MISSING_ID, de, a.keys.Master) : await t.as(a.keys.Master).put(one(MISSING_ID), spec.update),
        await t.as(a.keys.Master).get(listUrl(MISSING_ID)),
      ]) {
        expectProblem(res, 404, 'NOT_FOUND')
      }
      expect(await list(parentId)).toEqual([loc])
      expectNoContent(await t.as(a.keys.Master).delete(`/${spec.path}/${parentId}`))
      expectProblem(await putLoc(parentId, loc), 404, 'NOT_FOUND')
      if (deletes) expectProblem(await t.as(a.keys.Write).delete(one(loc.id)), 404, 'NOT_FOUND')
      expectProblem(await postLoc(parentId, de), 404, 'NOT_FOUND')
      expectProblem(await t.as(a.keys.Read).get(listUrl(parentId)), 404, 'NOT_FOUND')
    })
  })
}
