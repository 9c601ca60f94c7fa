import { createHash } from 'node:crypto'
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose'
import type { Clock } from './clock.js'

/** Asymmetric algorithms only: a key set's public key can never double as an HMAC secret (HS256 confusion). */
export const JWT_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'] as const
/** The JWKS is cached 15 minutes: a rotated key is picked up soon without asking the provider on every request. */
export const JWKS_TTL_MS = 15 * 60_000
/** An unknown `kid` refetches the key set at most this often (a flood of made-up kids cannot hammer the provider). */
export const JWKS_REFETCH_COOLDOWN_MS = 30_000
/** Bearer tokens longer than this are refused before any parsing. */
export const MAX_TOKEN_LENGTH = 8192
const FETCH_TIMEOUT_MS = 5000
const MAX_JWKS_BYTES = 512 * 1024

/** Fixed namespace of user ids (`sub` → UUID v5 in one fixed namespace, so a user keeps one id across instances and restarts). */
export const USER_ID_NAMESPACE = '7f2c8e4a-3b1d-5c6e-9a8f-0d1e2f3a4b5c'

/** RFC 9562 UUID version 5 (SHA-1) of a name in a namespace. */
export function uuidV5(name: string, namespace = USER_ID_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex')
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest()
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  const h = hash.subarray(0, 16).toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}

/** The internal user id of an identity-provider `sub`. */
export const userIdOf = (sub: string) => uuidV5(sub)

export interface JwtSettings {
  jwksUrl: string
  issuer?: string | undefined
  audience?: string | undefined
}

export class TokenRejected extends Error {}

export interface VerifiedToken {
  sub: string
  payload: JWTPayload
}

/**
 * JWKS-backed bearer-token verification. Keys are fetched once and kept for 15 minutes; a token naming an
 * unknown `kid` refetches at once (at most every 30 s). When the provider is unreachable the last good key
 * set keeps working (stale) until it answers again. Concurrent fetches share one request.
 */
export class JwtVerifier {
  private keys: ReturnType<typeof createLocalJWKSet> | undefined
  private fetchedAt = -Infinity
  private attemptedAt = -Infinity
  private inflight: Promise<void> | undefined
  /** How many times the key set was requested (tests check the rate limit). */
  fetches = 0

  constructor(
    private readonly settings: JwtSettings,
    private readonly clock: Clock,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  private now = () => this.clock.now().getTime()

  private refresh(): Promise<void> {
    if (this.inflight) return this.inflight
    this.attemptedAt = this.now()
    this.fetches++
    const p = this.load().finally(() => {
      this.inflight = undefined
    })
    this.inflight = p
    return p
  }

  private async load(): Promise<void> {
    const res = await fetch(this.settings.jwksUrl, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: 'error',
      headers: { accept: 'application/json' },
    })
    if (!res.ok) throw new Error(`JWKS endpoint answered ${res.status}`)
    const text = await res.text()
    if (text.length > MAX_JWKS_BYTES) throw new Error('JWKS document too large')
    const set = JSON.parse(text) as JSONWebKeySet
    if (!set || !Array.isArray(set.keys)) throw new Error('JWKS endpoint did not answer a key set')
    this.keys = createLocalJWKSet(set)
    this.fetchedAt = this.now()
  }

  /** Makes sure a usable key set is loaded: fresh within the TTL, else refetched (a stale set survives a failed refetch). */
  private async ensureKeys(): Promise<void> {
    if (this.keys && this.now() - this.fetchedAt < JWKS_TTL_MS) return
    // Provider down: try again at most every cooldown, keep serving the stale set meanwhile.
    if (this.keys && this.now() - this.attemptedAt < JWKS_REFETCH_COOLDOWN_MS) return
    try {
      await this.refresh()
    } catch (err) {
      this.onError(err)
      if (!this.keys) throw new TokenRejected('The identity provider’s keys are unavailable')
    }
  }

  private async verifyWith(token: string) {
    const keys = this.keys
    if (!keys) throw new TokenRejected('The identity provider’s keys are unavailable')
    return jwtVerify(token, keys, {
      algorithms: [...JWT_ALGORITHMS],
      currentDate: this.clock.now(),
      clockTolerance: 5,
      ...(this.settings.issuer ? { issuer: this.settings.issuer } : {}),
      ...(this.settings.audience ? { audience: this.settings.audience } : {}),
    })
  }

  /** Verifies signature, algorithm, exp/nbf, issuer and audience; TokenRejected (message safe to show) otherwise. */
  async verify(token: string): Promise<VerifiedToken> {
    if (token.length > MAX_TOKEN_LENGTH) throw new TokenRejected('Token too large')
    if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token)) throw new TokenRejected('Malformed token')
    await this.ensureKeys()
    try {
      let result
      try {
        result = await this.verifyWith(token)
      } catch (err) {
        // Key rotation: an unknown kid refetches the set (rate limited) and tries once more.
        if (!(err instanceof errors.JWKSNoMatchingKey) || this.now() - this.attemptedAt < JWKS_REFETCH_COOLDOWN_MS) throw err
        try {
          await this.refresh()
        } catch (fetchErr) {
          this.onError(fetchErr)
          throw err
        }
        result = await this.verifyWith(token)
      }
      const sub = result.payload.sub
      if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255) throw new TokenRejected('Token has no usable sub claim')
      return { sub, payload: result.payload }
    } catch (err) {
      if (err instanceof TokenRejected) throw err
      throw new TokenRejected(reason(err))
    }
  }
}

/** A short, non-revealing reason for the 401 detail. */
function reason(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'Token expired'
  if (err instanceof errors.JWTClaimValidationFailed) return err.claim === 'nbf' ? 'Token not yet valid' : `Token ${err.claim} claim rejected`
  if (err instanceof errors.JOSEAlgNotAllowed) return 'Token algorithm not accepted'
  if (err instanceof errors.JWKSNoMatchingKey) return 'Token signed with an unknown key'
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'Token signature invalid'
  return 'Invalid token'
}
