import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Document } from '../../../src/modules/documents/schemas.js'
import type { TestApp } from '../../helpers/app.js'
import type { SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'

/* Document fixtures: bytes of known types, documents created through the API, the files in storage. */

/** A small PDF-like file: the PDF signature, binary bytes (all 256 values) and a trailer. */
export const pdfBytes = (): Buffer =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    Buffer.from('\n%%EOF\n'),
  ])

/** A 1×1 PNG. */
export const pngBytes = (): Buffer =>
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex')

/** An ELF executable header (refused). */
export const elfBytes = (): Buffer => Buffer.concat([Buffer.from('7f454c4602010100000000000000000002003e0001000000', 'hex'), Buffer.alloc(64)])

export const fileBody = (bytes: Buffer, fileName: string, extra: Record<string, unknown> = {}) => ({
  document_type: 'pdf',
  file_base64: bytes.toString('base64'),
  file_name: fileName,
  ...extra,
})

export async function createFileDoc(
  t: TestApp,
  site: SiteFixture,
  bytes = pdfBytes(),
  fileName = 'report.pdf',
  extra: Record<string, unknown> = {},
): Promise<Document> {
  return expectStatus<Document>(await t.as(site.keys.Write).post(`/sites/${site.id}/documents`, fileBody(bytes, fileName, extra)), 201)
}

export async function createUrlDoc(
  t: TestApp,
  site: SiteFixture,
  url = 'https://example.org/files/a.pdf',
  extra: Record<string, unknown> = {},
): Promise<Document> {
  return expectStatus<Document>(await t.as(site.keys.Write).post(`/sites/${site.id}/documents`, { document_type: 'pdf', url, ...extra }), 201)
}

/** Every file (temporary ones included) under the data directory's documents/ namespace. */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'documents')
  const out: string[] = []
  const walk = (dir: string) => {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return
    }
    for (const name of names) {
      const p = path.join(dir, name)
      if (statSync(p).isDirectory()) walk(p)
      else out.push(path.relative(root, p))
    }
  }
  walk(root)
  return out.sort()
}
