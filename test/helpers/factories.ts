import { randomBytes } from 'node:crypto'
import type { Permission } from '../../src/db/schema/api-keys.js'
import * as apiKeys from '../../src/modules/api-keys/service.js'
import * as sites from '../../src/modules/sites/service.js'
import type { TestApp } from './app.js'

export const uid = () => randomBytes(4).toString('hex')
export const MISSING_ID = '00000000-0000-4000-8000-000000000000'

export interface SiteFixture {
  id: string
  slug: string
  locales: Array<{ id: string; code: string; is_default: boolean }>
  keys: Record<Permission, string>
  keyIds: Record<Permission, string>
}

/** A key through the service (audited like any other), returning the plaintext. */
export async function makeKey(t: TestApp, permission: Permission, siteId: string | null, extra: Partial<apiKeys.CreateInput> = {}) {
  const created = await apiKeys.create(t.sys(), { name: `${permission} key ${uid()}`, permission, site_id: siteId, ...extra })
  return { id: created.id, key: created.key }
}

/** A site with locales en (default) and de, and one site-scoped key per permission level. */
export async function makeSite(t: TestApp, overrides: Partial<sites.CreateSiteInput> = {}): Promise<SiteFixture> {
  const slug = overrides.slug ?? `site-${uid()}`
  const site = await sites.create(t.sys(), {
    name: `Site ${slug}`,
    slug,
    locales: [{ code: 'en', is_default: true }, { code: 'de' }],
    ...overrides,
  })
  const keys = {} as Record<Permission, string>
  const keyIds = {} as Record<Permission, string>
  for (const p of ['Read', 'Write', 'Admin', 'Master'] as const) {
    const k = await makeKey(t, p, site.id)
    keys[p] = k.key
    keyIds[p] = k.id
  }
  return { id: site.id, slug, locales: site.locales, keys, keyIds }
}
