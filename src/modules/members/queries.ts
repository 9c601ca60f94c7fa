import { and, asc, eq, sql } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { idpUsers, type IdpUserRow } from '../../db/schema/idp-users.js'
import type { DirectoryUser } from '../../platform/directory.js'
import { siteMembers, type SiteMemberRow } from '../../db/schema/members.js'

const withProfile = {
  id: siteMembers.id,
  site_id: siteMembers.site_id,
  user_id: siteMembers.user_id,
  idp_user_id: siteMembers.idp_user_id,
  role: siteMembers.role,
  email: idpUsers.email,
  name: idpUsers.name,
  created_at: siteMembers.created_at,
  updated_at: siteMembers.updated_at,
}

/** Members of a site with their directory email and name: Owner first, then by role rank, then oldest first. */
export function listMembers(db: ReadDb, siteId: string) {
  return db
    .select(withProfile)
    .from(siteMembers)
    .leftJoin(idpUsers, eq(idpUsers.id, siteMembers.user_id))
    .where(eq(siteMembers.site_id, siteId))
    .orderBy(
      sql`array_position(array['Owner','Admin','Reviewer','Editor','Author','Viewer'], ${siteMembers.role})`,
      asc(siteMembers.created_at),
      asc(siteMembers.id),
    )
}

export async function findMember(db: ReadDb, siteId: string, id: string) {
  const [row] = await db
    .select(withProfile)
    .from(siteMembers)
    .leftJoin(idpUsers, eq(idpUsers.id, siteMembers.user_id))
    .where(and(eq(siteMembers.site_id, siteId), eq(siteMembers.id, id)))
  return row
}

/** Every membership row of the site, locked (role changes serialize per site: one Owner at all times). */
export function lockSiteMembers(tx: Tx, siteId: string): Promise<SiteMemberRow[]> {
  return tx.select().from(siteMembers).where(eq(siteMembers.site_id, siteId)).orderBy(asc(siteMembers.id)).for('update')
}

export async function insertMember(tx: Tx, values: typeof siteMembers.$inferInsert): Promise<SiteMemberRow> {
  const [row] = await tx.insert(siteMembers).values(values).returning()
  return row as SiteMemberRow
}

export async function setRole(tx: Tx, id: string, role: SiteMemberRow['role'], now: Date): Promise<SiteMemberRow> {
  const [row] = await tx.update(siteMembers).set({ role, updated_at: now }).where(eq(siteMembers.id, id)).returning()
  return row as SiteMemberRow
}

export async function deleteMember(tx: Tx, id: string): Promise<void> {
  await tx.delete(siteMembers).where(eq(siteMembers.id, id))
}

export async function findDirectoryUser(db: ReadDb, userId: string): Promise<IdpUserRow | undefined> {
  const [row] = await db.select().from(idpUsers).where(eq(idpUsers.id, userId))
  return row
}

/**
 * Keeps an external directory's profile of a user who has not signed in yet, so that their membership answers with
 * their email and name (a sign-in refreshes it from the token; the CMS role and sign-in time stay as they are).
 */
export async function rememberProfile(tx: Tx, u: DirectoryUser, now: Date): Promise<void> {
  const profile = { email: u.email, name: u.name, avatar_url: u.avatar_url }
  await tx
    .insert(idpUsers)
    .values({ id: u.id, idp_user_id: u.idp_user_id, ...profile, created_at: now })
    .onConflictDoUpdate({ target: idpUsers.id, set: profile })
}
