import { createHmac, randomBytes } from 'node:crypto'

/*
 * Standard Webhooks (https://www.standardwebhooks.com): secret `whsec_<base64 of 32 random bytes>`; every attempt
 * carries `webhook-id` (the same on every attempt of one delivery), `webhook-timestamp` (Unix seconds of the
 * attempt) and `webhook-signature: v1,<base64 HMAC-SHA256(secret bytes, "<id>.<timestamp>.<body>")>`.
 */

export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

export function webhookHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000)
  return {
    'content-type': 'application/json',
    'user-agent': 'Atrium-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  }
}
