import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { Webhook as StandardWebhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { withDb } from '../../setup/global.js'
import { receiver } from './receiver.js'

/*
 * Exactly once, measured (issue 14): three `atrium serve` processes on one PostgreSQL database, a burst of 1,000
 * writes spread over them, one instance killed with SIGKILL in the middle of the burst and started again. Every
 * event must reach each matching webhook with exactly one successful delivery; a receiver may see a webhook-id
 * again only for an attempt that was cut off by the kill (at most the killed instance's in-flight bound).
 * Server mode only (DATABASE_URL): the embedded database cannot be shared by processes.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const BIN = path.join(ROOT, 'bin/atrium.js')
const WRITES = 1000
const server = !!process.env.DATABASE_URL

let dbUrl: string
let dbName: string
let dataDir: string
const bootstrapKey = `atr_test_${randomBytes(24).toString('base64url')}`
const children = new Set<ChildProcess>()

function start(): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: dbUrl,
      ATRIUM_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ATRIUM_BOOTSTRAP_KEY: bootstrapKey,
      ATRIUM_DEFAULT_KEY_RATE_LIMIT: '1000000',
      ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      ATRIUM_WEBHOOK_POLL_MS: '50',
      ATRIUM_WEBHOOK_RETRY_BASE_MS: '200',
      ATRIUM_WEBHOOK_TIMEOUT_MS: '2000',
    }
    const child = spawn(process.execPath, [BIN, 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    children.add(child)
    let out = ''
    const onData = (d: Buffer) => {
      out += d.toString()
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m) {
        child.stdout.off('data', onData)
        resolve({ child, base: m[1]! })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', (code) => {
      children.delete(child)
      reject(new Error(`server exited (${code}) before listening:\n${out.slice(-2000)}`))
    })
  })
}

async function call(base: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'x-api-key': bootstrapKey, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  try {
    return (await c.query(sql, params)).rows as T[]
  } finally {
    await c.end()
  }
}

describe.skipIf(!server)('webhooks: exactly once across three instances and a kill -9 (server mode)', () => {
  beforeAll(async () => {
    const url = process.env.DATABASE_URL as string
    dbName = `atrium_t_once_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${dbName} template ${inject('dbImage')}`)
    await admin.end()
    dbUrl = withDb(url, dbName)
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-once-'))
  })
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined)
    await admin.end()
  })

  it('1,000 writes, one instance killed and restarted: one successful delivery per event per webhook', { timeout: 300_000 }, async () => {
    const instances = [await start(), await start(), await start()]
    const rx = await receiver([], { status: 200, delayMs: 5 })
    try {
      const site = await call(instances[0]!.base, 'POST', '/sites', {
        name: 'Once',
        slug: `once-${randomBytes(3).toString('hex')}`,
        locales: [{ code: 'en', is_default: true }],
      })
      expect(site.status, JSON.stringify(site.json)).toBe(201)
      const siteId = site.json.id as string
      const all = await call(instances[1]!.base, 'POST', `/sites/${siteId}/webhooks`, { url: `${rx.url}?all` })
      const only = await call(instances[2]!.base, 'POST', `/sites/${siteId}/webhooks`, { url: `${rx.url}?social`, events: ['social.created'] })
      expect([all.status, only.status]).toEqual([201, 201])
      const secrets = new Map([
        [all.json.id as string, all.json.secret as string],
        [only.json.id as string, only.json.secret as string],
      ])

      const live = [true, true, true]
      let next = 0
      let done = 0
      let killed = false
      let restarting: Promise<void> | undefined
      const write = async (i: number) => {
        for (let tries = 0; tries < 20; tries++) {
          const pick = [0, 1, 2].filter((n) => live[n])[(i + tries) % live.filter(Boolean).length]!
          try {
            const r = await call(instances[pick]!.base, 'POST', `/sites/${siteId}/social`, { platform: 'github', url: `https://github.com/once-${i}` })
            if (r.status === 201) return
          } catch {
            // the killed instance: try another
          }
          await new Promise((res) => setTimeout(res, 20))
        }
        throw new Error(`write ${i} failed everywhere`)
      }
      const worker = async () => {
        while (next < WRITES) {
          const i = next++
          await write(i)
          done++
          if (!killed && done >= WRITES * 0.4) {
            killed = true
            live[1] = false
            instances[1]!.child.kill('SIGKILL')
            restarting = (async () => {
              await new Promise((res) => setTimeout(res, 500))
              instances[1] = await start()
              live[1] = true
            })()
          }
        }
      }
      await Promise.all(Array.from({ length: 12 }, worker))
      await restarting

      // wait until everything is delivered
      const deadline = Date.now() + 120_000
      for (;;) {
        const [open] = await query<{ n: string }>(
          `select (select count(*) from outbox_events where dispatched_at is null) + (select count(*) from webhook_deliveries where status <> 'succeeded') as n`,
        )
        if (Number(open!.n) === 0) break
        if (Date.now() > deadline) throw new Error(`still ${open!.n} undelivered`)
        await new Promise((res) => setTimeout(res, 250))
      }

      const events = await query<{ id: string; event_type: string; data_id: string }>(
        `select id, event_type, payload->'data'->>'id' as data_id from outbox_events where site_id = $1`,
        [siteId],
      )
      const social = events.filter((e) => e.event_type === 'social.created')
      expect(social.length).toBeGreaterThanOrEqual(WRITES)
      const links = await query<{ id: string }>(`select id from social_links where site_id = $1`, [siteId])
      expect(new Set(social.map((e) => e.data_id))).toEqual(new Set(links.map((l) => l.id)))

      const deliveries = await query<{ id: string; webhook_id: string; event_id: string; event_type: string }>(
        `select id, webhook_id, event_id, event_type from webhook_deliveries`,
      )
      // both webhooks get every social.created event (earlier events may predate the webhooks)
      const socialDeliveries = deliveries.filter((d) => d.event_type === 'social.created')
      expect(socialDeliveries).toHaveLength(2 * social.length)
      expect(new Set(socialDeliveries.map((d) => `${d.webhook_id}/${d.event_id}`)).size).toBe(2 * social.length)
      const successes = await query<{ delivery_id: string; n: string }>(
        `select delivery_id, count(*) as n from webhook_attempts where success group by delivery_id`,
      )
      expect(successes).toHaveLength(deliveries.length)
      expect(successes.every((s) => Number(s.n) === 1)).toBe(true)

      // the receiver: every delivery arrived, signed; a webhook-id seen twice only for attempts cut off by the kill
      const ids = rx.got.map((g) => String(g.headers['webhook-id']))
      const [retried] = await query<{ n: string }>(`select count(*) as n from webhook_attempts where attempt > 1`)
      console.log(
        `exactly-once: ${social.length} writes, ${deliveries.length} deliveries, ${rx.got.length} requests received, ${ids.length - new Set(ids).size} repeated webhook-ids, ${retried!.n} logged retries`,
      )
      expect(new Set(ids)).toEqual(new Set(deliveries.map((d) => d.id)))
      expect(ids.length - new Set(ids).size).toBeLessThanOrEqual(2 * 4)
      const byDelivery = new Map(deliveries.map((d) => [d.id, d.webhook_id]))
      for (const g of rx.got.slice(0, 50)) {
        const secret = secrets.get(byDelivery.get(String(g.headers['webhook-id']))!)!
        expect(() => new StandardWebhook(secret).verify(g.body, g.headers as Record<string, string>)).not.toThrow()
      }
    } finally {
      for (const i of instances) i.child.kill('SIGKILL')
      await rx.close()
    }
  })
})
