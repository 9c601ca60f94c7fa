import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

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
