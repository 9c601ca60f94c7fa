import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as apiKeys from '../../../src/modules/api-keys/service.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeKey, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { expectNoSecret, keyRow, manualClock, type KeyBody, type KeyPage } from './helpers.js'
import { auditsOf } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const HOUR = 3_600_000

describe('block and unblock', () => {
  it('block (with reason) stops the key at once; unblock restores it', async () => {
    const k = await makeKey(t, 'Read', a.id)
    expectStatus(await t.as(k.key).get('/auth/me'), 200)

    const blockRes = await t.as(a.keys.Admin).post(`/api-keys/${k.id}/block`, { reason: 'leaked in a repo' })
    expectNoSecret(blockRes.body, k.key)
    const blocked = expectStatus<KeyBody>(blockRes, 200)
    expect(blocked).toMatchObject({ id: k.id, status: 'Blocked', block_reason: 'leaked in a repo' })
    const refused = expectProblem(await t.as(k.key).get('/auth/me'), 401, 'UNAUTHENTICATED')
    expect(refused.detail).toMatch(/Blocked/)
    expect(expectStatus<KeyBody>(await t.as(a.keys.Admin).get(`/api-keys/${k.id}`), 200)).toMatchObject({ status: 'Blocked', block_reason: 'leaked in a repo' })
    expect((await keyRow(t, k.id))?.blocked_at).toBeInstanceOf(Date)

    const unblockRes = await t.as(a.keys.Admin).post(`/api-keys/${k.id}/unblock`)
    expectNoSecret(unblockRes.body, k.key)
    const unblocked = expectStatus<KeyBody>(unblockRes, 200)
    expect(unblocked).toMatchObject({ status: 'Active', block_reason: null })
    expectStatus(await t.as(k.key).get('/auth/me'), 200)
    expect((await keyRow(t, k.id))?.blocked_at).toBeNull()
  })

  it('block needs no body; the reason is then null', async () => {
    const k = await makeKey(t, 'Read', a.id)
    expect(expectStatus<KeyBody>(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/block`), 200)).toMatchObject({ status: 'Blocked', block_reason: null })
    expect(expectStatus<KeyBody>(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/unblock`, {}), 200).status).toBe('Active')
  })

  it('400 for a reason that is not a string or too long, changing nothing', async () => {
    const k = await makeKey(t, 'Read', a.id)
    for (const reason of [42, 'x'.repeat(501)]) {
      const res = await t.as(a.keys.Admin).post(`/api-keys/${k.id}/block`, { reason })
      expect(expectProblem(res, 400, 'VALIDATION_FAILED').errors?.map((e) => e.field)).toContain('reason')
    }
    expect((await keyRow(t, k.id))?.status).toBe('Active')
    expectStatus(await t.as(k.key).get('/auth/me'), 200)
  })

  it('409 INVALID_STATE: blocking a Blocked key, unblocking an Active one; nothing audited', async () => {
    const k = await makeKey(t, 'Read', a.id)
    expectProblem(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/unblock`), 409, 'INVALID_STATE')
    expectStatus(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/block`, { reason: 'first' }), 200)
    const audits = (await auditsOf(t, 'api_key', k.id)).length
    expectProblem(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/block`, { reason: 'second' }), 409, 'INVALID_STATE')
    expect((await keyRow(t, k.id))?.block_reason).toBe('first')
    expect((await auditsOf(t, 'api_key', k.id)).length).toBe(audits)
  })

  it('two blocks at once: one wins, the other is 409', async () => {
    const k = await makeKey(t, 'Read', a.id)
    const res = await Promise.all([1, 2].map((n) => t.as(a.keys.Admin).post(`/api-keys/${k.id}/block`, { reason: `r${n}` })))
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect((await auditsOf(t, 'api_key', k.id)).filter((r) => r.action === 'Block')).toHaveLength(1)
  })
})

describe('revoke', () => {
  it('is final: the key stops, and block, unblock and a second revoke are 409', async () => {
    const k = await makeKey(t, 'Write', a.id)
    const revokeRes = await t.as(a.keys.Admin).post(`/api-keys/${k.id}/revoke`)
    expectNoSecret(revokeRes.body, k.key)
    const res = expectStatus<KeyBody>(revokeRes, 200)
    expect(res.status).toBe('Revoked')
    expect((await keyRow(t, k.id))?.revoked_at).toBeInstanceOf(Date)
    expect(expectProblem(await t.as(k.key).get('/auth/me'), 401, 'UNAUTHENTICATED').detail).toMatch(/Revoked/)
    expectProblem(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/unblock`), 409, 'INVALID_STATE')
    expectProblem(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/block`, { reason: 'x' }), 409, 'INVALID_STATE')
    expectProblem(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/revoke`), 409, 'INVALID_STATE')
    expect((await keyRow(t, k.id))?.status).toBe('Revoked')
    expectProblem(await t.as(k.key).get('/auth/me'), 401, 'UNAUTHENTICATED')
  })

  it('revokes a Blocked key too', async () => {
    const k = await makeKey(t, 'Read', a.id)
    expectStatus(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/block`), 200)
    expect(expectStatus<KeyBody>(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/revoke`), 200).status).toBe('Revoked')
    expectProblem(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/unblock`), 409, 'INVALID_STATE')
  })
})

describe('access to the state endpoints', () => {
  it.each(['block', 'unblock', 'revoke'])('%s: 401, 403 for Read/Write keys, 404 for another site or unknown id, 400 for a bad id', async (op) => {
    const k = await makeKey(t, 'Read', a.id)
    expectProblem(await t.as().post(`/api-keys/${k.id}/${op}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as('atr_not_a_real_key_at_all_000000000000000000000').post(`/api-keys/${k.id}/${op}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/api-keys/${k.id}/${op}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).post(`/api-keys/${k.id}/${op}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Admin).post(`/api-keys/${k.id}/${op}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).post(`/api-keys/${k.id}/${op}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).post(`/api-keys/${MISSING_ID}/${op}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).post(`/api-keys/zzz/${op}`), 400, 'VALIDATION_FAILED')
    expect((await keyRow(t, k.id))?.status).toBe('Active')
    expect((await auditsOf(t, 'api_key', k.id)).map((r) => r.action)).toEqual(['Create'])
  })

  it('a key above the caller’s cap cannot be managed (403), one within it can', async () => {
    // An Admin key may hand out up to Write, so it may manage Read and Write keys of its site only.
    for (const target of [a.keyIds.Master, a.keyIds.Admin]) {
      for (const op of ['block', 'revoke']) expectProblem(await t.as(a.keys.Admin).post(`/api-keys/${target}/${op}`), 403, 'FORBIDDEN')
      expectProblem(await t.as(a.keys.Admin).put(`/api-keys/${target}`, { name: 'mine now' }), 403, 'FORBIDDEN')
      expectProblem(await t.as(a.keys.Admin).delete(`/api-keys/${target}`), 403, 'FORBIDDEN')
      expect((await keyRow(t, target))?.status).toBe('Active')
    }
    const w = await makeKey(t, 'Write', a.id)
    expectStatus(await t.as(a.keys.Admin).post(`/api-keys/${w.id}/block`), 200)
    // A site Master key manages every key of its site, but not unscoped keys (404: out of its scope).
    expectStatus(await t.as(a.keys.Master).post(`/api-keys/${w.id}/unblock`), 200)
    const unscoped = await makeKey(t, 'Admin', null)
    expectProblem(await t.as(a.keys.Master).post(`/api-keys/${unscoped.id}/block`), 404, 'NOT_FOUND')
    // An unscoped Admin key may not manage an unscoped Master key.
    const root = await makeKey(t, 'Master', null)
    expectProblem(await t.as(unscoped.key).post(`/api-keys/${root.id}/block`), 403, 'FORBIDDEN')
  })
})

describe('expiry', () => {
  it('a key stops at expires_at, reads Expired, and the sweep writes it with an audit row', async () => {
    const clock = manualClock(t)
    const expiresAt = new Date(clock.now().getTime() + HOUR)
    const created = expectStatus<KeyBody>(
      await t.as(a.keys.Admin).post('/api-keys', { name: 'temp', permission: 'Read', expires_at: expiresAt.toISOString() }),
      200,
    )
    expect(created.expires_at).toBe(expiresAt.toISOString())
    const key = created.key!
    expectStatus(await t.as(key).get('/auth/me'), 200)
    // Not swept yet: nothing due.
    expect(await apiKeys.expireDue(t.sys())).toBe(0)

    clock.advance(HOUR - 1000)
    expectStatus(await t.as(key).get('/auth/me'), 200)
    clock.advance(1000)
    expect(expectProblem(await t.as(key).get('/auth/me'), 401, 'UNAUTHENTICATED').detail).toMatch(/Expired/)

    // Before the sweep the stored status is still Active, but every read says Expired.
    expect((await keyRow(t, created.id))?.status).toBe('Active')
    expect(expectStatus<KeyBody>(await t.as(a.keys.Admin).get(`/api-keys/${created.id}`), 200).status).toBe('Expired')
    const expiredList = expectStatus<KeyPage>(await t.as(a.keys.Admin).get('/api-keys?status=Expired&per_page=100'), 200)
    expect(expiredList.data.map((k) => k.id)).toContain(created.id)
    expect(expiredList.data.every((k) => k.status === 'Expired')).toBe(true)
    const activeList = expectStatus<KeyPage>(await t.as(a.keys.Admin).get('/api-keys?status=Active&per_page=100'), 200)
    expect(activeList.data.map((k) => k.id)).not.toContain(created.id)

    // An expired key cannot be blocked, unblocked or brought back by moving its expiry.
    expectProblem(await t.as(a.keys.Admin).post(`/api-keys/${created.id}/block`), 409, 'INVALID_STATE')
    expectProblem(await t.as(a.keys.Admin).post(`/api-keys/${created.id}/unblock`), 409, 'INVALID_STATE')
    const later = new Date(clock.now().getTime() + HOUR).toISOString()
    expectProblem(await t.as(a.keys.Admin).put(`/api-keys/${created.id}`, { expires_at: later }), 409, 'INVALID_STATE')
    expectProblem(await t.as(a.keys.Admin).put(`/api-keys/${created.id}`, { expires_at: null }), 409, 'INVALID_STATE')
    expectProblem(await t.as(key).get('/auth/me'), 401, 'UNAUTHENTICATED')

    const swept = await apiKeys.expireDue(t.sys())
    expect(swept).toBeGreaterThanOrEqual(1)
    expect((await keyRow(t, created.id))?.status).toBe('Expired')
    const audit = (await auditsOf(t, 'api_key', created.id)).filter((r) => r.user_id === null && r.api_key_id === null && r.action === 'Update')
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ site_id: a.id, entity_type: 'api_key', metadata: expect.objectContaining({ reason: 'expired' }) })

    // A second sweep finds nothing and audits nothing.
    expect(await apiKeys.expireDue(t.sys())).toBe(0)
    expect((await auditsOf(t, 'api_key', created.id)).filter((r) => r.user_id === null && r.api_key_id === null)).toHaveLength(1)

    // Renaming an expired key is fine; it stays Expired. Revoking it is allowed and final.
    expect(expectStatus<KeyBody>(await t.as(a.keys.Admin).put(`/api-keys/${created.id}`, { name: 'old temp' }), 200).status).toBe('Expired')
    expect(expectStatus<KeyBody>(await t.as(a.keys.Admin).post(`/api-keys/${created.id}/revoke`), 200).status).toBe('Revoked')
  })

  it('a Blocked key whose expiry passes reads Expired once unblocked', async () => {
    const clock = manualClock(t)
    const k = await makeKey(t, 'Read', a.id, { expires_at: new Date(clock.now().getTime() + HOUR).toISOString() })
    expectStatus(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/block`), 200)
    clock.advance(2 * HOUR)
    // The sweep leaves Blocked keys alone.
    await apiKeys.expireDue(t.sys())
    expect((await keyRow(t, k.id))?.status).toBe('Blocked')
    expect(expectStatus<KeyBody>(await t.as(a.keys.Admin).post(`/api-keys/${k.id}/unblock`), 200).status).toBe('Expired')
    expectProblem(await t.as(k.key).get('/auth/me'), 401, 'UNAUTHENTICATED')
  })

  it('moving the expiry of a live key keeps it working until the new time', async () => {
    const clock = manualClock(t)
    const k = await makeKey(t, 'Read', a.id, { expires_at: new Date(clock.now().getTime() + HOUR).toISOString() })
    const later = new Date(clock.now().getTime() + 3 * HOUR).toISOString()
    expect(expectStatus<KeyBody>(await t.as(a.keys.Admin).put(`/api-keys/${k.id}`, { expires_at: later }), 200).expires_at).toBe(later)
    clock.advance(2 * HOUR)
    expectStatus(await t.as(k.key).get('/auth/me'), 200)
    clock.advance(HOUR)
    expectProblem(await t.as(k.key).get('/auth/me'), 401, 'UNAUTHENTICATED')
  })
})
