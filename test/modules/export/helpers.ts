import { Readable, Writable } from 'node:stream'
import type { RouteOptions } from 'fastify'
import type { TestApp } from '../../helpers/app.js'
import { exportSite } from '../../../src/modules/export/export.service.js'
import { importSite, type ImportOptions, type ImportOutcome } from '../../../src/modules/export/import.service.js'
import type { Fixtures } from '../../contract/matrix/index.js'

/* Export and import in-process: an archive as a Buffer. */

export async function exportToBuffer(t: TestApp, site: string): Promise<Buffer> {
  const parts: Buffer[] = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      parts.push(chunk)
      done()
    },
  })
  await exportSite(t.sys(), site, sink)
  return Buffer.concat(parts)
}

export function importBuffer(t: TestApp, archive: Buffer, opts: ImportOptions = {}): Promise<ImportOutcome> {
  return importSite(t.sys(), Readable.from([archive]), opts)
}

/** Every read route (GET) about one site, with its path parameters filled from the matrix fixtures; `skip` leaves some out. */
export function readUrls(api: RouteOptions[], fx: Fixtures, siteId: string, skip: RegExp): string[] {
  const urls: string[] = []
  for (const r of api) {
    const methods = [r.method].flat()
    if (!methods.includes('GET') || skip.test(r.url)) continue
    const access = r.config?.access
    const key = `GET ${r.url}`
    const fixture = fx.routes[key]
    const entity = access?.kind === 'site' ? 'site' : access?.kind === 'record' ? access.entity.name : undefined
    const accessParam = access?.kind === 'site' || access?.kind === 'record' ? access.param : undefined
    let ok = true
    const url = r.url.replace(/:([A-Za-z0-9_]+)|\*$/g, (_m, name: string | undefined) => {
      const p = name ?? '*'
      const v =
        fixture?.params?.[p] ??
        (p === accessParam && entity === 'site' ? siteId : undefined) ??
        (p === accessParam && entity ? fx.records[entity] : undefined) ??
        (p === 'site_id' ? siteId : undefined) ??
        fx.params[p]
      if (v === undefined) ok = false
      return v ?? ''
    })
    if (ok) urls.push(url.replace(/^\/api\/v1/, ''))
  }
  return urls
}

/** What differs between a site and its imported copy by design: other carrying sites, file keys, secrets, webhooks inactive. */
export function normalise(v: unknown, siteId: string, key?: string): unknown {
  if (Array.isArray(v)) {
    const items = v.map((x) => normalise(x, siteId))
    return key === 'site_ids' ? items.filter((x) => x === siteId) : items
  }
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (['secret', 'api_key_masked', 'has_api_key'].includes(k)) continue
      if (k === 'public_url' && typeof x === 'string') out[k] = 'FILE_URL'
      else out[k] = normalise(x, siteId, k)
    }
    // Members travel by identity-provider id: their directory entry (email, name) is the installation's, filled at sign-in.
    if ('idp_user_id' in out && 'role' in out) for (const k of ['email', 'name', 'avatar_url']) delete out[k]
    // Webhooks travel inactive.
    if ('events' in out && 'url' in out && 'is_active' in out) out.is_active = 'ANY'
    return out
  }
  if (typeof v === 'string') return v.replace(/\/media\/files\/[A-Za-z0-9_./-]+/g, '/media/files/KEY')
  return v
}
