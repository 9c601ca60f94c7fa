import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'

/** New API key plaintext: `atr_` + 43 base64url characters (32 random bytes). */
export function generateApiKey(): string {
  return `atr_${randomBytes(32).toString('base64url')}`
}

/** The stored form of an API key: hex SHA-256. Keys carry 256 bits of entropy, so a slow hash adds nothing. */
export function digestKey(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex')
}

export const keyPrefix = (plaintext: string) => plaintext.slice(0, 12)

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex')
  const bb = Buffer.from(b, 'hex')
  return ab.length === bb.length && timingSafeEqual(ab, bb)
}

export const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')

/**
 * A UUID of version 7 (RFC 9562): the first 48 bits are the Unix time in ms, the rest random. Rows keyed by it are
 * appended at the end of their primary-key index instead of at a random place in it.
 */
export function timeOrderedUuid(ms: number): string {
  const t = Math.max(0, Math.min(Math.trunc(ms), 0xffffffffffff))
    .toString(16)
    .padStart(12, '0')
  // A random v4 UUID supplies the random bits and the variant; its version digit (index 14) becomes 7.
  return `${t.slice(0, 8)}-${t.slice(8)}-7${randomUUID().slice(15)}`
}
