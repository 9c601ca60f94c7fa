import { and, eq, isNull } from 'drizzle-orm'
import type { Config } from '../config.js'
import type { Db } from '../db/client.js'
import { idpUsers, type IdpUserRow } from '../db/schema/idp-users.js'
import { siteMembers, type SITE_ROLES } from '../db/schema/members.js'
import { sites } from '../db/schema/sites.js'
import type { Clock } from './clock.js'
import { BuiltinDirectory, ClerkDirectory, type Directory } from './directory.js'
import { JwtVerifier, TokenRejected, userIdOf, type VerifiedToken } from './jwt.js'

type SiteRole = (typeof SITE_ROLES)[number]

/** What authentication learns about a JWT caller (http/auth.ts turns it into a UserPrincipal). */
export interface SignedInUser {
  userId: string
  idpUserId: string
  isSystemAdmin: boolean
  memberships: Map<string, SiteRole>
}

/** A sign-in is recorded at most this often per user (not on every request). */
const SIGN_IN_RESOLUTION_MS = 60_000

const text = (v: unknown, max = 500): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null)

/** Standard OIDC claims of the token, as the directory keeps them. */
export function profileClaims(payload: VerifiedToken['payload']): { email: string | null; name: string | null; avatar_url: string | null } {
  const p = payload as Record<string, unknown>
  const joined = [text(p.given_name), text(p.family_name)].filter(Boolean).join(' ')
  const picture = text(p.picture, 2000) ?? text(p.image_url, 2000)
  return {
    email: text(p.email, 320),
    name: text(p.name) ?? (joined || null),
    avatar_url: picture && /^https?:\/\//i.test(picture) ? picture : null,
  }
}

/**
 * JWT callers: verification (JwtVerifier), the built-in directory entry (upserted on sign-in with the standard
 * claims and last_sign_in_at) and the memberships on live sites, read on every request so that a role change or a
 * removal takes effect at once on every instance.
 */
export class UserStore {
  readonly verifier: JwtVerifier | undefined
  /** Where /idp/users lists users: the built-in directory, or a Clerk-compatible Backend API when configured. */
  readonly directory: Directory

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
    onError: (err: unknown) => void = () => undefined,
  ) {
    this.directory = config.idpApiUrl && config.idpSecretKey ? new ClerkDirectory(config.idpApiUrl, config.idpSecretKey) : new BuiltinDirectory(db)
    this.verifier = config.jwksUrl
      ? new JwtVerifier({ jwksUrl: config.jwksUrl, issuer: config.jwtIssuer, audience: config.jwtAudience }, clock, onError)
      : undefined
  }

  /** Whether a `sub` is a system admin by configuration (ATRIUM_SYSTEM_ADMINS): such users stay admins. */
  isConfiguredAdmin(idpUserId: string): boolean {
    return this.config.systemAdmins.includes(idpUserId)
  }

  /** Verifies a bearer token and loads the caller; TokenRejected for anything that does not authenticate. */
  async authenticate(token: string): Promise<SignedInUser> {
    if (!this.verifier) throw new TokenRejected('JWT authentication is not configured')
    const verified = await this.verifier.verify(token)
    const userId = userIdOf(verified.sub)
    const [entry, memberships] = await Promise.all([this.signIn(userId, verified), this.membershipsOf(userId)])
    return {
      userId,
      idpUserId: verified.sub,
      isSystemAdmin: this.isConfiguredAdmin(verified.sub) || entry.role === 'SystemAdmin',
      memberships,
    }
  }

  private async membershipsOf(userId: string): Promise<Map<string, SiteRole>> {
    const rows = await this.db
      .select({ site_id: siteMembers.site_id, role: siteMembers.role })
      .from(siteMembers)
      .innerJoin(sites, eq(sites.id, siteMembers.site_id))
      .where(and(eq(siteMembers.user_id, userId), isNull(sites.deleted_at)))
    return new Map(rows.map((r) => [r.site_id, r.role]))
  }

  /** The directory entry, created or refreshed when this is a new sign-in or the claims changed. */
  private async signIn(userId: string, verified: VerifiedToken): Promise<IdpUserRow> {
    const [row] = await this.db.select().from(idpUsers).where(eq(idpUsers.id, userId)).limit(1)
    const claims = profileClaims(verified.payload)
    const now = this.clock.now()
    const fresh =
      row &&
      row.email === claims.email &&
      row.name === claims.name &&
      row.avatar_url === claims.avatar_url &&
      row.last_sign_in_at !== null &&
      now.getTime() - row.last_sign_in_at.getTime() < SIGN_IN_RESOLUTION_MS
    if (fresh) return row
    const [saved] = await this.db
      .insert(idpUsers)
      .values({ id: userId, idp_user_id: verified.sub, ...claims, created_at: now, last_sign_in_at: now })
      .onConflictDoUpdate({ target: idpUsers.id, set: { ...claims, last_sign_in_at: now } })
      .returning()
    return saved as IdpUserRow
  }
}
