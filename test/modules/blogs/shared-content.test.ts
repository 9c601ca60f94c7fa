import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { sites } from '../../../src/db/schema/sites.js'
import type { Blog, BlogDetail, BlogListItem } from '../../../src/modules/blogs/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { blogBody, locId } from './fixtures.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

/** A published blog owned by A and carried by B, with en and de localizations (created by an unscoped Master key). */
async function sharedBlog(): Promise<BlogDetail> {
  return expectStatus<BlogDetail>(
    await t.as(t.masterKey).post(
      '/blogs',
      blogBody([a.id, b.id], {
        status: 'Published',
        localizations: [
          { locale_id: locId(a, 'en'), title: 'EN', body: 'english words' },
          { locale_id: locId(a, 'de'), title: 'DE', body: 'deutsche Worte' },
        ],
      }),
    ),
    201,
  )
}

describe('shared content', () => {
  it('an update answers every carrying site, owner first; 404 once the owning site is gone, and nothing changes', async () => {
    const blog = await sharedBlog()
    const updated = expectStatus<Blog>(await t.as(t.masterKey).put(`/blogs/${blog.id}`, { author: 'Bea' }), 200)
    expect(updated.site_ids).toEqual([a.id, b.id])
    expect(updated.author).toBe('Bea')
    // The owning site deleted underneath the blog (deleting it through the API retires its content first).
    const c = await makeSite(t)
    const own = expectStatus<BlogDetail>(await t.as(t.masterKey).post('/blogs', blogBody([c.id])), 201)
    await t.dbh.db.update(sites).set({ deleted_at: new Date() }).where(eq(sites.id, c.id))
    expectProblem(await t.as(t.masterKey).put(`/blogs/${own.id}`, { author: 'Cid' }), 404, 'NOT_FOUND')
    await t.dbh.db.update(sites).set({ deleted_at: null }).where(eq(sites.id, c.id))
    expect(expectStatus<Blog>(await t.as(t.masterKey).get(`/blogs/${own.id}`), 200).author).toBe('Ann')
  })

  it('clone needs Author in every carrying site, like create', async () => {
    const blog = await sharedBlog()
    expectProblem(await t.as(a.keys.Write).post(`/blogs/${blog.id}/clone`), 404, 'NOT_FOUND')
    const copy = expectStatus<BlogDetail>(await t.as(t.masterKey).post(`/blogs/${blog.id}/clone`), 201)
    expect(copy.site_ids).toEqual([a.id, b.id])
  })

  it("a locale change in the owning site refreshes the other carrying sites' cached answers", async () => {
    const site = await makeSite(t, { slug: `own-${uid()}` })
    const other = await makeSite(t)
    const blog = expectStatus<BlogDetail>(
      await t.as(t.masterKey).post(
        '/blogs',
        blogBody([site.id, other.id], {
          status: 'Published',
          localizations: [
            { locale_id: locId(site, 'en'), title: 'EN', body: 'english words' },
            { locale_id: locId(site, 'de'), title: 'DE', body: 'deutsche Worte' },
          ],
        }),
      ),
      201,
    )
    const titleIn = async (siteId: string, key: string) =>
      expectStatus<{ data: BlogListItem[] }>(await t.as(key).get(`/sites/${siteId}/blogs/published?locale=de`), 200).data.find((x) => x.id === blog.id)?.title
    expect(await titleIn(other.id, other.keys.Read)).toBe('DE')
    const bySlug = async () => expectStatus<BlogDetail>(await t.as(other.keys.Read).get(`/sites/${other.id}/blogs/by-slug/${blog.slug}`), 200)
    expect((await bySlug()).localizations).toHaveLength(2)

    expect((await t.as(site.keys.Admin).delete(`/sites/${site.id}/locales/${locId(site, 'de')}`)).statusCode).toBe(204)

    expect(await titleIn(other.id, other.keys.Read)).toBe('EN')
    expect((await bySlug()).localizations).toHaveLength(1)
  })
})
