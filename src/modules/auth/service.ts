import { globalLevel } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'
import { defineEntity } from '../../core/entities.js'
import { mutate } from '../../core/mutation.js'
import type { ApiKeyRow, ApiKeyUsageRow } from '../../db/schema/api-keys.js'
import type { AuditLogRow } from '../../db/schema/audit.js'
import { conflict, forbidden, unauthenticated } from '../../http/errors.js'
import { effectiveKeyStatus } from '../../platform/key-status.js'
import * as q from './queries.js'
import type { AuthInfo, Profile } from './schemas.js'

type ChangeHistoryRow = Awaited<ReturnType<typeof q.historyPage>>[number]

/** Who is calling: permission and scope for API keys; identity, memberships and admin flag for JWT users (401 otherwise). */
export function me(ctx: Ctx): AuthInfo {
  const p = ctx.principal
  switch (p.kind) {
    case 'user':
      return {
        permission: globalLevel(p),
        site_id: null,
        auth_method: 'jwt',
        idp_user_id: p.idpUserId,
        memberships: [...p.memberships].map(([site_id, role]) => ({ site_id, role })),
        is_system_admin: p.isSystemAdmin,
      }
    case 'api_key':
      return { permission: p.permission, site_id: p.siteId, auth_method: 'api_key', idp_user_id: null, memberships: null, is_system_admin: null }
    case 'anonymous':
    case 'system':
      // The route needs an authenticated caller; the service itself has no HTTP identity to report.
      return unauthenticated()
  }
}

/** The directory entry of a JWT user: its deletion is the account deletion (audit entity_type `idp_user`). */
export const accountEntity = defineEntity({ name: 'idp_user', label: 'user' })

const isSystemAdmin = (ctx: Ctx) => ctx.principal.kind === 'user' && ctx.principal.isSystemAdmin

function keyProfile(ctx: Ctx, row: ApiKeyRow) {
  const { id, key_prefix, name, description, permission, site_id, rate_limit_per_minute, expires_at, last_used_at, created_at } = row
  return {
    id,
    key_prefix,
    name,
    description,
    permission,
    site_id,
    status: effectiveKeyStatus(row, ctx.clock.now()),
    rate_limit_per_minute,
    expires_at,
    last_used_at,
    created_at,
  }
}

/** Without the stored digest: an export never carries anything that authenticates. */
function keyRecord(ctx: Ctx, row: ApiKeyRow) {
  const { key_digest: _digest, ...rest } = row
  return { ...rest, status: effectiveKeyStatus(row, ctx.clock.now()) }
}

/** The caller's full profile (API-key callers get their key record: a key has no profile of its own). */
export async function profile(ctx: Ctx): Promise<Profile> {
  const p = ctx.principal
  if (p.kind === 'user') {
    const [entry, memberships] = await Promise.all([q.findUser(ctx.db, p.userId), q.membershipsOf(ctx.db, p.userId)])
    return {
      auth_method: 'jwt',
      user_id: p.userId,
      idp_user_id: p.idpUserId,
      email: entry?.email ?? null,
      name: entry?.name ?? null,
      avatar_url: entry?.avatar_url ?? null,
      is_system_admin: isSystemAdmin(ctx),
      created_at: entry?.created_at ?? null,
      last_sign_in_at: entry?.last_sign_in_at ?? null,
      memberships: memberships.map(({ site_id, site_name, site_slug, role }) => ({ site_id, site_name, site_slug, role })),
      api_key: null,
    }
  }
  if (p.kind === 'api_key') {
    const key = (await q.findKey(ctx.db, p.keyId)) ?? unauthenticated()
    return {
      auth_method: 'api_key',
      user_id: null,
      idp_user_id: null,
      email: null,
      name: null,
      avatar_url: null,
      is_system_admin: null,
      created_at: null,
      last_sign_in_at: null,
      memberships: null,
      api_key: keyProfile(ctx, key),
    }
  }
  return unauthenticated()
}

const PAGE = 1000
const json = (v: unknown) => JSON.stringify(v)

/** Streams an array of rows fetched page by page (keyset), never holding more than one page. */
async function* streamArray<R>(next: (last: R | undefined) => Promise<R[]>, map: (r: R) => unknown = (r) => r): AsyncGenerator<string> {
  yield '['
  let last: R | undefined
  let first = true
  for (;;) {
    const rows = await next(last)
    for (const r of rows) {
      yield `${first ? '' : ','}${json(map(r))}`
      first = false
    }
    if (rows.length < PAGE) break
    last = rows[rows.length - 1]
  }
  yield ']'
}

/**
 * Everything tied to the caller, as one JSON document produced piece by piece: profile, memberships, API keys it
 * created (for a key: the key itself), audit entries and change history it made, and (for a key) its usage. Audit,
 * history and usage are read in pages of 1000, so a caller with 100,000 audit rows is never held in memory.
 */
export async function* exportData(ctx: Ctx): AsyncGenerator<string> {
  const p = ctx.principal
  // only authenticated callers reach the route: the anonymous and system principals have no trail to export
  const actor: q.TrailActor = p.kind === 'user' ? { userId: p.userId } : { keyId: p.kind === 'api_key' ? p.keyId : forbidden('Export needs credentials') }
  const prof = await profile(ctx)
  const memberships = p.kind === 'user' ? await q.membershipsOf(ctx.db, p.userId) : []
  const keys = p.kind === 'user' ? await q.keysCreatedBy(ctx.db, p.actorId) : p.kind === 'api_key' ? [(await q.findKey(ctx.db, p.keyId))!].filter(Boolean) : []
  yield `{"exported_at":${json(ctx.clock.now())},"profile":${json(prof)},"memberships":${json(memberships)},"api_keys":${json(keys.map((k) => keyRecord(ctx, k)))},"audit_logs":`
  yield* streamArray((last: AuditLogRow | undefined) => q.auditPage(ctx.db, actor, last, PAGE))
  yield ',"change_history":'
  yield* streamArray((last: ChangeHistoryRow | undefined) => q.historyPage(ctx.db, actor, last?.id, PAGE))
  yield ',"api_key_usage":'
  if (p.kind === 'api_key') yield* streamArray((last: ApiKeyUsageRow | undefined) => q.usagePage(ctx.db, p.keyId, last, PAGE))
  else yield '[]'
  yield '}'
}

/**
 * Deletes the caller's account (JWT only): 409 while they own a site (exactly one Owner per site, so they are its
 * sole owner: transfer ownership or delete the site first). Removes memberships, notifications and the directory
 * entry; audit entries and change history stay under the user id.
 */
export async function deleteAccount(ctx: Ctx): Promise<void> {
  const p = ctx.principal
  if (p.kind !== 'user') return forbidden('Account deletion needs an identity-provider token')
  await mutate(ctx, { entity: accountEntity, action: 'Delete' }, async (tx) => {
    const owned = await q.lockOwnerships(tx, p.userId)
    if (owned.length > 0)
      conflict(`You are the sole owner of ${owned.length} site(s) (${owned.map((o) => o.site_id).join(', ')}): transfer ownership or delete them first`)
    const removed = await q.deleteAccountData(tx, p.userId, p.idpUserId)
    return {
      result: undefined,
      siteId: null,
      entityId: p.userId,
      metadata: { idp_user_id: p.idpUserId, memberships_removed: removed.memberships, notifications_removed: removed.notifications },
    }
  })
}
