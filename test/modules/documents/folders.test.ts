import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Document, DocumentFolder } from '../../../src/modules/documents/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf } from '../../helpers/records.js'
import { createFileDoc, createUrlDoc } from './fixtures.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const folder = async (site: SiteFixture, body: Record<string, unknown>) =>
  expectStatus<DocumentFolder>(await t.as(site.keys.Write).post(`/sites/${site.id}/document-folders`, body), 201)
const listed = async (site: SiteFixture) => expectStatus<DocumentFolder[]>(await t.as(site.keys.Read).get(`/sites/${site.id}/document-folders`), 200)

describe('document folders', () => {
  it('creates (201, audited as document_folder, no webhook event), lists every level by display_order then name', async () => {
    const site = await makeSite(t)
    const top = await folder(site, { name: '  Manuals ', display_order: 2 })
    expect(top).toMatchObject({ site_id: site.id, parent_id: null, name: 'Manuals', display_order: 2 })
    const child = await folder(site, { name: 'Printers', parent_id: top.id })
    const first = await folder(site, { name: 'Brochures', display_order: 1 })
    expect((await listed(site)).map((f) => f.id)).toEqual([child.id, first.id, top.id])
    expect((await auditsOf(t, 'document_folder', top.id)).map((r) => r.action)).toEqual(['Create'])
    expect(await eventsFor(t, 'document.created', top.id)).toHaveLength(0)
    expect(await listed(b)).toEqual([])
  })

  it('updates with change history; 400 for a parent of another site, itself or below it (no cycles); nothing changes', async () => {
    const x = await folder(a, { name: 'X' })
    const y = await folder(a, { name: 'Y', parent_id: x.id })
    const z = await folder(a, { name: 'Z', parent_id: y.id })
    const foreign = await folder(b, { name: 'B' })
    const renamed = expectStatus<DocumentFolder>(await t.as(a.keys.Write).put(`/document-folders/${x.id}`, { name: 'X2' }), 200)
    expect(renamed.name).toBe('X2')
    expect(await historyOf(t, 'document_folder', x.id, 'name')).toHaveLength(1)
    for (const [id, parent] of [
      [x.id, foreign.id],
      [x.id, x.id],
      [x.id, z.id],
      [y.id, MISSING_ID],
    ] as const) {
      const problem = expectProblem(await t.as(a.keys.Write).put(`/document-folders/${id}`, { parent_id: parent }), 400, 'VALIDATION_FAILED')
      expect(problem.errors?.map((e) => e.field)).toEqual(['parent_id'])
    }
    expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/document-folders`, { name: 'Q', parent_id: foreign.id }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/document-folders`, { name: ' ' }), 400, 'VALIDATION_FAILED')
    const now = await listed(a)
    expect(now.find((f) => f.id === x.id)?.parent_id).toBeNull()
    expect(now.some((f) => f.name === 'Q')).toBe(false)
    // Moving to the top level is allowed.
    expect(expectStatus<DocumentFolder>(await t.as(a.keys.Write).put(`/document-folders/${z.id}`, { parent_id: null }), 200).parent_id).toBeNull()
  })

  it('delete (Editor): documents go to no folder (document.updated each), sub-folders move up to its parent', async () => {
    const site = await makeSite(t)
    const top = await folder(site, { name: 'Top' })
    const doomed = await folder(site, { name: 'Doomed', parent_id: top.id })
    const sub = await folder(site, { name: 'Sub', parent_id: doomed.id })
    const inside = await createFileDoc(t, site, undefined, 'in.pdf', { folder_id: doomed.id })
    const inSub = await createUrlDoc(t, site, 'https://example.org/sub', { folder_id: sub.id })
    expectNoContent(await t.as(site.keys.Write).delete(`/document-folders/${doomed.id}`))
    const after = await listed(site)
    expect(after.map((f) => f.id).sort()).toEqual([top.id, sub.id].sort())
    expect(after.find((f) => f.id === sub.id)?.parent_id).toBe(top.id)
    expect(expectStatus<Document>(await t.as(site.keys.Read).get(`/documents/${inside.id}`), 200).folder_id).toBeNull()
    expect(expectStatus<Document>(await t.as(site.keys.Read).get(`/documents/${inSub.id}`), 200).folder_id).toBe(sub.id)
    expect(await eventsFor(t, 'document.updated', inside.id)).toHaveLength(1)
    const audit = (await auditsOf(t, 'document_folder', doomed.id)).find((r) => r.action === 'Delete')!
    expect(audit.metadata).toMatchObject({ unfiled_documents: [inside.id], moved_subfolders: [sub.id], subfolders_moved_to: top.id })
    expectProblem(await t.as(site.keys.Write).put(`/document-folders/${doomed.id}`, { name: 'again' }), 404, 'NOT_FOUND')
    expectProblem(
      await t.as(site.keys.Write).post(`/sites/${site.id}/documents`, { document_type: 'x', url: 'https://e.org', folder_id: doomed.id }),
      400,
      'VALIDATION_FAILED',
    )
  })

  it('401 without a key, 403 for a Read key (writes) and a Write key is enough to delete, 404 through another site', async () => {
    const f = await folder(a, { name: 'Access' })
    expectProblem(await t.as().get(`/sites/${a.id}/document-folders`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/sites/${a.id}/document-folders`, { name: 'n' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).put(`/document-folders/${f.id}`, { name: 'n' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).delete(`/document-folders/${f.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).put(`/document-folders/${f.id}`, { name: 'n' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).delete(`/document-folders/${f.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${a.id}/document-folders`), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/document-folders/${f.id}`))
    expectProblem(await t.as(a.keys.Write).delete(`/document-folders/${f.id}`), 404, 'NOT_FOUND')
  })
})
