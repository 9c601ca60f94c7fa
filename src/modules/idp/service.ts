import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import { invalidState, notFound, unavailable } from '../../http/errors.js'
import { DirectoryError, type DirectoryUser } from '../../platform/directory.js'
import { accountEntity } from '../auth/service.js'
import * as q from './queries.js'
import type { IdpUser, IdpUserQuery, UpdateRoleBody } from './schemas.js'

/** A failing external directory is a 503 problem, not a 500. */
async function fromDirectory<T>(ctx: Ctx, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof DirectoryError) {
      ctx.log.warn({ err }, 'identity-provider directory unavailable')
      throw unavailable()
    }
    throw err
  }
}

function present(ctx: Ctx, u: DirectoryUser, role: string | undefined): IdpUser {
  const isSystemAdmin = ctx.deps.users.isConfiguredAdmin(u.idp_user_id) || role === 'SystemAdmin'
  return { ...u, is_system_admin: isSystemAdmin }
}

/** Users of the configured directory (built in: everyone who signed in, oldest first), limit/offset. */
export async function list(ctx: Ctx, query: IdpUserQuery): Promise<{ data: IdpUser[]; meta: { limit: number; offset: number; total: number } }> {
  const { users, total } = await fromDirectory(ctx, () => ctx.deps.users.directory.list(query.limit, query.offset))
  const roles = await q.rolesOf(
    ctx.db,
    users.map((u) => u.id),
  )
  return { data: users.map((u) => present(ctx, u, roles.get(u.id))), meta: { limit: query.limit, offset: query.offset, total } }
}

/**
 * A user by user id: the UUID v5 cannot be turned back into the identity-provider id, so the user must be known here
 * (signed in once; the built-in directory entry keeps the mapping), then the directory answers for them.
 */
async function find(ctx: Ctx, id: string): Promise<DirectoryUser> {
  const known = (await q.findById(ctx.db, id.toLowerCase())) ?? notFound(accountEntity)
  return (await fromDirectory(ctx, () => ctx.deps.users.directory.get(known.idp_user_id))) ?? notFound(accountEntity)
}

export async function get(ctx: Ctx, id: string): Promise<IdpUser> {
  const u = await find(ctx, id)
  const roles = await q.rolesOf(ctx.db, [u.id])
  return present(ctx, u, roles.get(u.id))
}

/**
 * Sets a user's CMS role (system admins only, by the route): SystemAdmin has Master on every site. Users named in
 * ATRIUM_SYSTEM_ADMINS stay system admins: making them User is 409 INVALID_STATE. Takes effect on their next request.
 */
export async function updateRole(ctx: Ctx, id: string, body: UpdateRoleBody): Promise<IdpUser> {
  const u = await find(ctx, id)
  if (body.role === 'User' && ctx.deps.users.isConfiguredAdmin(u.idp_user_id))
    invalidState('This user is a system admin by configuration (ATRIUM_SYSTEM_ADMINS)')
  const saved = await mutate(ctx, { entity: accountEntity, action: 'Update' }, async (tx) => {
    const before = await q.lockById(tx, u.id)
    const after = await q.upsertRole(tx, { id: u.id, idp_user_id: u.idp_user_id, email: u.email, name: u.name, avatar_url: u.avatar_url, role: body.role })
    return {
      result: after,
      siteId: null,
      entityId: u.id,
      before: { role: before?.role ?? 'User' },
      after: { role: after.role },
      current: present(ctx, u, before?.role),
      metadata: { idp_user_id: u.idp_user_id, role: after.role },
    }
  })
  return present(ctx, u, saved.role)
}
