import type { IdpUser, Member } from './api'

/** How a person is named: name, else e-mail, else the identity-provider id. */
export const displayName = (p: { name: string | null; email: string | null; idp_user_id: string }): string => p.name ?? p.email ?? p.idp_user_id

/** Directory users who are not members yet and match the typed text (name, e-mail or id, case-insensitive). */
export function candidates(users: readonly IdpUser[], members: readonly Member[], query: string): IdpUser[] {
  const taken = new Set(members.map((m) => m.user_id))
  const q = query.trim().toLowerCase()
  return users.filter((u) => !taken.has(u.id) && (q === '' || [u.name, u.email, u.idp_user_id].some((v) => v?.toLowerCase().includes(q))))
}
