import type { Ctx } from '../../core/context.js'
import { isUnscoped, levelOnSite, requireSite, visibleSiteIds } from '../../core/access.js'
import { atLeast } from '../../core/levels.js'
import { mutate } from '../../core/mutation.js'
import type { Level, Principal } from '../../core/principal.js'
import { defineEntity } from '../../core/entities.js'
import type { ApiKeyRow } from '../../db/schema/api-keys.js'
import { forbidden, invalidState, notFound, validation } from '../../http/errors.js'
import { paginate, pageWindow, type Page } from '../../http/pagination.js'
import { digestKey, generateApiKey, keyPrefix } from '../../platform/crypto.js'
import { effectiveKeyStatus } from '../../platform/key-status.js'
import * as q from './queries.js'
import type { ApiKey, BlockBody, CreateApiKeyBody, CreatedApiKey, ListApiKeysQuery, UpdateApiKeyBody, UsageQuery } from './schemas.js'

/** An API key lives in its site, or nowhere in particular when unscoped. */
export const apiKeyEntity = defineEntity({
  name: 'api_key',
  label: 'API key',
  scope: async (db, id) => {
    const row = await q.findKey(db, id)
    return row ? { siteId: row.site_id, siteIds: row.site_id ? [row.site_id] : [] } : undefined
  },
})
const ENTITY = apiKeyEntity

/** The wire form: status is the effective one (an Active key past expiry reads Expired). */
function present(ctx: Ctx, row: ApiKeyRow): ApiKey {
  return { ...row, status: effectiveKeyStatus(row, ctx.clock.now()) }
}

/**
 * The highest permission the caller may hand out on a site (null site: unscoped).
 * Master key → Master, Admin key → Write; JWT: system admin → Master, Owner → Admin, Admin → Write, others Read.
 */
export function creationCap(p: Principal, siteId: string | null): Level | null {
  switch (p.kind) {
    case 'system':
      return 'Master'
    case 'api_key':
      if (levelOnSite(p, siteId) === null) return null
      return p.permission === 'Master' ? 'Master' : p.permission === 'Admin' ? 'Write' : null
    case 'user': {
      if (p.isSystemAdmin) return 'Master'
      const role = siteId ? p.memberships.get(siteId) : undefined
      if (!role) return null
      return role === 'Owner' ? 'Admin' : role === 'Admin' ? 'Write' : 'Read'
    }
    case 'anonymous':
      return null
  }
}

function requireCap(ctx: Ctx, siteId: string | null, permission: Level): void {
  const cap = creationCap(ctx.principal, siteId)
  if (!cap || !atLeast(cap, permission)) forbidden(`You may grant at most ${cap ?? 'nothing'} here`)
}

/** Paginated keys within the caller's scope (a scoped key: its site only), filtered by status, permission and site. */
export async function list(ctx: Ctx, query: ListApiKeysQuery): Promise<Page<ApiKey>> {
  const { limit, offset } = pageWindow(query)
  const { rows, total } = await q.listKeys(
    ctx.db,
    { siteIds: visibleSiteIds(ctx.principal, 'Admin'), site_id: query.site_id, status: query.status, permission: query.permission, now: ctx.clock.now() },
    limit,
    offset,
  )
  return paginate(
    rows.map((r) => present(ctx, r)),
    total,
    query,
  )
}

/** One key; the route's record access has answered 404 (out of scope) and 403 (below Admin) already. */
export async function get(ctx: Ctx, id: string): Promise<ApiKey> {
  return present(ctx, (await q.findKey(ctx.db, id)) ?? notFound(ENTITY))
}

export interface CreateInput extends CreateApiKeyBody {
  /** CLI and bootstrap pass the plaintext (ATRIUM_BOOTSTRAP_KEY); the API always generates one. */
  plaintext?: string
}

/**
 * Creates a key within the caller's scope and cap: 403 above the cap or for unscoped keys without an unscoped
 * Master/system-admin caller; 404 for a site out of reach; 400 for an unscoped Write/Read key or a past expiry.
 */
export async function create(ctx: Ctx, body: CreateInput): Promise<CreatedApiKey> {
  const p = ctx.principal
  const siteId = body.site_id === undefined ? (p.kind === 'api_key' ? p.siteId : null) : body.site_id
  if (siteId === null) {
    if (body.permission !== 'Master' && body.permission !== 'Admin') validation('site_id', 'only Master and Admin keys may be unscoped')
    if (!isUnscoped(p) || !(p.kind !== 'api_key' || p.permission === 'Master'))
      forbidden('Only a system admin or an unscoped Master key may create unscoped keys')
  } else {
    await requireSite(ctx, siteId, 'Admin')
  }
  requireCap(ctx, siteId, body.permission)
  const now = ctx.clock.now()
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null
  if (expiresAt && expiresAt.getTime() <= now.getTime()) validation('expires_at', 'must be in the future')
  const plaintext = body.plaintext ?? generateApiKey()
  const row = await mutate(ctx, { entity: ENTITY, action: 'Create' }, async (tx) => {
    const created = await q.insertKey(tx, {
      key_digest: digestKey(plaintext),
      key_prefix: keyPrefix(plaintext),
      name: body.name,
      description: body.description ?? null,
      permission: body.permission,
      site_id: siteId,
      rate_limit_per_minute: body.rate_limit_per_minute ?? ctx.deps.config.defaultKeyRateLimit,
      expires_at: expiresAt,
      created_by: p.actorId,
      created_at: now,
      updated_at: now,
    })
    return {
      result: created,
      siteId,
      entityId: created.id,
      metadata: { name: created.name, permission: created.permission, key_prefix: created.key_prefix, site_id: siteId },
    }
  })
  return { ...present(ctx, row), key: plaintext }
}

/** Applies a state change or edit to a key the caller may manage (target permission within its cap). */
async function change(
  ctx: Ctx,
  id: string,
  action: 'Update' | 'Block' | 'Unblock' | 'Revoke',
  apply: (row: ApiKeyRow, now: Date) => Partial<ApiKeyRow>,
  extraMetadata: Record<string, unknown> = {},
): Promise<ApiKey> {
  const now = ctx.clock.now()
  const row = await mutate(ctx, { entity: ENTITY, action }, async (tx) => {
    const before = (await q.lockKey(tx, id)) ?? notFound(ENTITY)
    requireCap(ctx, before.site_id, before.permission)
    const after = (await q.updateKey(tx, id, { ...apply(before, now), updated_at: now })) ?? notFound(ENTITY)
    return {
      result: after,
      siteId: after.site_id,
      entityId: id,
      before,
      after,
      metadata: { key_prefix: after.key_prefix, ...extraMetadata },
      readers: { apiKeys: [id] },
    }
  })
  return present(ctx, row)
}

/**
 * Edits name, description, rate limit or expiry; permission and site are fixed at creation (400 when the body
 * names nothing editable, or an expiry not in the future; 409 when moving the expiry of an Expired key).
 */
export function update(ctx: Ctx, id: string, body: UpdateApiKeyBody): Promise<ApiKey> {
  return change(ctx, id, 'Update', (row, now) => {
    const patch: Partial<ApiKeyRow> = {}
    if (body.name !== undefined) patch.name = body.name
    if (body.description !== undefined) patch.description = body.description
    if (body.rate_limit_per_minute !== undefined) patch.rate_limit_per_minute = body.rate_limit_per_minute
    if (body.expires_at !== undefined) {
      const at = body.expires_at === null ? null : new Date(body.expires_at)
      if (at && at.getTime() <= now.getTime()) validation('expires_at', 'must be in the future')
      // Expired is final like Revoked: the effective status counts, so a key past expiry that the sweep
      // has not rewritten yet cannot be brought back by moving its expiry either.
      if (effectiveKeyStatus(row, now) === 'Expired') invalidState('An expired key cannot be extended; create a new key')
      patch.expires_at = at
    }
    return patch
  })
}

/** Active → Blocked, with an optional reason; anything else is 409 INVALID_STATE; 403 above the caller's cap. */
export function block(ctx: Ctx, id: string, body: BlockBody): Promise<ApiKey> {
  const reason = body.reason ?? null
  const apply = (row: ApiKeyRow, now: Date): Partial<ApiKeyRow> => {
    const status = effectiveKeyStatus(row, now)
    if (status !== 'Active') invalidState(`Only an Active key can be blocked; this key is ${status}`)
    return { status: 'Blocked', block_reason: reason, blocked_at: now }
  }
  return change(ctx, id, 'Block', apply, { reason })
}

/** Blocked → Active (reads Expired when its expiry passed meanwhile); anything else is 409 INVALID_STATE. */
export function unblock(ctx: Ctx, id: string): Promise<ApiKey> {
  return change(ctx, id, 'Unblock', (row) => {
    if (row.status !== 'Blocked') invalidState(`Only a Blocked key can be unblocked; this key is ${row.status}`)
    return { status: 'Active', block_reason: null, blocked_at: null }
  })
}

/** Active, Blocked or Expired → Revoked, permanently; revoking twice is 409 INVALID_STATE. */
export function revoke(ctx: Ctx, id: string): Promise<ApiKey> {
  return change(ctx, id, 'Revoke', (row, now) => {
    if (row.status === 'Revoked') invalidState('The key is already revoked')
    return { status: 'Revoked', revoked_at: now }
  })
}

/** Deletes a key for good (403 above the caller's cap); its usage history goes with it, its audit trail stays. */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  await mutate(ctx, { entity: ENTITY, action: 'Delete' }, async (tx) => {
    const before = (await q.lockKey(tx, id)) ?? notFound(ENTITY)
    requireCap(ctx, before.site_id, before.permission)
    await q.deleteKey(tx, id)
    return {
      result: undefined,
      siteId: before.site_id,
      entityId: id,
      current: before,
      metadata: { name: before.name, key_prefix: before.key_prefix },
      readers: { apiKeys: [id] },
    }
  })
}

/** Usage history, newest first, limit/offset. Buffered records are flushed first so the answer is current. */
export async function usage(ctx: Ctx, id: string, query: UsageQuery) {
  await ctx.deps.usage.flush()
  const { rows, total } = await q.listUsage(ctx.db, id, query.limit, query.offset)
  return { data: rows, meta: { limit: query.limit, offset: query.offset, total } }
}

/** Thrown inside a mutation to roll it back (no audit row) when there is nothing to do after all. */
class NothingToDo extends Error {}

/**
 * Marks Active keys past expires_at as Expired, one audited mutation each; returns how many it changed.
 * Safe on every instance at once: a key another instance expired meanwhile is skipped without an audit row.
 */
export async function expireDue(ctx: Ctx): Promise<number> {
  const due = await q.findDueExpiries(ctx.db, ctx.clock.now())
  let expired = 0
  for (const { id } of due) {
    try {
      await mutate(ctx, { entity: ENTITY, action: 'Update' }, async (tx) => {
        const now = ctx.clock.now()
        const before = await q.lockKey(tx, id)
        if (!before || before.status !== 'Active' || effectiveKeyStatus(before, now) !== 'Expired') throw new NothingToDo()
        const after = await q.updateKey(tx, id, { status: 'Expired', updated_at: now })
        return {
          result: undefined,
          siteId: before.site_id,
          entityId: id,
          before,
          after,
          metadata: { key_prefix: before.key_prefix, reason: 'expired' },
          readers: { apiKeys: [id] },
        }
      })
    } catch (err) {
      if (err instanceof NothingToDo) continue
      throw err
    }
    expired++
  }
  return expired
}

/**
 * Start-up: with ATRIUM_BOOTSTRAP_KEY, make sure that key exists as an unscoped Master key (idempotent;
 * a bootstrap key an admin revoked stays revoked). With no key at all, generate one and return it to print.
 */
export async function bootstrap(ctx: Ctx, plaintext: string | undefined): Promise<{ created: boolean; key?: string; warning?: string }> {
  if (plaintext) {
    // The shape X-API-Key accepts (src/http/auth.ts): a key outside it could never authenticate.
    if (!/^[\x21-\x7e]{16,200}$/.test(plaintext)) validation('ATRIUM_BOOTSTRAP_KEY', 'must be 16-200 printable ASCII characters without spaces')
    const existing = await q.findKeyByDigest(ctx.db, digestKey(plaintext))
    if (existing) {
      if (existing.permission !== 'Master' || existing.site_id !== null) {
        return { created: false, warning: 'ATRIUM_BOOTSTRAP_KEY names a key that is not an unscoped Master key; left as it is' }
      }
      const status = effectiveKeyStatus(existing, ctx.clock.now())
      return { created: false, ...(status !== 'Active' ? { warning: `ATRIUM_BOOTSTRAP_KEY names a key that is ${status}; left as it is` } : {}) }
    }
    await create(ctx, { name: 'Bootstrap key', permission: 'Master', site_id: null, plaintext })
    return { created: true }
  }
  if ((await q.countKeys(ctx.db)) > 0) return { created: false }
  const made = await create(ctx, { name: 'Initial Master key', permission: 'Master', site_id: null })
  return { created: true, key: made.key }
}
