import { randomBytes } from 'node:crypto'
import { levelOnSite, requireRecord } from '../../core/access.js'
import type { Principal } from '../../core/principal.js'
import type { Ctx, Deps } from '../../core/context.js'
import { contentLabels } from '../../core/content-kinds.js'
import { deleteInBatches, DELETE_BATCH, jobPace } from '../../core/background-batches.js'
import { mutate } from '../../core/mutation.js'
import type { RawJson } from '../../core/read-cache.js'
import type { ReadDb } from '../../db/client.js'
import type { PreviewRow } from '../../db/schema/previews.js'
import { ApiError, notFound, validation } from '../../http/errors.js'
import { digestKey, digestsEqual } from '../../platform/crypto.js'
import * as blogs from '../blogs/service.js'
import { blogEntity } from '../blogs/entity.js'
import * as pages from '../pages/service.js'
import { pageEntity } from '../pages/entity.js'
import { canonicalLocale } from '../sites/locale-codes.rules.js'
import * as siteLocales from '../sites/locale.service.js'
import { previewEntity } from './entity.js'
import * as q from './queries.js'
import { PREVIEW_DEFAULT_SECONDS, type CreatePreviewBody, type CreatedPreview, type ListPreviewsQuery, type Preview } from './schemas.js'
import { fillPreviewUrl, postPath } from './url.rules.js'

/*
 * Preview tokens (README "Previews"): a frontend holding one reads that one record in its latest saved state,
 * whatever its status, and nothing else. The token is shown once; only its SHA-256 digest is stored (like API keys).
 */

const TOKEN = /^prv_[A-Za-z0-9_-]{43}$/
const generateToken = () => `prv_${randomBytes(32).toString('base64url')}`

export function present(row: PreviewRow): Preview {
  const { id, site_id, type, record_id, locale, expires_at, created_at } = row
  return { id, site_id, type, record_id, locale, expires_at, created_at }
}

/**
 * The audit entry's record_label of a preview: the previewed record as editors know it (a post by its title, a page
 * by its slug: core/content-kinds.ts), so the log says what was shared, not a token's id; null when the record is gone.
 */
async function previewLabel(db: ReadDb, row: Pick<PreviewRow, 'type' | 'content_id'>): Promise<string | null> {
  const [label] = await contentLabels(db, [{ content_type: row.type, id: row.content_id }])
  return label ?? null
}

/** The record a preview is asked for, as far as the token and the URL need it; 404/403 from the record's access. */
async function recordOf(ctx: Ctx, siteId: string, body: CreatePreviewBody) {
  const entity = body.type === 'blog' ? blogEntity : pageEntity
  // Author on the record: 404 when the caller cannot read it, 403 when it can read but not edit (as for every shared record: core/access.ts requireRecord).
  const scope = await requireRecord(ctx, entity, body.id, 'Author')
  // A record the site does not carry has no page on that site's frontend.
  if (!scope.siteIds.includes(siteId)) notFound(entity)
  if (body.type === 'blog') {
    const b = await blogs.get(ctx, body.id)
    return { contentId: b.content_id, slug: b.slug, route: '', path: (postPathOf: string) => postPath(postPathOf, b.slug) }
  }
  const p = await pages.get(ctx, body.id)
  return { contentId: p.content_id, slug: p.slug ?? '', route: p.route, path: () => p.route }
}

/** The locale the preview shows: the one asked for (a locale of the site, else 400 on `locale`), else the site's default. */
async function localeOf(ctx: Ctx, siteId: string, asked: string | undefined): Promise<string | null> {
  const locs = await siteLocales.list(ctx, siteId)
  if (asked === undefined) return locs.find((l) => l.is_default)?.code ?? null
  const code = canonicalLocale(asked, 'locale')
  return locs.some((l) => l.code === code) ? code : validation('locale', `"${asked}" is not a locale of this site`)
}

/**
 * Creates a preview token for one blog or page the site carries (Author on the record: 404 when the caller cannot
 * read it, 403 when it can read but not edit); 400 for an unknown locale. Audited without the token.
 */
export async function create(ctx: Ctx, siteId: string, body: CreatePreviewBody): Promise<CreatedPreview> {
  const record = await recordOf(ctx, siteId, body)
  const locale = await localeOf(ctx, siteId, body.locale)
  const settings = await siteLocales.getSettings(ctx, siteId)
  const token = generateToken()
  const now = ctx.clock.now()
  const expiresAt = new Date(now.getTime() + (body.expires_in ?? PREVIEW_DEFAULT_SECONDS) * 1000)
  const p = ctx.principal
  return mutate(ctx, { entity: previewEntity, action: 'Create', secretFields: ['token', 'token_digest'] }, async (tx) => {
    const row = await q.insertPreview(tx, {
      site_id: siteId,
      token_digest: digestKey(token),
      type: body.type,
      record_id: body.id,
      content_id: record.contentId,
      locale,
      expires_at: expiresAt,
      created_by_user_id: p.kind === 'user' ? p.userId : null,
      created_by_api_key_id: p.kind === 'api_key' ? p.keyId : null,
      created_at: now,
    })
    const url =
      settings.preview_url === null
        ? null
        : fillPreviewUrl(settings.preview_url, {
            token,
            type: body.type,
            id: body.id,
            slug: record.slug,
            route: record.route,
            path: record.path(settings.post_path),
            locale: locale ?? '',
          })
    return {
      result: { id: row.id, token, type: row.type, record_id: row.record_id, locale: row.locale, expires_at: row.expires_at, url },
      siteId,
      entityId: row.id,
      label: await previewLabel(tx, row),
      metadata: { type: row.type, record_id: row.record_id, locale: row.locale, expires_at: row.expires_at },
    }
  })
}

/** The site's previews not yet expired (optionally of one type or record), soonest expiry first; never their tokens. */
export async function list(ctx: Ctx, siteId: string, query: ListPreviewsQuery): Promise<Preview[]> {
  return (await q.listLive(ctx.db, siteId, ctx.clock.now(), { type: query.type, recordId: query.record_id })).map(present)
}

/** Revokes a preview (access resolved by the route): its token finds nothing from now on. Audited. */
export async function revoke(ctx: Ctx, id: string): Promise<void> {
  await mutate(ctx, { entity: previewEntity, action: 'Revoke', secretFields: ['token_digest'] }, async (tx) => {
    const row = (await q.lockPreview(tx, id)) ?? notFound(previewEntity)
    await q.deletePreview(tx, id)
    return {
      result: undefined,
      siteId: row.site_id,
      entityId: id,
      current: present(row),
      label: await previewLabel(tx, row),
      metadata: { type: row.type, record_id: row.record_id, locale: row.locale, expires_at: row.expires_at },
    }
  })
}

/**
 * GET /preview: the token's record as its public read answers it, in its latest saved state. Unknown, malformed,
 * expired and revoked tokens, a deleted record or site, a record its site no longer carries, and a `caller` (the
 * credentials sent along, if any) that does not authenticate or does not reach the preview's site: the same 404.
 */
export async function read(ctx: Ctx, token: string | undefined, caller?: Principal | ApiError): Promise<Buffer> {
  if (token === undefined || !TOKEN.test(token) || caller instanceof ApiError) return notFound(previewEntity)
  const digest = digestKey(token)
  const hit = await q.findByDigest(ctx.db, digest, ctx.clock.now())
  if (!hit || !digestsEqual(hit.token_digest, digest)) return notFound(previewEntity)
  if (caller !== undefined && caller.kind !== 'anonymous' && levelOnSite(caller, hit.site_id) === null) return notFound(previewEntity)
  let data: RawJson
  try {
    data =
      hit.type === 'blog'
        ? await blogs.detail(ctx, hit.record_id, { siteId: hit.owner_site_id, siteIds: [hit.owner_site_id] })
        : await pages.previewDetail(ctx, hit.record_id, hit.owner_site_id)
  } catch (err) {
    // A record deleted since: the preview's own 404, never the blog's or page's.
    if (err instanceof ApiError && err.status === 404) return notFound(previewEntity)
    throw err
  }
  const head = `{"type":${JSON.stringify(hit.type)},"locale":${JSON.stringify(hit.locale)},"expires_at":${JSON.stringify(hit.expires_at)},"data":`
  return Buffer.concat([Buffer.from(head), data, Buffer.from('}')])
}

/** The daily job: deletes expired previews in short batches (workers/retention.ts claims the day). */
export async function deleteExpired(deps: Deps): Promise<{ deleted: number }> {
  const db = deps.dbh.background
  const now = deps.clock.now()
  const paced = jobPace(deps.dbh.kind, deps.config.maintenanceShare)
  return { deleted: await deleteInBatches(paced, () => q.deleteExpiredBatch(db, now, DELETE_BATCH)) }
}
