import { asc, count, eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { idpUsers } from '../db/schema/idp-users.js'
import { userIdOf } from './jwt.js'

/** A user as the directory knows them; the CMS role is added by the caller. */
export interface DirectoryUser {
  id: string
  idp_user_id: string
  email: string | null
  name: string | null
  avatar_url: string | null
  created_at: Date | null
  last_sign_in_at: Date | null
}

/** Where `/idp/users` reads users from. The CMS role (SystemAdmin/User) is kept by Atrium whichever directory lists them. */
export interface Directory {
  readonly kind: 'builtin' | 'clerk'
  list(limit: number, offset: number): Promise<{ users: DirectoryUser[]; total: number }>
  /** By identity-provider user id; undefined when unknown. */
  get(idpUserId: string): Promise<DirectoryUser | undefined>
}

/** Every user who has signed in (the directory written at sign-in), oldest first. */
export class BuiltinDirectory implements Directory {
  readonly kind = 'builtin'
  constructor(private readonly db: Db) {}

  async list(limit: number, offset: number) {
    const [users, [total]] = await Promise.all([
      this.db.select().from(idpUsers).orderBy(asc(idpUsers.created_at), asc(idpUsers.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(idpUsers),
    ])
    return { users: users.map(strip), total: total?.n ?? 0 }
  }

  async get(idpUserId: string) {
    const [row] = await this.db.select().from(idpUsers).where(eq(idpUsers.idp_user_id, idpUserId))
    return row ? strip(row) : undefined
  }
}

function strip(row: typeof idpUsers.$inferSelect): DirectoryUser {
  const { id, idp_user_id, email, name, avatar_url, created_at, last_sign_in_at } = row
  return { id, idp_user_id, email, name, avatar_url, created_at, last_sign_in_at }
}

export class DirectoryError extends Error {}

interface ClerkUser {
  id: string
  first_name?: string | null
  last_name?: string | null
  username?: string | null
  image_url?: string | null
  primary_email_address_id?: string | null
  email_addresses?: Array<{ id: string; email_address: string }>
  created_at?: number | null
  last_sign_in_at?: number | null
}

const CLERK_TIMEOUT_MS = 5000
const when = (ms: number | null | undefined) => (typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms) : null)

/** A Clerk user object → directory user (primary email, "first last" or username, image_url; times in ms). */
export function fromClerk(u: ClerkUser): DirectoryUser {
  const emails = u.email_addresses ?? []
  const email = (emails.find((e) => e.id === u.primary_email_address_id) ?? emails[0])?.email_address ?? null
  const name = [u.first_name, u.last_name].filter((s) => typeof s === 'string' && s.trim() !== '').join(' ') || u.username || null
  return {
    id: userIdOf(u.id),
    idp_user_id: u.id,
    email,
    name,
    avatar_url: u.image_url ?? null,
    created_at: when(u.created_at),
    last_sign_in_at: when(u.last_sign_in_at),
  }
}

/**
 * A Clerk-compatible Backend API (`ATRIUM_IDP_API_URL`, e.g. https://api.clerk.com, with `ATRIUM_IDP_SECRET_KEY`):
 * `GET /v1/users?limit&offset&order_by=created_at`, `GET /v1/users/count`, `GET /v1/users/{id}`.
 */
export class ClerkDirectory implements Directory {
  readonly kind = 'clerk'
  constructor(
    private readonly apiUrl: string,
    private readonly secretKey: string,
  ) {}

  private async call<T>(path: string): Promise<T | undefined> {
    let res: Response
    try {
      res = await fetch(`${this.apiUrl.replace(/\/+$/, '')}${path}`, {
        headers: { authorization: `Bearer ${this.secretKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(CLERK_TIMEOUT_MS),
        redirect: 'error',
      })
    } catch {
      throw new DirectoryError('The identity provider’s user directory is unreachable')
    }
    if (res.status === 404) return undefined
    if (!res.ok) throw new DirectoryError(`The identity provider’s user directory answered ${res.status}`)
    return (await res.json()) as T
  }

  async list(limit: number, offset: number) {
    const [page, total] = await Promise.all([
      this.call<ClerkUser[] | { data: ClerkUser[] }>(`/v1/users?limit=${limit}&offset=${offset}&order_by=created_at`),
      this.call<{ total_count: number }>('/v1/users/count'),
    ])
    const users = Array.isArray(page) ? page : (page?.data ?? [])
    return { users: users.map(fromClerk), total: total?.total_count ?? users.length }
  }

  async get(idpUserId: string) {
    const u = await this.call<ClerkUser>(`/v1/users/${encodeURIComponent(idpUserId)}`)
    return u ? fromClerk(u) : undefined
  }
}
