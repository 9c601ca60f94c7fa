import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from '../config.js'

/*
 * Secrets at rest: AES-256-GCM with a 32-byte key from ATRIUM_ENCRYPTION_KEY, or,
 * without it, a key generated once into ATRIUM_DATA_DIR/encryption.key (mode 0600) and reused. Each ciphertext
 * is `v1.<iv>.<tag>.<data>` (base64url; random 12-byte IV, 16-byte tag) and is stored beside the key's
 * fingerprint, so start-up can tell that stored secrets belong to another key (core/encryption-key.ts).
 */

export const KEY_FILE = 'encryption.key'
const VERSION = 'v1'

/** First 8 bytes of SHA-256 of the key, hex: names a key without revealing it. */
export const fingerprint = (key: Buffer): string => createHash('sha256').update(key).digest().subarray(0, 8).toString('hex')

export class SecretDecryptError extends Error {}

/** Encrypts and decrypts with one key. */
export class SecretBox {
  readonly keyId: string
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new ConfigError('the encryption key must be 32 bytes')
    this.keyId = fingerprint(key)
  }

  encrypt(plaintext: string): { ciphertext: string; keyId: string } {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    const tag = cipher.getAuthTag()
    return { ciphertext: [VERSION, iv, tag, data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.'), keyId: this.keyId }
  }

  /** Throws SecretDecryptError when the value was encrypted with another key or was altered. */
  decrypt(ciphertext: string, keyId: string | null): string {
    if (keyId !== null && keyId !== this.keyId) throw new SecretDecryptError('the secret was encrypted with another key')
    const [version, iv, tag, data] = ciphertext.split('.')
    if (version !== VERSION || !iv || !tag || data === undefined) throw new SecretDecryptError('unknown secret format')
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
    } catch {
      throw new SecretDecryptError('the secret could not be decrypted')
    }
  }
}

export type KeySource = 'env' | 'file'

/**
 * Where this instance's key comes from. The key file is read (or generated) only by start-up
 * (core/encryption-key.ts), never lazily, so a lost file can never be silently replaced while data exists.
 */
export class Secrets {
  private box: SecretBox | undefined
  readonly keyFile: string

  constructor(
    private readonly envKey: string | undefined,
    dataDir: string,
  ) {
    this.keyFile = path.join(dataDir, KEY_FILE)
  }

  get source(): KeySource {
    return this.envKey ? 'env' : 'file'
  }

  /** The configured key: from the environment, or the key file if it exists; undefined when neither. */
  readKey(): Buffer | undefined {
    if (this.envKey) return Buffer.from(this.envKey, 'base64')
    let text: string
    try {
      text = readFileSync(this.keyFile, 'utf8').trim()
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw new ConfigError(`cannot read the encryption key file ${this.keyFile}: ${(err as Error).message}`)
    }
    const key = Buffer.from(text, 'base64')
    if (key.length !== 32) throw new ConfigError(`the encryption key file ${this.keyFile} does not hold 32 bytes in base64`)
    return key
  }

  /** Generates a new key into the key file (mode 0600); fails if the file appeared meanwhile. */
  generateKeyFile(): Buffer {
    const key = randomBytes(32)
    mkdirSync(path.dirname(this.keyFile), { recursive: true })
    writeFileSync(this.keyFile, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
    return key
  }

  /** Makes the key usable (start-up). */
  use(key: Buffer): void {
    this.box = new SecretBox(key)
  }

  /** The key in use; throws if start-up has not loaded one. */
  get current(): SecretBox {
    if (!this.box) throw new Error('the encryption key is not loaded (start-up did not run)')
    return this.box
  }
}
