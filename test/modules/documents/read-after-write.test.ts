import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlogDetail } from '../../../src/modules/blogs/schemas.js'
import type { Document } from '../../../src/modules/documents/schemas.js'
import type { TestApp } from '../../helpers/app.js'
import { twoInstances, type TwoInstances } from '../../helpers/two-instances.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'

/*
 * Document writes change what cached blog answers show of attached documents: after a write through instance A,
 * instance B (same database, shared cache; with REDIS_URL two Redis clients) shows the change at once, in the
 * owning and in a carrying site, by id and by slug.
 */

let instances: TwoInstances
let A: TestApp
let B: TestApp
let s1: SiteFixture
let s2: SiteFixture

beforeAll(async () => {
  instances = await twoInstances()
  A = instances.A
  B = instances.B
  s1 = await makeSite(A)
  s2 = await makeSite(A)
})
afterAll(() => instances?.close())

const api = () => A.as(A.masterKey)

/** A published blog of S1 carried by S2 with one attached document in a folder. */
async function arrange() {
  const folder = expectStatus<{ id: string }>(await api().post(`/sites/${s1.id}/document-folders`, { name: `F ${uid()}` }), 201)
  const doc = expectStatus<Document>(
    await api().post(`/sites/${s1.id}/documents`, { document_type: 'pdf', url: `https://example.org/${uid()}.pdf`, folder_id: folder.id }),
    201,
  )
  const blog = expectStatus<BlogDetail>(
    await api().post('/blogs', { site_ids: [s1.id, s2.id], slug: `p-${uid()}`, status: 'Published', localizations: [{ locale: 'en', title: 'T' }] }),
    201,
  )
  expect((await api().post(`/blogs/${blog.id}/documents`, { document_id: doc.id })).statusCode).toBe(204)
  return { folder, doc, blog }
}

/** What B's cached answers show of the attached documents. */
async function shown(blog: BlogDetail): Promise<unknown[]> {
  const urls = [`/blogs/${blog.id}/detail`, `/sites/${s1.id}/blogs/by-slug/${blog.slug}`, `/sites/${s2.id}/blogs/by-slug/${blog.slug}`]
  const out: unknown[] = []
  for (const [i, url] of urls.entries()) {
    const key = i === 2 ? s2.keys.Read : s1.keys.Read
    out.push(expectStatus<BlogDetail>(await B.as(key).get(url), 200).documents.map((d) => `${d.url} ${d.document_type} folder=${d.folder_id ?? '-'}`))
  }
  return out
}

describe('document writes refresh cached blog answers on every instance', () => {
  it('PUT /documents/{id}', async () => {
    const { doc, blog, folder } = await arrange()
    expect(await shown(blog)).toEqual(Array(3).fill([`${doc.url} pdf folder=${folder.id}`]))
    expectStatus(await api().put(`/documents/${doc.id}`, { document_type: 'manual', url: 'https://example.org/new.pdf' }), 200)
    expect(await shown(blog)).toEqual(Array(3).fill([`https://example.org/new.pdf manual folder=${folder.id}`]))
  })

  it('DELETE /documents/{id}', async () => {
    const { doc, blog, folder } = await arrange()
    expect(await shown(blog)).toEqual(Array(3).fill([`${doc.url} pdf folder=${folder.id}`]))
    expect((await api().delete(`/documents/${doc.id}`)).statusCode).toBe(204)
    expect(await shown(blog)).toEqual(Array(3).fill([]))
  })

  it('DELETE /document-folders/{id} (its documents go to no folder)', async () => {
    const { doc, blog, folder } = await arrange()
    expect(await shown(blog)).toEqual(Array(3).fill([`${doc.url} pdf folder=${folder.id}`]))
    expect((await api().delete(`/document-folders/${folder.id}`)).statusCode).toBe(204)
    expect(await shown(blog)).toEqual(Array(3).fill([`${doc.url} pdf folder=-`]))
  })
})
