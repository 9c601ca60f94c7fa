import { readdirSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import tar from 'tar-stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs } from '../../../src/db/schema/audit.js'
import { sites } from '../../../src/db/schema/sites.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeKey, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { createFileDoc } from '../documents/fixtures.js'
import { image, uploaded } from '../media/fixtures.js'
import { exportToBuffer, importBuffer } from './helpers.js'

/*
 * Archives that must import nothing (truncated, corrupt, newer format, taken slug) and say why; dry runs; and the
 * HTTP endpoints: permissions, the archive answer, the import report, 413 over ATRIUM_IMPORT_MAX_BYTES, audit.
 */

let t: TestApp
let small: TestApp
let site: SiteFixture
let archive: Buffer

/** Every file under the data directory's media/ and documents/ (what storage holds). */
function stored(app: TestApp): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    let names: string[]
    try {
      names = readdirSync(dir, { withFileTypes: true }).map((d) => (d.isDirectory() ? `${d.name}/` : d.name))
    } catch {
      return
    }
    for (const n of names) {
      if (n.endsWith('/')) walk(path.join(dir, n))
      else out.push(path.join(dir, n))
    }
  }
  for (const ns of ['media', 'documents']) walk(path.join(app.config.dataDir, ns))
  return out.sort()
}

const siteCount = async (app: TestApp) => (await app.dbh.db.select({ id: sites.id }).from(sites)).length

beforeAll(async () => {
  t = await testApp()
  small = await testApp({ env: { ATRIUM_IMPORT_MAX_BYTES: '2000' } })
  site = await makeSite(t)
  const w = t.as(site.keys.Write)
  const cover = await uploaded(t, site, await image('jpeg', 600, 400, 3), 'cover.jpg')
  expectStatus(
    await w.post('/blogs', {
      site_ids: [site.id],
      slug: 'hello',
      cover_image_id: cover.id,
      localizations: [{ locale: 'en', title: 'Hello', body: 'x'.repeat(5000) }],
    }),
    201,
  )
  await createFileDoc(t, site)
  archive = await exportToBuffer(t, site.id)
})

afterAll(async () => {
  await t?.close()
  await small?.close()
})

/** Runs an import that must fail and checks that nothing was written: no site, no stored file. */
async function importsNothing(app: TestApp, bytes: Buffer, opts: { as?: string } = {}): Promise<Error> {
  const [sitesBefore, filesBefore] = [await siteCount(app), stored(app)]
  const err = await importBuffer(app, bytes, opts).then(
    () => new Error('imported'),
    (e: unknown) => e as Error,
  )
  expect(err.message).not.toBe('imported')
  expect(await siteCount(app)).toBe(sitesBefore)
  expect(stored(app)).toEqual(filesBefore)
  return err
}

/** The archive with its manifest replaced. */
async function withManifest(bytes: Buffer, change: (m: Record<string, unknown>) => void): Promise<Buffer> {
  const extract = tar.extract()
  const pack = tar.pack()
  const done = new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = []
    pack.on('data', (c: unknown) => parts.push(c as Buffer))
    pack.on('end', () => resolve(gzipSync(Buffer.concat(parts))))
    pack.on('error', reject)
  })
  extract.end(gunzipSync(bytes))
  for await (const entry of extract) {
    const parts: Buffer[] = []
    for await (const c of entry) parts.push(c as Buffer)
    let body = Buffer.concat(parts)
    if (entry.header.name === 'manifest.json') {
      const m = JSON.parse(body.toString()) as Record<string, unknown>
      change(m)
      body = Buffer.from(JSON.stringify(m))
    }
    pack.entry({ name: entry.header.name, size: body.length }, body)
  }
  pack.finalize()
  return done
}

describe('an archive that cannot be imported imports nothing and says why', () => {
  it('truncated', async () => {
    const err = await importsNothing(small, archive.subarray(0, Math.floor(archive.length * 0.7)))
    expect(err.message).toMatch(/truncated/)
  })

  it('corrupt', async () => {
    const bad = Buffer.from(archive)
    for (let i = 200; i < 260; i++) bad[i] = (bad[i] ?? 0) ^ 0x5a
    const err = await importsNothing(small, bad)
    expect(err.message).toMatch(/archive|gzip|tar|JSON/i)
    const notGzip = await importsNothing(small, Buffer.from('this is not an archive at all'))
    expect(notGzip.message).toMatch(/not a valid gzip/)
  })

  it('of a newer format version', async () => {
    const err = await importsNothing(small, await withManifest(archive, (m) => (m.format_version = 2)))
    expect(err.message).toMatch(/format_version 2.*upgrade Atrium/)
  })

  it('whose slug is taken (409), and with --as it imports', async () => {
    const err = await importsNothing(t, archive)
    expect(err.message).toMatch(new RegExp(`slug "${site.slug}" already exists`))
    const out = await importBuffer(t, archive, { as: `${site.slug}-b` })
    expect(out.site.slug).toBe(`${site.slug}-b`)
    expect(out.site.id).not.toBe(site.id)
  })

  it('a dry run checks everything and writes nothing', async () => {
    const [before, files] = [await siteCount(t), stored(t)]
    const out = await importBuffer(t, archive, { as: `${site.slug}-dry`, dryRun: true })
    expect(out.dry_run).toBe(true)
    expect(out.counts).toMatchObject({ blogs: 1, media: 1, documents: 1, files: 2 })
    expect(await siteCount(t)).toBe(before)
    expect(stored(t)).toEqual(files)
  })

  it('an interrupted import (Ctrl+C) leaves nothing behind', async () => {
    const abort = new AbortController()
    abort.abort(new Error('interrupted'))
    const [before, files] = [await siteCount(t), stored(t)]
    await expect(importBuffer(t, archive, { as: `${site.slug}-int`, signal: abort.signal })).rejects.toThrow(/interrupted/)
    expect(await siteCount(t)).toBe(before)
    expect(stored(t)).toEqual(files)
  })
})

describe('POST /sites/{site_id}/export and POST /sites/import', () => {
  it('export: Admin gets the archive as application/gzip with a file name; Write is 403; audited', async () => {
    expectProblem(await t.as(site.keys.Write).post(`/sites/${site.id}/export`), 403, 'FORBIDDEN')
    const res = await t.as(site.keys.Admin).post(`/sites/${site.id}/export`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/gzip')
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${site.slug}-\\d{4}-\\d{2}-\\d{2}\\.tar\\.gz"$`))
    const out = await importBuffer(small, res.rawPayload, { dryRun: true })
    expect(out.counts.blogs).toBe(1)
    const audits = await t.dbh.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.site_id, site.id), eq(auditLogs.action, 'Export')))
    expect(audits.length).toBeGreaterThan(0)
  })

  it('import: a Master key or system admin; 201 with { site, counts }, 200 for a dry run; audited', async () => {
    const body = (key: string, q = '') =>
      t.app.inject({ method: 'POST', url: `/api/v1/sites/import${q}`, headers: { 'x-api-key': key, 'content-type': 'application/gzip' }, payload: archive })
    expectProblem(await body(site.keys.Master), 403, 'FORBIDDEN')
    const admin = await makeKey(t, 'Admin', null)
    expectProblem(await body(admin.key), 403, 'FORBIDDEN')
    const dry = expectStatus<{ site: { slug: string }; counts: Record<string, number> }>(await body(t.masterKey, `?as=${site.slug}-http&dry_run=true`), 200)
    expect(dry.counts.blogs).toBe(1)
    const made = expectStatus<{ site: { id: string; slug: string }; counts: Record<string, number> }>(await body(t.masterKey, `?as=${site.slug}-http`), 201)
    expect(made.site.slug).toBe(`${site.slug}-http`)
    expect(made.counts).toMatchObject({ blogs: 1, media: 1, documents: 1, files: 2 })
    const audits = await t.dbh.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.site_id, made.site.id), eq(auditLogs.action, 'Import')))
    expect(audits.length).toBe(1)
    expectProblem(await body(t.masterKey, `?as=${site.slug}-http`), 409, 'CONFLICT')
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sites/import',
      headers: { 'x-api-key': t.masterKey, 'content-type': 'application/gzip' },
      payload: Buffer.from('nope'),
    })
    expect(expectProblem(bad, 400, 'BAD_REQUEST').detail).toMatch(/gzip/)
  })

  it('import: an archive over ATRIUM_IMPORT_MAX_BYTES is a 413 and imports nothing', async () => {
    expect(archive.length).toBeGreaterThan(2000)
    const before = await siteCount(small)
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/v1/sites/import',
      headers: { 'x-api-key': small.masterKey, 'content-type': 'application/gzip' },
      payload: archive,
    })
    expect(expectProblem(res, 413, 'PAYLOAD_TOO_LARGE').detail).toMatch(/ATRIUM_IMPORT_MAX_BYTES/)
    expect(await siteCount(small)).toBe(before)
  })
})
