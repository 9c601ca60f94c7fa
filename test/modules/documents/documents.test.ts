import { createHash } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs } from '../../../src/db/schema/audit.js'
import { documents } from '../../../src/db/schema/documents.js'
import type { Document, DocumentDetail } from '../../../src/modules/documents/schemas.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page } from '../../helpers/records.js'
import { createFileDoc, createUrlDoc, elfBytes, fileBody, pdfBytes, pngBytes, storedFiles } from './fixtures.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const download = (id: string) => t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/download` })
const rowCount = async () => (await t.dbh.db.select({ n: count() }).from(documents))[0]!.n
const auditCount = async () => (await t.dbh.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.entity_type, 'document')))[0]!.n

/** Runs a request that must be refused and asserts that no row, audit entry or stored file appeared. */
async function refusedWithNothingStored(send: () => Promise<import('../../helpers/http.js').Res>, status: number, code: string) {
  const [rows, audits, files] = [await rowCount(), await auditCount(), storedFiles(t)]
  const problem = expectProblem(await send(), status, code)
  expect(await rowCount()).toBe(rows)
  expect(await auditCount()).toBe(audits)
  expect(storedFiles(t)).toEqual(files)
  return problem
}

describe('POST /sites/{site_id}/documents', () => {
  it('creates a URL document (201, audited, document.created) that downloads as a 302', async () => {
    const doc = await createUrlDoc(t, a, 'https://example.org/files/Guide.pdf')
    expect(doc).toMatchObject({
      site_id: a.id,
      folder_id: null,
      document_type: 'pdf',
      url: 'https://example.org/files/Guide.pdf',
      file_name: null,
      mime_type: null,
      file_size: null,
      checksum: null,
      download_url: `/api/v1/documents/${doc.id}/download`,
    })
    expect((await auditsOf(t, 'document', doc.id)).map((r) => r.action)).toEqual(['Create'])
    expect(await eventsFor(t, 'document.created', doc.id)).toHaveLength(1)
    const res = await download(doc.id)
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('https://example.org/files/Guide.pdf')
  })

  it('stores an inline file: type from the bytes, size, SHA-256; the download returns the exact bytes and headers without a key', async () => {
    const bytes = pdfBytes()
    const name = 'Bericht "Q1" – Übersicht 📄.pdf'
    const doc = await createFileDoc(t, a, bytes, name)
    expect(doc).toMatchObject({ url: null, file_name: name, mime_type: 'application/pdf', file_size: bytes.length, checksum: sha256(bytes) })
    const res = await download(doc.id)
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(bytes)).toBe(true)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-length']).toBe(String(bytes.length))
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Bericht _Q1_ _ _bersicht _.pdf"; filename*=UTF-8''Bericht%20%22Q1%22%20%E2%80%93%20%C3%9Cbersicht%20%F0%9F%93%84.pdf`,
    )
    // The percent-encoded name decodes to exactly what was sent.
    const star = /filename\*=UTF-8''(.+)$/.exec(String(res.headers['content-disposition']))![1]!
    expect(decodeURIComponent(star)).toBe(name)
  })

  it('detects the type from the bytes, not the name: PNG bytes named .pdf are image/png (document_type is not checked)', async () => {
    const doc = await createFileDoc(t, a, pngBytes(), 'scan.pdf')
    expect(doc.mime_type).toBe('image/png')
    expect(doc.document_type).toBe('pdf')
    expect((await download(doc.id)).headers['content-type']).toBe('image/png')
  })

  it('UTF-8 text is text/plain (text/markdown for .md), unknown binary application/octet-stream; directories leave the name', async () => {
    const md = await createFileDoc(t, a, Buffer.from('# Notes\n\nÄpfel und Birnen.\n'), '../../etc/notes.md')
    expect(md).toMatchObject({ mime_type: 'text/markdown', file_name: 'notes.md' })
    expect((await download(md.id)).headers['content-type']).toBe('text/markdown; charset=utf-8')
    const txt = await createFileDoc(t, a, Buffer.from('plain words'), 'C:\\temp\\readme')
    expect(txt).toMatchObject({ mime_type: 'text/plain', file_name: 'readme' })
    const bin = await createFileDoc(t, a, Buffer.from([0, 1, 2, 3, 250, 251, 0, 0, 7]), 'blob.bin')
    expect(bin.mime_type).toBe('application/octet-stream')
  })

  it('refuses programs with 415 whatever they are called, and stores nothing', async () => {
    await refusedWithNothingStored(() => t.as(a.keys.Write).post(`/sites/${a.id}/documents`, fileBody(elfBytes(), 'manual.pdf')), 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  it('400 naming the field, nothing stored: url and file, neither, non-http url, invalid base64, a file without a name, foreign folder', async () => {
    const post = (body: Record<string, unknown>) => () => t.as(a.keys.Write).post(`/sites/${a.id}/documents`, body)
    const file = fileBody(pdfBytes(), 'x.pdf')
    const otherFolder = expectStatus<{ id: string }>(await t.as(b.keys.Write).post(`/sites/${b.id}/document-folders`, { name: 'B' }), 201)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...file, url: 'https://example.org/x.pdf' }, 'file_base64'],
      [{ document_type: 'pdf' }, 'url'],
      [{ document_type: 'pdf', url: 'ftp://example.org/x.pdf' }, 'url'],
      [{ document_type: 'pdf', url: 'javascript:alert(1)' }, 'url'],
      [{ document_type: 'pdf', url: 'https://example.org/x.pdf', file_name: 'x.pdf' }, 'file_name'],
      [{ ...file, file_base64: 'not base64!' }, 'file_base64'],
      [{ ...file, file_base64: 'QUJD=' }, 'file_base64'],
      [{ document_type: 'pdf', file_base64: file.file_base64 }, 'file_name'],
      [{ ...file, file_name: '../../' }, 'file_name'],
      [{ ...file, document_type: ' ' }, 'document_type'],
      [{ ...file, folder_id: otherFolder.id }, 'folder_id'],
    ]
    for (const [body, field] of cases) {
      const problem = await refusedWithNothingStored(post(body), 400, 'VALIDATION_FAILED')
      expect(
        problem.errors?.map((e) => e.field),
        JSON.stringify(body).slice(0, 200),
      ).toContain(field)
    }
  })

  it("413 over the site's max_upload_bytes, with nothing stored (also when Content-Length alone tells); at the limit it is stored", async () => {
    const site = await makeSite(t)
    expectStatus(await t.as(site.keys.Admin).put(`/sites/${site.id}/settings`, { max_upload_bytes: 1000 }), 200)
    const at = Buffer.concat([pdfBytes(), Buffer.alloc(1000 - pdfBytes().length, 0x20)])
    const over = Buffer.concat([at, Buffer.from('!')])
    await refusedWithNothingStored(() => t.as(site.keys.Write).post(`/sites/${site.id}/documents`, fileBody(over, 'big.pdf')), 413, 'PAYLOAD_TOO_LARGE')
    await refusedWithNothingStored(
      () => t.as(site.keys.Write).post(`/sites/${site.id}/documents`, fileBody(Buffer.alloc(2_000_000, 1), 'huge.bin')),
      413,
      'PAYLOAD_TOO_LARGE',
    )
    // Refused on Content-Length alone, before any body is read: the body sent here is far shorter than announced.
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.id}/documents`,
      headers: { 'x-api-key': site.keys.Write, 'content-type': 'application/json', 'content-length': '5000000' },
      payload: '{}',
    })
    expectProblem(early, 413, 'PAYLOAD_TOO_LARGE')
    const ok = expectStatus<Document>(await t.as(site.keys.Write).post(`/sites/${site.id}/documents`, fileBody(at, 'fits.pdf')), 201)
    expect(ok.file_size).toBe(1000)
  })

  it('accepts bodies over the app-wide 1 MiB JSON limit for inline files', async () => {
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(1_500_000, 0x41)])
    const doc = await createFileDoc(t, a, big, 'big.pdf')
    expect(doc.file_size).toBe(big.length)
    expect((await download(doc.id)).rawPayload.equals(big)).toBe(true)
  })

  it('401 without a key, 403 for a Read key, 404 for another site', async () => {
    const body = { document_type: 'pdf', url: 'https://example.org/x.pdf' }
    expectProblem(await t.as().post(`/sites/${a.id}/documents`, body), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/sites/${a.id}/documents`, body), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).post(`/sites/${a.id}/documents`, body), 404, 'NOT_FOUND')
  })
})

describe('GET /sites/{site_id}/documents and GET /documents/{id}', () => {
  it('lists the live documents of the site, oldest first, filtered by folder; paginated', async () => {
    const site = await makeSite(t)
    const folder = expectStatus<{ id: string }>(await t.as(site.keys.Write).post(`/sites/${site.id}/document-folders`, { name: 'Manuals' }), 201)
    const clock = t.clock as ManualClock
    const x = await createUrlDoc(t, site)
    clock.advance(1000)
    const y = await createUrlDoc(t, site, 'http://example.org/y', { folder_id: folder.id })
    clock.advance(1000)
    const z = await createFileDoc(t, site)
    const all = expectStatus<Page<Document>>(await t.as(site.keys.Read).get(`/sites/${site.id}/documents`), 200)
    expect(all.data.map((d) => d.id)).toEqual([x.id, y.id, z.id])
    expect(all.meta).toEqual({ page: 1, per_page: 10, total: 3, total_pages: 1 })
    const inFolder = expectStatus<Page<Document>>(await t.as(site.keys.Read).get(`/sites/${site.id}/documents?folder_id=${folder.id}`), 200)
    expect(inFolder.data.map((d) => d.id)).toEqual([y.id])
    const page2 = expectStatus<Page<Document>>(await t.as(site.keys.Read).get(`/sites/${site.id}/documents?page=2&per_page=2`), 200)
    expect(page2.data.map((d) => d.id)).toEqual([z.id])
    expectNoContent(await t.as(site.keys.Write).delete(`/documents/${x.id}`))
    const after = expectStatus<Page<Document>>(await t.as(site.keys.Read).get(`/sites/${site.id}/documents`), 200)
    expect(after.data.map((d) => d.id)).toEqual([y.id, z.id])
    expectProblem(await t.as(site.keys.Read).get(`/sites/${site.id}/documents?folder_id=nope`), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(b.keys.Master).get(`/sites/${site.id}/documents`), 404, 'NOT_FOUND')
  })

  it('answers one document with its localizations; 401, another site 404, unknown 404', async () => {
    const doc = await createUrlDoc(t, a)
    const got = expectStatus<DocumentDetail>(await t.as(a.keys.Read).get(`/documents/${doc.id}`), 200)
    expect(got).toEqual({ ...doc, localizations: [] })
    expectProblem(await t.as().get(`/documents/${doc.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(b.keys.Master).get(`/documents/${doc.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/documents/${MISSING_ID}`), 404, 'NOT_FOUND')
  })
})

describe('PUT /documents/{id}', () => {
  it('updates partially with change history and document.updated; a renamed file downloads under its new name', async () => {
    const doc = await createFileDoc(t, a)
    const updated = expectStatus<Document>(await t.as(a.keys.Write).put(`/documents/${doc.id}`, { document_type: 'manual', file_name: 'Manual v2.pdf' }), 200)
    expect(updated).toMatchObject({ document_type: 'manual', file_name: 'Manual v2.pdf', checksum: doc.checksum })
    expect(await historyOf(t, 'document', doc.id, 'document_type')).toHaveLength(1)
    expect(await eventsFor(t, 'document.updated', doc.id)).toHaveLength(1)
    expect((await download(doc.id)).headers['content-disposition']).toContain('filename="Manual v2.pdf"')
    const link = await createUrlDoc(t, a)
    expect(expectStatus<Document>(await t.as(a.keys.Write).put(`/documents/${link.id}`, { url: 'https://example.org/v2' }), 200).url).toBe(
      'https://example.org/v2',
    )
  })

  it('400: a url for a file document, a file name for a URL document, a bad url, a foreign folder, an empty body; nothing changes', async () => {
    const file = await createFileDoc(t, a)
    const link = await createUrlDoc(t, a)
    const foreign = expectStatus<{ id: string }>(await t.as(b.keys.Write).post(`/sites/${b.id}/document-folders`, { name: 'B' }), 201)
    for (const [id, body, field] of [
      [file.id, { url: 'https://example.org/x' }, 'url'],
      [link.id, { file_name: 'x.pdf' }, 'file_name'],
      [link.id, { url: 'mailto:a@b.c' }, 'url'],
      [file.id, { folder_id: foreign.id }, 'folder_id'],
    ] as const) {
      const problem = expectProblem(await t.as(a.keys.Write).put(`/documents/${id}`, body), 400, 'VALIDATION_FAILED')
      expect(problem.errors?.map((e) => e.field)).toContain(field)
    }
    expectProblem(await t.as(a.keys.Write).put(`/documents/${file.id}`, {}), 400, 'VALIDATION_FAILED')
    expect(expectStatus<Document>(await t.as(a.keys.Read).get(`/documents/${file.id}`), 200).updated_at).toBe(file.updated_at)
    expect((await auditsOf(t, 'document', file.id)).map((r) => r.action)).toEqual(['Create'])
  })

  it('401, 403 for a Read key, 404 through another site', async () => {
    const doc = await createUrlDoc(t, a)
    expectProblem(await t.as().put(`/documents/${doc.id}`, { document_type: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).put(`/documents/${doc.id}`, { document_type: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).put(`/documents/${doc.id}`, { document_type: 'x' }), 404, 'NOT_FOUND')
  })
})

describe('DELETE /documents/{id}', () => {
  it('soft-deletes (404 afterwards, download too), audited with document.deleted; removes the stored file', async () => {
    const doc = await createFileDoc(t, a, Buffer.concat([pdfBytes(), Buffer.from('unique-1')]))
    const before = storedFiles(t)
    expectNoContent(await t.as(a.keys.Write).delete(`/documents/${doc.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/documents/${doc.id}`), 404, 'NOT_FOUND')
    expectProblem(await download(doc.id), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).put(`/documents/${doc.id}`, { document_type: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).delete(`/documents/${doc.id}`), 404, 'NOT_FOUND')
    expect(await eventsFor(t, 'document.deleted', doc.id)).toHaveLength(1)
    expect((await auditsOf(t, 'document', doc.id)).map((r) => r.action)).toEqual(['Create', 'Delete'])
    expect(storedFiles(t)).toHaveLength(before.length - 1)
  })

  it('the same bytes in one site share one stored file, kept until the last live document using it goes', async () => {
    const bytes = Buffer.concat([pdfBytes(), Buffer.from('shared-bytes')])
    const start = storedFiles(t).length
    const first = await createFileDoc(t, a, bytes, 'one.pdf')
    const second = await createFileDoc(t, a, bytes, 'two.pdf')
    const elsewhere = await createFileDoc(t, b, bytes, 'three.pdf')
    expect(storedFiles(t)).toHaveLength(start + 2)
    expectNoContent(await t.as(a.keys.Write).delete(`/documents/${first.id}`))
    expect(storedFiles(t)).toHaveLength(start + 2)
    expect((await download(second.id)).rawPayload.equals(bytes)).toBe(true)
    expectNoContent(await t.as(a.keys.Write).delete(`/documents/${second.id}`))
    expect(storedFiles(t)).toHaveLength(start + 1)
    expect((await download(elsewhere.id)).rawPayload.equals(bytes)).toBe(true)
  })

  it('concurrent deletes and uploads of the same bytes never leave a live document without its file, nor a file without one', async () => {
    const site = await makeSite(t)
    const bytes = Buffer.concat([pdfBytes(), Buffer.from('race')])
    let live = await createFileDoc(t, site, bytes, 'r0.pdf')
    for (let i = 1; i <= 6; i++) {
      const [deleted, created] = await Promise.all([
        t.as(site.keys.Write).delete(`/documents/${live.id}`),
        t.as(site.keys.Write).post(`/sites/${site.id}/documents`, fileBody(bytes, `r${i}.pdf`)),
      ])
      expectNoContent(deleted)
      live = expectStatus<Document>(created, 201)
      expect((await download(live.id)).rawPayload.equals(bytes), `round ${i}`).toBe(true)
    }
    const before = storedFiles(t).length
    expectNoContent(await t.as(site.keys.Write).delete(`/documents/${live.id}`))
    expect(storedFiles(t)).toHaveLength(before - 1)
  })

  it('401, 403 for a Read key, 404 through another site; a document of a deleted site is gone, download included', async () => {
    const doc = await createUrlDoc(t, a)
    expectProblem(await t.as().delete(`/documents/${doc.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).delete(`/documents/${doc.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/documents/${doc.id}`), 404, 'NOT_FOUND')
    const gone = await makeSite(t)
    const file = await createFileDoc(t, gone)
    expect((await download(file.id)).statusCode).toBe(200)
    expect((await t.as(t.masterKey).delete(`/sites/${gone.id}`)).statusCode).toBe(204)
    expectProblem(await download(file.id), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).get(`/documents/${file.id}`), 404, 'NOT_FOUND')
  })
})

describe('GET /documents/{id}/download', () => {
  it('404 for an unknown id, 400 for a malformed one; needs no credentials', async () => {
    expectProblem(await download(MISSING_ID), 404, 'NOT_FOUND')
    expectProblem(await download('nope'), 400, 'VALIDATION_FAILED')
  })
})
