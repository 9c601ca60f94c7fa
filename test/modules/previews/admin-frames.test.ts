import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'

// A stand-in admin build: the page's CSP is what is under test.
const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-admin-frames-'))
mkdirSync(path.join(dir, 'assets'))
writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>admin</title>')
writeFileSync(path.join(dir, 'assets/index-abc.js'), '')

let t: TestApp
beforeAll(async () => {
  t = await testApp({ adminDir: dir })
})
afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

const frameSrc = async (url = '/admin/') => {
  const csp = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy'])
  return csp
    .split(/;\s*/)
    .find((d) => d.startsWith('frame-src '))
    ?.slice('frame-src '.length)
}

describe('the admin page\'s frame-src (decisions.md "Admin": frames)', () => {
  it("lists the origins of every live site's preview_url, follows changes at the next page load, and frames nothing else", async () => {
    // A fresh database: no site has a preview URL, so nothing may be framed.
    expect(await frameSrc()).toBe("'none'")
    const a = await makeSite(t)
    const b = await makeSite(t)
    await t.as(a.keys.Admin).put(`/sites/${a.id}/settings`, { preview_url: 'https://front-a.example.com/api/preview?token={token}&path={path}' })
    await t.as(b.keys.Admin).put(`/sites/${b.id}/settings`, { preview_url: 'http://127.0.0.1:4321/api/preview?token={token}' })
    const listed = (await frameSrc())?.split(' ') ?? []
    expect(listed).toEqual(['http://127.0.0.1:4321', 'https://front-a.example.com'])
    expect(listed).not.toContain("'self'")
    expect(await frameSrc('/admin/sites/x/blogs')).toEqual((await frameSrc()) as string)

    // Cleared, or the site deleted: its origin leaves the policy.
    expectStatus(await t.as(a.keys.Admin).put(`/sites/${a.id}/settings`, { preview_url: null }), 200)
    expect((await frameSrc())?.split(' ')).not.toContain('https://front-a.example.com')
    await t.as(b.keys.Master).delete(`/sites/${b.id}`)
    // With no preview URL left, no frame at all.
    expect(await frameSrc()).toBe("'none'")
    // Nothing frames the admin.
    const csp = String((await t.app.inject({ method: 'GET', url: '/admin/' })).headers['content-security-policy'])
    expect(csp).toContain("frame-ancestors 'none'")
  })
})
