import { eq, inArray } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { idpUsers, type IdpUserRow } from '../../db/schema/idp-users.js'

/** CMS roles of the given users, by user id (one query for a page of users). */
export async function rolesOf(db: ReadDb, userIds: string[]): Promise<Map<string, IdpUserRow['role']>> {
  if (userIds.length === 0) return new Map()
  const rows = await db.select({ id: idpUsers.id, role: idpUsers.role }).from(idpUsers).where(inArray(idpUsers.id, userIds))
  return new Map(rows.map((r) => [r.id, r.role]))
}

export async function findById(db: ReadDb, id: string): Promise<IdpUserRow | undefined> {
  const [row] = await db.select().from(idpUsers).where(eq(idpUsers.id, id))
  return row
}

export async function lockById(tx: Tx, id: string): Promise<IdpUserRow | undefined> {
  const [row] = await tx.select().from(idpUsers).where(eq(idpUsers.id, id)).for('update')
  return row
}

/** Sets the CMS role, creating the entry for a directory user who has not signed in yet. */
export async function upsertRole(
  tx: Tx,
  values: { id: string; idp_user_id: string; email: string | null; name: string | null; avatar_url: string | null; role: IdpUserRow['role'] },
): Promise<IdpUserRow> {
  const [row] = await tx
    .insert(idpUsers)
    .values(values)
    .onConflictDoUpdate({ target: idpUsers.id, set: { role: values.role } })
    .returning()
  return row as IdpUserRow
}
