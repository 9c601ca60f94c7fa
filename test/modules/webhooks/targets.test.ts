import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhooks } from '../../../src/db/schema/webhooks.js'
import { deliverOnce, retryDelayMs } from '../../../src/modules/webhooks/delivery.service.js'
import { isRefusedAddress } from '../../../src/platform/webhook-target.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem } from '../../helpers/http.js'

describe('refused addresses', () => {
  it('classifies loopback, private, link-local, metadata and mapped addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
      '224.0.0.1',
    ]) {
      expect(isRefusedAddress(ip), ip).toBe(true)
    }
    for (const ip of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isRefusedAddress(ip), ip).toBe(false)
  })

  it('backs off exponentially with jitter', () => {
    expect(retryDelayMs(60_000, 1, () => 0.5)).toBe(60_000)
    expect(retryDelayMs(60_000, 5, () => 0.5)).toBe(960 * 60_000)
    expect(retryDelayMs(1000, 2, () => 0)).toBe(8000)
    expect(retryDelayMs(1000, 2, () => 1)).toBe(12_000)
    const total = [1, 2, 3, 4, 5].reduce((s, n) => s + retryDelayMs(60_000, n, () => 0.5), 0)
    expect(total / 3_600_000).toBeGreaterThan(18)
    expect(total / 3_600_000).toBeLessThan(26)
  })
})

describe('webhook targets without ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS', () => {
  let t: TestApp
  let a: SiteFixture
  beforeAll(async () => {
    t = await testApp()
    a = await makeSite(t)
  })
  afterAll(() => t.close())

  it('refuses private targets at write time (after DNS resolution) with 400 on url', async () => {
    for (const url of [
      'http://127.0.0.1/x',
      'http://localhost:8080/x',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://10.0.0.5/',
      'https://[::ffff:127.0.0.1]/',
      'http://0x7f000001/',
    ]) {
      const p = expectProblem(await t.as(a.keys.Admin).post(`/sites/${a.id}/webhooks`, { url }), 400, 'VALIDATION_FAILED')
      expect(p.errors?.[0]?.field, url).toBe('url')
    }
    expect(await t.dbh.db.select().from(webhooks)).toHaveLength(0)
  })

  it('refuses them again at delivery time (a name may resolve elsewhere later)', async () => {
    const [row] = await t.dbh.db
      .insert(webhooks)
      .values({ site_id: a.id, url: 'http://localhost:9/x', secret: 'whsec_' + Buffer.alloc(32).toString('base64') })
      .returning()
    const res = await deliverOnce(t.deps, row!, 'msg_1', { type: 'blog.created' })
    expect(res).toMatchObject({ success: false, statusCode: null })
    expect(res.error).toMatch(/target refused.*127\.0\.0\.1|target refused.*::1/)
  })
})

describe('webhook targets with ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS=true', () => {
  let t: TestApp
  let a: SiteFixture
  beforeAll(async () => {
    t = await testApp({ env: { ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } })
    a = await makeSite(t)
  })
  afterAll(() => t.close())

  it('still refuses link-local and cloud metadata addresses (decisions.md: always), and allows loopback', async () => {
    for (const url of ['http://169.254.169.254/latest', 'http://[fe80::1]/x', 'http://[fd00:ec2::254]/x', 'http://[::ffff:169.254.169.254]/x']) {
      const p = expectProblem(await t.as(a.keys.Admin).post(`/sites/${a.id}/webhooks`, { url }), 400, 'VALIDATION_FAILED')
      expect(p.errors?.[0]?.field, url).toBe('url')
    }
    expect((await t.as(a.keys.Admin).post(`/sites/${a.id}/webhooks`, { url: 'http://127.0.0.1:9/x' })).statusCode).toBe(201)
  })
})
