import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlogDetail } from '../../../src/modules/blogs/schemas.js'
import * as documents from '../../../src/modules/documents/documents.service.js'
import { documentFolderResource } from '../../../src/modules/documents/folders.resource.js'
import type { AttachedDocument, DocumentFolder } from '../../../src/modules/documents/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent } from '../../helpers/records.js'
import { statementsDuring } from '../../helpers/statements.js'
import { createBlog, publishedBlog } from '../blogs/fixtures.js'
import { makeBlog, type BlogFixture } from '../taxonomy/fixtures.js'
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

const attach = (site: SiteFixture, blogId: string, body: Record<string, unknown>, key = site.keys.Write) => t.as(key).post(`/blogs/${blogId}/documents`, body)
const detail = async (blogId: string, key = a.keys.Read) => expectStatus<BlogDetail>(await t.as(key).get(`/blogs/${blogId}/detail`), 200)
const attached = async (blogId: string, key = a.keys.Read) => expectStatus<AttachedDocument[]>(await t.as(key).get(`/blogs/${blogId}/documents`), 200)

describe('blog document attachments', () => {
  it('attaches in display_order (204, blog.updated, audited on the content); the detail and the list show them ordered', async () => {
    const blog = await createBlog(t, a)
    const [x, y, z] = [await createFileDoc(t, a), await createUrlDoc(t, a), await createUrlDoc(t, a, 'https://example.org/z')]
    expectNoContent(await attach(a, blog.id, { document_id: x.id, display_order: 3 }))
    expectNoContent(await attach(a, blog.id, { document_id: y.id, display_order: 1 }))
    expectNoContent(await attach(a, blog.id, { document_id: z.id, display_order: 2 }))
    const docs = (await detail(blog.id)).documents
    expect(docs.map((d) => [d.id, d.display_order])).toEqual([
      [y.id, 1],
      [z.id, 2],
      [x.id, 3],
    ])
    expect(docs[2]).toEqual({ ...x, document_id: x.id, display_order: 3 })
    expect(await attached(blog.id)).toEqual(docs)
    // Attaching again moves it.
    expectNoContent(await attach(a, blog.id, { document_id: x.id, display_order: 0 }))
    expect((await attached(blog.id)).map((d) => d.id)).toEqual([x.id, y.id, z.id])
    expect(await eventsFor(t, 'blog.updated', blog.id)).toHaveLength(4)
    const audits = await auditsOf(t, 'content', blog.content_id)
    expect(audits.map((r) => (r.metadata as { change: string }).change)).toEqual([
      'document_attached',
      'document_attached',
      'document_attached',
      'document_attached',
    ])
  })

  it('deleted documents are left out; detaching (204, blog.updated) and 404 when not attached', async () => {
    const blog = await publishedBlog(t, a)
    const keep = await createUrlDoc(t, a)
    const gone = await createFileDoc(t, a)
    expectNoContent(await attach(a, blog.id, { document_id: keep.id }))
    expectNoContent(await attach(a, blog.id, { document_id: gone.id, display_order: 1 }))
    expect((await detail(blog.id)).documents.map((d) => d.id)).toEqual([keep.id, gone.id])
    expectNoContent(await t.as(a.keys.Write).delete(`/documents/${gone.id}`))
    // The cached detail is refreshed by the document delete.
    expect((await detail(blog.id)).documents.map((d) => d.id)).toEqual([keep.id])
    expect((await attached(blog.id)).map((d) => d.id)).toEqual([keep.id])
    const bySlug = expectStatus<BlogDetail>(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/by-slug/${blog.slug}`), 200)
    expect(bySlug.documents.map((d) => d.id)).toEqual([keep.id])
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/${blog.id}/documents/${keep.id}`))
    expect((await detail(blog.id)).documents).toEqual([])
    expectProblem(await t.as(a.keys.Write).delete(`/blogs/${blog.id}/documents/${keep.id}`), 404, 'NOT_FOUND')
  })

  it('a changed document shows at once in cached blog answers (detail and by slug)', async () => {
    const blog = await publishedBlog(t, a)
    const doc = await createFileDoc(t, a)
    expectNoContent(await attach(a, blog.id, { document_id: doc.id }))
    expect((await detail(blog.id)).documents[0]!.file_name).toBe('report.pdf')
    expectStatus(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/by-slug/${blog.slug}`), 200)
    expectStatus(await t.as(a.keys.Write).put(`/documents/${doc.id}`, { file_name: 'renamed.pdf' }), 200)
    expect((await detail(blog.id)).documents[0]!.file_name).toBe('renamed.pdf')
    const bySlug = expectStatus<BlogDetail>(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs/by-slug/${blog.slug}`), 200)
    expect(bySlug.documents[0]!.file_name).toBe('renamed.pdf')
  })

  it('400 on document_id for a document of another site, a deleted or unknown one; nothing attached', async () => {
    const blog = await createBlog(t, a)
    const foreign = await createUrlDoc(t, b)
    const deleted = await createUrlDoc(t, a)
    expectNoContent(await t.as(a.keys.Write).delete(`/documents/${deleted.id}`))
    for (const id of [foreign.id, deleted.id, MISSING_ID]) {
      const problem = expectProblem(await attach(a, blog.id, { document_id: id }), 400, 'VALIDATION_FAILED')
      expect(problem.errors?.map((e) => e.field)).toEqual(['document_id'])
    }
    expectProblem(await attach(a, blog.id, { document_id: 'nope' }), 400, 'VALIDATION_FAILED')
    expectProblem(await attach(a, blog.id, { display_order: 1 }), 400, 'VALIDATION_FAILED')
    expect(await attached(blog.id)).toEqual([])
    expect(await auditsOf(t, 'content', blog.content_id)).toEqual([])
  })

  it('clone copies the attachments of live documents with their order', async () => {
    const blog = await publishedBlog(t, a)
    const [x, y, gone] = [await createUrlDoc(t, a), await createFileDoc(t, a), await createUrlDoc(t, a)]
    expectNoContent(await attach(a, blog.id, { document_id: x.id, display_order: 5 }))
    expectNoContent(await attach(a, blog.id, { document_id: y.id, display_order: 2 }))
    expectNoContent(await attach(a, blog.id, { document_id: gone.id, display_order: 1 }))
    expectNoContent(await t.as(a.keys.Write).delete(`/documents/${gone.id}`))
    const copy = expectStatus<BlogDetail>(await t.as(a.keys.Write).post(`/blogs/${blog.id}/clone`), 201)
    expect(copy.documents.map((d) => [d.id, d.display_order])).toEqual([
      [y.id, 2],
      [x.id, 5],
    ])
    expect((await detail(copy.id)).documents.map((d) => d.id)).toEqual([y.id, x.id])
    // The copy's attachments are its own.
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/${copy.id}/documents/${x.id}`))
    expect((await attached(blog.id)).map((d) => d.id)).toEqual([y.id, x.id])
  })

  it('reads through a carrying site; writes need Author on the owning site: 401, 403, 404', async () => {
    const shared = await createBlog(t, a, {}, t.masterKey, [a.id, b.id])
    const doc = await createUrlDoc(t, a)
    expectNoContent(await attach(a, shared.id, { document_id: doc.id }))
    expect((await attached(shared.id, b.keys.Read)).map((d) => d.id)).toEqual([doc.id])
    expect((await detail(shared.id, b.keys.Read)).documents.map((d) => d.id)).toEqual([doc.id])
    expectProblem(await attach(a, shared.id, { document_id: doc.id }, b.keys.Master), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/blogs/${shared.id}/documents/${doc.id}`), 403, 'FORBIDDEN')
    const own = await createBlog(t, a)
    expectProblem(await t.as().get(`/blogs/${own.id}/documents`), 401, 'UNAUTHENTICATED')
    expectProblem(await attach(a, own.id, { document_id: doc.id }, a.keys.Read), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).delete(`/blogs/${own.id}/documents/${doc.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).get(`/blogs/${own.id}/documents`), 404, 'NOT_FOUND')
    expectProblem(await attach(a, own.id, { document_id: doc.id }, b.keys.Master), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/blogs/${MISSING_ID}/documents`), 404, 'NOT_FOUND')
  })
})

describe('a document attached to many blogs', () => {
  const posts: Array<BlogFixture & { sites: SiteFixture[] }> = []
  beforeAll(async () => {
    // Published (so by-slug answers them to Read keys); every fifth one carried by a second site too.
    for (let i = 0; i < 50; i++) {
      const sites = i % 5 === 0 ? [a, b] : [a]
      posts.push({
        ...(await makeBlog(
          t,
          sites.map((s) => s.id),
          { status: 'Published' },
        )),
        sites,
      })
    }
  })

  const folderOf = async (name: string) => expectStatus<DocumentFolder>(await t.as(a.keys.Write).post(`/sites/${a.id}/document-folders`, { name }), 201)

  /** What the blog's cached answers (detail; by slug in every carrying site) show of its attached documents. */
  async function shown(post: BlogFixture & { sites: SiteFixture[] }): Promise<Array<Array<[string, string | null]>>> {
    const answers = [await detail(post.id)]
    for (const s of post.sites) answers.push(expectStatus<BlogDetail>(await t.as(s.keys.Read).get(`/sites/${s.id}/blogs/by-slug/${post.slug}`), 200))
    return answers.map((x) => x.documents.map((d) => [d.id, d.folder_id]))
  }

  /** Runs a change as the system with nothing else in flight and answers the number of statements it ran. */
  async function counted(fn: () => Promise<unknown>): Promise<number> {
    await t.deps.usage.flush()
    return (await statementsDuring(t.dbh, fn)).statements
  }

  /**
   * Attaches a new document (in a folder) to the first `n` blogs, then moves it to another folder, deletes that folder
   * (the document goes to no folder) and deletes the document; after each change every blog's cached answers show
   * it at once. Answers the statements each change ran.
   */
  async function changes(n: number): Promise<{ move: number; folderDelete: number; remove: number }> {
    const [from, to] = [await folderOf('From'), await folderOf('To')]
    const doc = await createUrlDoc(t, a, 'https://example.org/files/shared.pdf', { folder_id: from.id })
    const attachedTo = posts.slice(0, n)
    for (const p of attachedTo) expectNoContent(await attach(a, p.id, { document_id: doc.id }))
    const expectShown = async (docs: Array<[string, string | null]>) => {
      for (const p of attachedTo) expect(await shown(p)).toEqual([docs, ...p.sites.map(() => docs)])
    }
    // Each answer is cached before each change.
    await expectShown([[doc.id, from.id]])
    const move = await counted(() => documents.update(t.sys(), doc.id, { folder_id: to.id }))
    await expectShown([[doc.id, to.id]])
    const folderDelete = await counted(() => documentFolderResource.remove(t.sys(), to.id))
    await expectShown([[doc.id, null]])
    const remove = await counted(() => documents.remove(t.sys(), doc.id))
    await expectShown([])
    return { move, folderDelete, remove }
  }

  // Each blog the document is attached to used to cost its own statements (its carrying sites, then its record).
  it('moving it, deleting its folder or deleting it runs as many statements for 50 blogs as for 5; every blog answers the change at once', async () => {
    const few = await changes(5)
    const many = await changes(50)
    expect(many).toEqual(few)
  })
})
