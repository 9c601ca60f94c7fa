import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import { expectProblem, expectStatus } from '../helpers/http.js'
import { createBlog, locId } from '../modules/blogs/fixtures.js'

/*
 * Tenancy is central (core/access.ts requireRecord): a record of a soft-deleted site is gone for everyone,
 * whatever its scope resolver says, and a shared record changed through a carrying site is 403, not 404.
 */

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

/** A site with a blog (with a localization), a tag and a category; returns the record URLs. */
async function siteWithRecords(site: SiteFixture) {
  const blog = await createBlog(t, site, { localizations: [{ locale_id: locId(site, 'en'), title: 'Hello' }] })
  const tag = expectStatus<{ id: string }>(await t.as(site.keys.Write).post('/tags', { site_id: site.id, name: 'News' }), 201)
  const cat = expectStatus<{ id: string }>(await t.as(site.keys.Write).post('/categories', { site_id: site.id, name: 'Guides' }), 201)
  const loc = blog.localizations[0]!
  return {
    reads: [
      `/blogs/${blog.id}`,
      `/blogs/${blog.id}/detail`,
      `/blogs/${blog.id}/localizations`,
      `/tags/${tag.id}`,
      `/categories/${cat.id}`,
      `/categories/${cat.id}/children`,
      `/content/${blog.content_id}/tags`,
    ],
    writes: [
      ['put', `/blogs/${blog.id}`, { author: 'X' }],
      ['put', `/blogs/localizations/${loc.id}`, { title: 'X' }],
      ['put', `/tags/${tag.id}`, { name: 'X' }],
      ['put', `/categories/${cat.id}`, { name: 'X' }],
      ['post', `/content/${blog.content_id}/tags`, { tag_id: tag.id }],
    ] as const,
  }
}

describe('records of a soft-deleted site', () => {
  it('answer 404 on every route by id, for every caller, reads and writes alike', async () => {
    const site = await makeSite(t)
    const { reads, writes } = await siteWithRecords(site)
    for (const url of reads) expectStatus(await t.as(t.masterKey).get(url), 200)
    expect((await t.as(t.masterKey).delete(`/sites/${site.id}`)).statusCode).toBe(204)
    for (const url of reads) {
      expectProblem(await t.as(t.masterKey).get(url), 404, 'NOT_FOUND')
      expectProblem(await t.as(site.keys.Master).get(url), 404, 'NOT_FOUND')
    }
    for (const [method, url, body] of writes) expectProblem(await t.as(t.masterKey)[method](url, body), 404, 'NOT_FOUND')
  })

  it('a shared blog is gone through a deleted carrying site but still read through its live owner', async () => {
    const [owner, carrier] = [await makeSite(t), await makeSite(t)]
    const blog = await createBlog(t, owner, {}, t.masterKey, [owner.id, carrier.id])
    expectStatus(await t.as(carrier.keys.Read).get(`/blogs/${blog.id}`), 200)
    expect((await t.as(t.masterKey).delete(`/sites/${carrier.id}`)).statusCode).toBe(204)
    expectProblem(await t.as(carrier.keys.Read).get(`/blogs/${blog.id}`), 404, 'NOT_FOUND')
    expectStatus(await t.as(owner.keys.Read).get(`/blogs/${blog.id}`), 200)
  })

  it('a shared blog whose owning site is deleted is gone through every carrying site', async () => {
    const [owner, carrier] = [await makeSite(t), await makeSite(t)]
    const blog = await createBlog(t, owner, {}, t.masterKey, [owner.id, carrier.id])
    expect((await t.as(t.masterKey).delete(`/sites/${owner.id}`)).statusCode).toBe(204)
    expectProblem(await t.as(carrier.keys.Master).get(`/blogs/${blog.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(carrier.keys.Master).get(`/content/${blog.content_id}/tags`), 404, 'NOT_FOUND')
  })

  it("leaves carrying sites' cached lists and lookups the moment its owning site is deleted", async () => {
    const [owner, carrier] = [await makeSite(t), await makeSite(t)]
    const blog = await createBlog(t, owner, { status: 'Published' }, t.masterKey, [owner.id, carrier.id])
    const reads = [`/sites/${carrier.id}/blogs`, `/sites/${carrier.id}/blogs/published`]
    for (const url of reads)
      expect(expectStatus<{ data: Array<{ id: string }> }>(await t.as(carrier.keys.Read).get(url), 200).data.map((b) => b.id)).toContain(blog.id)
    expectStatus(await t.as(carrier.keys.Read).get(`/sites/${carrier.id}/blogs/by-slug/${blog.slug}`), 200)
    expect((await t.as(t.masterKey).delete(`/sites/${owner.id}`)).statusCode).toBe(204)
    for (const url of reads)
      expect(expectStatus<{ data: Array<{ id: string }> }>(await t.as(carrier.keys.Read).get(url), 200).data.map((b) => b.id)).not.toContain(blog.id)
    expectProblem(await t.as(carrier.keys.Read).get(`/sites/${carrier.id}/blogs/by-slug/${blog.slug}`), 404, 'NOT_FOUND')
  })
})

describe('writes to shared content through a carrying site', () => {
  it('are 403 for a caller that can read the record, 404 for one that cannot', async () => {
    const [owner, carrier, stranger] = [await makeSite(t), await makeSite(t), await makeSite(t)]
    const blog = await createBlog(t, owner, {}, t.masterKey, [owner.id, carrier.id])
    expectStatus(await t.as(carrier.keys.Read).get(`/blogs/${blog.id}`), 200)
    expectProblem(await t.as(carrier.keys.Master).put(`/blogs/${blog.id}`, { author: 'B' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(carrier.keys.Master).delete(`/blogs/${blog.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(stranger.keys.Master).put(`/blogs/${blog.id}`, { author: 'C' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(stranger.keys.Master).get(`/blogs/${blog.id}`), 404, 'NOT_FOUND')
    expectStatus(await t.as(owner.keys.Write).put(`/blogs/${blog.id}`, { author: 'A' }), 200)
  })
})
