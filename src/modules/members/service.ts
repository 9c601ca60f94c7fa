import type { Ctx } from '../../core/context.js'
import { defineEntity } from '../../core/entities.js'
import { mutate } from '../../core/mutation.js'
import type { SiteMemberRow } from '../../db/schema/members.js'
import { conflict, invalidState, notFound, unavailable, validation } from '../../http/errors.js'
import { DirectoryError, type DirectoryUser } from '../../platform/directory.js'
import { userIdOf } from '../../platform/jwt.js'
import * as q from './queries.js'
import type { AddMemberBody, Member, TransferOwnershipBody, UpdateMemberBody } from './schemas.js'

/** A membership of a site (audit entity_type `site_member`); addressed under its site, so no scope resolver. */
export const memberEntity = defineEntity({ name: 'site_member', label: 'member' })

/** What audit and change history record of a membership. */
const snapshot = (m: SiteMemberRow) => ({ id: m.id, site_id: m.site_id, user_id: m.user_id, idp_user_id: m.idp_user_id, role: m.role })

/** Members of a site (site access checked by the route): Owner first, then by role. */
export async function list(ctx: Ctx, siteId: string): Promise<Member[]> {
  return q.listMembers(ctx.db, siteId)
}

async function present(ctx: Ctx, siteId: string, id: string): Promise<Member> {
  return (await q.findMember(ctx.db, siteId, id)) ?? notFound(memberEntity)
}

/** How audit entries name a member: their directory name, else their identity-provider id (never the email). */
const memberLabel = (m: { name: string | null; idp_user_id: string }): string => m.name ?? m.idp_user_id

interface NamedUser {
  userId: string
  idpUserId: string
  /** The external directory's entry of a user who has not signed in, kept with the membership. */
  profile?: DirectoryUser
}

/**
 * A user named by identity-provider id who has not signed in: with the built-in directory nobody else knows them
 * (email and name come with their first sign-in); an external directory (ATRIUM_IDP_API_URL) is asked for their
 * email and name, and an id it does not know is refused as a typo would be. It being unreachable is a 503.
 */
async function lookUpNewcomer(ctx: Ctx, idpUserId: string): Promise<DirectoryUser | undefined> {
  const directory = ctx.deps.users.directory
  if (directory.kind === 'builtin') return undefined
  try {
    return (await directory.get(idpUserId)) ?? validation('idp_user_id', 'the identity provider has no user with this id')
  } catch (err) {
    if (!(err instanceof DirectoryError)) throw err
    ctx.log.warn({ err }, 'identity-provider directory unavailable')
    throw unavailable()
  }
}

/** The user a body names: user_id of a known (signed-in) user, or any identity-provider id; both must agree. */
async function resolveUser(ctx: Ctx, body: { user_id?: string | undefined; idp_user_id?: string | undefined }): Promise<NamedUser> {
  if (body.idp_user_id !== undefined) {
    const userId = userIdOf(body.idp_user_id)
    if (body.user_id !== undefined && body.user_id.toLowerCase() !== userId) validation('user_id', 'does not belong to idp_user_id')
    if (await q.findDirectoryUser(ctx.db, userId)) return { userId, idpUserId: body.idp_user_id }
    const profile = await lookUpNewcomer(ctx, body.idp_user_id)
    return { userId, idpUserId: body.idp_user_id, ...(profile ? { profile } : {}) }
  }
  if (body.user_id === undefined) return validation('user_id', 'user_id or idp_user_id is required')
  const known = await q.findDirectoryUser(ctx.db, body.user_id.toLowerCase())
  if (!known) return validation('user_id', 'no user with this id has signed in; name them by idp_user_id instead')
  return { userId: known.id, idpUserId: known.idp_user_id }
}

/** Adds a member with a role other than Owner: 409 when the user is a member already. */
export async function add(ctx: Ctx, siteId: string, body: AddMemberBody): Promise<Member> {
  const user = await resolveUser(ctx, body)
  const now = ctx.clock.now()
  const row = await mutate(ctx, { entity: memberEntity, action: 'Create' }, async (tx) => {
    const members = await q.lockSiteMembers(tx, siteId)
    if (members.some((m) => m.user_id === user.userId)) conflict('This user is already a member of the site')
    if (user.profile) await q.rememberProfile(tx, user.profile, now)
    const created = await q.insertMember(tx, {
      site_id: siteId,
      user_id: user.userId,
      idp_user_id: user.idpUserId,
      role: body.role,
      created_at: now,
      updated_at: now,
    })
    const label = memberLabel({ name: (await q.findMember(tx, siteId, created.id))?.name ?? null, idp_user_id: created.idp_user_id })
    return { result: created, siteId, entityId: created.id, label, after: snapshot(created), metadata: snapshot(created) }
  })
  return present(ctx, siteId, row.id)
}

/** Changes a member's role: never to or from Owner (409 INVALID_STATE for the Owner; 400 for role Owner by schema). */
export async function update(ctx: Ctx, siteId: string, id: string, body: UpdateMemberBody): Promise<Member> {
  await mutate(ctx, { entity: memberEntity, action: 'Update' }, async (tx) => {
    const members = await q.lockSiteMembers(tx, siteId)
    const before = members.find((m) => m.id === id) ?? notFound(memberEntity)
    if (before.role === 'Owner') invalidState('The Owner’s role cannot be changed; transfer ownership instead')
    // The member as its answers show it (with the directory's name and email), for If-Match.
    const current = await q.findMember(tx, siteId, id)
    const after = await q.setRole(tx, id, body.role, ctx.clock.now())
    const label = memberLabel({ name: current?.name ?? null, idp_user_id: before.idp_user_id })
    return { result: after, siteId, entityId: id, label, before: snapshot(before), after: snapshot(after), current }
  })
  return present(ctx, siteId, id)
}

/** Removes a member other than the Owner (409 INVALID_STATE). */
export async function remove(ctx: Ctx, siteId: string, id: string): Promise<void> {
  await mutate(ctx, { entity: memberEntity, action: 'Delete' }, async (tx) => {
    const members = await q.lockSiteMembers(tx, siteId)
    const before = members.find((m) => m.id === id) ?? notFound(memberEntity)
    if (before.role === 'Owner') invalidState('The Owner cannot be removed; transfer ownership first')
    const label = memberLabel({ name: (await q.findMember(tx, siteId, id))?.name ?? null, idp_user_id: before.idp_user_id })
    await q.deleteMember(tx, id)
    return { result: undefined, siteId, entityId: id, label, before: snapshot(before), metadata: snapshot(before) }
  })
}

/**
 * Makes another member the Owner; the old Owner becomes Admin. 400 when user_id is not a member, 409 INVALID_STATE
 * when it is the Owner already. A site created with an API key has no Owner yet: a Master key or a system admin
 * gives it one this way. Answers the site's members after the change.
 */
export async function transferOwnership(ctx: Ctx, siteId: string, body: TransferOwnershipBody): Promise<Member[]> {
  const userId = body.user_id.toLowerCase()
  await mutate(ctx, { entity: memberEntity, action: 'Update' }, async (tx) => {
    const members = await q.lockSiteMembers(tx, siteId)
    const next = members.find((m) => m.user_id === userId) ?? validation('user_id', 'must be a member of the site')
    if (next.role === 'Owner') invalidState('This member is the Owner already')
    const previous = members.find((m) => m.role === 'Owner')
    const now = ctx.clock.now()
    // Demote first: the one-Owner index holds at every statement.
    if (previous) await q.setRole(tx, previous.id, 'Admin', now)
    const promoted = await q.setRole(tx, next.id, 'Owner', now)
    return {
      result: undefined,
      siteId,
      entityId: next.id,
      label: memberLabel({ name: (await q.findMember(tx, siteId, next.id))?.name ?? null, idp_user_id: next.idp_user_id }),
      before: snapshot(next),
      after: snapshot(promoted),
      metadata: { transfer_ownership: true, from_user_id: previous?.user_id ?? null, to_user_id: promoted.user_id },
    }
  })
  return list(ctx, siteId)
}
