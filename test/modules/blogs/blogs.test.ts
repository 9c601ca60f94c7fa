import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs } from '../../../src/db/schema/audit.js'
import { siteMembers } from '../../../src/db/schema/members.js'
import { notifications } from '../../../src/db/schema/notifications.js'
import type { Blog, BlogDetail } from '../../../src/modules/blogs/schemas.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { addCategory, addTag, assignCategory, assignTag, blogBody, createBlog, locId, writeCounts } from './fixtures.js'
import { eventsFor, expectNoContent, historyOf } from '../../helpers/records.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture
const clock = () => t.clock as ManualClock

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

describe('POST /blogs', () => {
  it('creates a Draft with localizations, audit and a blog.created event', async () => {
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(' ')
    const body = blogBody([a.id], {
      author: 'Ann Author',
      is_featured: true,
      localizations: [
        { locale_id: locId(a, 'en'), title: 'Hello', excerpt: 'Short', body: words },
        { locale_id: locId(a, 'de'), title: 'Hallo', body: 'kurz' },
      ],
    })
    const created = expectStatus<BlogDetail>(await t.as(a.keys.Write).post('/blogs', body), 201)
    expect(created).toMatchObject({
      site_id: a.id,
      site_ids: [a.id],
      slug: body.slug,
      author: 'Ann Author',
      status: 'Draft',
      is_featured: true,
      allow_comments: true,
    })
    expect(created.published_at).toBeNull()
    expect(created.reading_time_minutes).toBe(3)
    expect(created.localizations.map((l) => l.title)).toEqual(['Hello', 'Hallo'])
    expect(created.documents).toEqual([])
    const audit = await t.dbh.db.select().from(auditLogs).where(eq(auditLogs.entity_id, created.id))
    expect(audit.map((r) => [r.action, r.entity_type, r.site_id])).toEqual([['Create', 'blog', a.id]])
    const events = await eventsFor(t, 'blog.created', created.id)
    expect(events).toHaveLength(1)
    expect((events[0]!.payload as { data: Blog }).data).toEqual(expectStatus(await t.as(a.keys.Read).get(`/blogs/${created.id}`), 200))
  })

  it('creates Published directly (workflow off): published_at, published_date and blog.published', async () => {
    const created = await createBlog(t, a, { status: 'Published' })
    expect(created.status).toBe('Published')
    expect(created.published_at).toBe(clock().now().toISOString())
    expect(created.published_date).toBe(clock().now().toISOString().slice(0, 10))
    expect(await eventsFor(t, 'blog.published', created.id)).toHaveLength(1)
  })

  it('Published with a future publish_start is stored as Scheduled', async () => {
    const start = new Date(clock().now().getTime() + 86_400_000).toISOString()
    const created = await createBlog(t, a, { status: 'Published', publish_start: start })
    expect(created.status).toBe('Scheduled')
    expect(created.published_at).toBeNull()
    expect(await eventsFor(t, 'blog.published', created.id)).toHaveLength(0)
  })

  it('400 with errors[].field for bad input, and nothing is written', async () => {
    const before = await writeCounts(t)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ site_ids: [a.id] }, 'slug'],
      [blogBody([a.id], { slug: 'Not A Slug' }), 'slug'],
      [blogBody([a.id], { status: 'Live' }), 'status'],
      [blogBody([]), 'site_ids'],
      [blogBody(['nope']), 'site_ids.0'],
      [blogBody([a.id], { is_featured: 'yes' }), 'is_featured'],
      [blogBody([a.id], { publish_start: 'tomorrow' }), 'publish_start'],
    ]
    for (const [body, field] of cases) {
      const problem = expectProblem(await t.as(a.keys.Write).post('/blogs', body), 400, 'VALIDATION_FAILED')
      expect(problem.errors?.map((e) => e.field)).toContain(field)
    }
    const late = new Date(clock().now().getTime() + 1000).toISOString()
    const early = clock().now().toISOString()
    const window = expectProblem(
      await t.as(a.keys.Write).post('/blogs', blogBody([a.id], { publish_start: late, publish_end: early })),
      400,
      'VALIDATION_FAILED',
    )
    expect(window.errors?.[0]?.field).toBe('publish_end')
    const sched = expectProblem(await t.as(a.keys.Write).post('/blogs', blogBody([a.id], { status: 'Scheduled' })), 400, 'VALIDATION_FAILED')
    expect(sched.errors?.[0]?.field).toBe('publish_start')
    expect(await writeCounts(t)).toEqual(before)
  })

  it('400 for a localization in a locale the owning site does not have; nothing is created', async () => {
    const before = await writeCounts(t)
    const res = await t.as(a.keys.Write).post('/blogs', blogBody([a.id], { localizations: [{ locale_id: locId(b, 'en'), title: 'x' }] }))
    expect(expectProblem(res, 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('localizations.0.locale_id')
    expect(await writeCounts(t)).toEqual(before)
  })

  it('409 for two localizations of one locale in the body', async () => {
    const en = locId(a, 'en')
    expectProblem(await t.as(a.keys.Write).post('/blogs', blogBody([a.id], { localizations: [{ locale_id: en }, { locale_id: en }] })), 409, 'CONFLICT')
  })

  it('409 for a slug already used by a live blog of the site; free in another site and after delete', async () => {
    const first = await createBlog(t, a)
    const before = await writeCounts(t)
    expectProblem(await t.as(a.keys.Write).post('/blogs', blogBody([a.id], { slug: first.slug })), 409, 'CONFLICT')
    expect(await writeCounts(t)).toEqual(before)
    await createBlog(t, b, { slug: first.slug })
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/${first.id}`))
    await createBlog(t, a, { slug: first.slug })
  })

  it('401 without a key, 403 with a Read key, 404 for a site out of reach (nothing created)', async () => {
    const before = await writeCounts(t)
    expectProblem(await t.as().post('/blogs', blogBody([a.id])), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post('/blogs', blogBody([a.id])), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).post('/blogs', blogBody([b.id])), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post('/blogs', blogBody([a.id, b.id])), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).post('/blogs', blogBody([a.id, MISSING_ID])), 404, 'NOT_FOUND')
    expect(await writeCounts(t)).toEqual(before)
  })
})

describe('GET /blogs/{id} and /detail', () => {
  it('answers the blog; detail adds localizations, categories with is_primary, tags and documents', async () => {
    const blog = await createBlog(t, a, {
      localizations: [
        { locale_id: locId(a, 'de'), title: 'Hallo' },
        { locale_id: locId(a, 'en'), title: 'Hello' },
      ],
    })
    const tag = await addTag(t, a.id, 'Rust')
    const main = await addCategory(t, a.id, 'Main')
    const side = await addCategory(t, a.id, 'Side')
    await assignTag(t, blog.content_id, tag.id)
    await assignCategory(t, blog.content_id, side.id)
    await assignCategory(t, blog.content_id, main.id, true)
    const got = expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200)
    expect(got.id).toBe(blog.id)
    expect(got).not.toHaveProperty('localizations')
    expect(got).not.toHaveProperty('deleted_at')
    const detail = expectStatus<BlogDetail>(await t.as(a.keys.Read).get(`/blogs/${blog.id}/detail`), 200)
    expect(detail.localizations.map((l) => l.title)).toEqual(['Hello', 'Hallo'])
    expect(detail.categories).toEqual([
      { id: main.id, name: 'Main', slug: main.slug, is_primary: true },
      { id: side.id, name: 'Side', slug: side.slug, is_primary: false },
    ])
    expect(detail.tags).toEqual([{ id: tag.id, name: 'Rust', slug: tag.slug }])
    expect(detail.documents).toEqual([])
  })

  it('401, 400 for a bad id, 404 for unknown, another site and deleted', async () => {
    const blog = await createBlog(t, a)
    expectProblem(await t.as().get(`/blogs/${blog.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).get('/blogs/not-a-uuid'), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Read).get(`/blogs/${MISSING_ID}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).get(`/blogs/${blog.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).get(`/blogs/${blog.id}/detail`), 404, 'NOT_FOUND')
    expectNoContent(await t.as(a.keys.Write).delete(`/blogs/${blog.id}`))
    expectProblem(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/blogs/${blog.id}/detail`), 404, 'NOT_FOUND')
  })
})

describe('PUT /blogs/{id}', () => {
  it('partial update with change history and blog.updated', async () => {
    const blog = await createBlog(t, a)
    const updated = expectStatus<Blog>(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { author: 'Bea', allow_comments: false }), 200)
    expect(updated).toMatchObject({ author: 'Bea', allow_comments: false, slug: blog.slug, status: 'Draft' })
    const history = await historyOf(t, 'blog', blog.id, 'author')
    expect(history.map((h) => [h.old_value, h.new_value])).toEqual([['Ann', 'Bea']])
    expect(await eventsFor(t, 'blog.updated', blog.id)).toHaveLength(1)
  })

  it('author: null on create or omitted is null (stored as NULL); null clears it; a blog without localization lists null texts', async () => {
    const none = await createBlog(t, a, { author: null })
    expect(none.author).toBeNull()
    const omitted = expectStatus<BlogDetail>(await t.as(a.keys.Write).post('/blogs', { site_ids: [a.id], slug: `bare-${uid()}` }), 201)
    expect(omitted.author).toBeNull()
    const named = await createBlog(t, a, { author: 'Bea' })
    expect(expectStatus<Blog>(await t.as(a.keys.Write).put(`/blogs/${named.id}`, { author: null }), 200).author).toBeNull()
    expect((await historyOf(t, 'blog', named.id, 'author')).map((h) => [h.old_value, h.new_value])).toEqual([['Bea', null]])
    const items = expectStatus<{ data: Array<Record<string, unknown>> }>(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs?per_page=100`), 200).data
    expect(items.find((x) => x.id === omitted.id)).toMatchObject({ author: null, title: null, subtitle: null, excerpt: null, locale: null })
  })

  it('changes the slug; 409 when another live blog of the site has it', async () => {
    const one = await createBlog(t, a)
    const two = await createBlog(t, a)
    const slug = `renamed-${uid()}`
    expect(expectStatus<Blog>(await t.as(a.keys.Write).put(`/blogs/${one.id}`, { slug }), 200).slug).toBe(slug)
    expect(expectStatus<BlogDetail>(await t.as(a.keys.Write).get(`/sites/${a.id}/blogs/by-slug/${slug}`), 200).id).toBe(one.id)
    expectProblem(await t.as(a.keys.Write).put(`/blogs/${two.id}`, { slug }), 409, 'CONFLICT')
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${two.id}`), 200).slug).toBe(two.slug)
  })

  it('400 for an unknown status, an empty body or a bad field; nothing changes', async () => {
    const blog = await createBlog(t, a)
    const before = await writeCounts(t)
    expect(expectProblem(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { status: 'Archived' }), 400, 'VALIDATION_FAILED').errors?.[0]?.field).toBe('status')
    expectProblem(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, {}), 400, 'VALIDATION_FAILED')
    expect(
      expectProblem(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { published_date: '2024-13-45' }), 400, 'VALIDATION_FAILED').errors?.[0]?.field,
    ).toBe('published_date')
    expect(await writeCounts(t)).toEqual(before)
  })

  it('401, 403 for a Read key, 404 for another site', async () => {
    const blog = await createBlog(t, a)
    expectProblem(await t.as().put(`/blogs/${blog.id}`, { author: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).put(`/blogs/${blog.id}`, { author: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).put(`/blogs/${blog.id}`, { author: 'x' }), 404, 'NOT_FOUND')
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).author).toBe('Ann')
  })
})

describe('DELETE /blogs/{id}', () => {
  it('soft deletes with a blog.deleted event; a second delete is 404', async () => {
    const blog = await createBlog(t, a)
    expect((await t.as(a.keys.Write).delete(`/blogs/${blog.id}`)).statusCode).toBe(204)
    expect(await eventsFor(t, 'blog.deleted', blog.id)).toHaveLength(1)
    expectProblem(await t.as(a.keys.Write).delete(`/blogs/${blog.id}`), 404, 'NOT_FOUND')
  })

  it('401, 403 for a Read key, 404 for another site and an unknown id', async () => {
    const blog = await createBlog(t, a)
    expectProblem(await t.as().delete(`/blogs/${blog.id}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).delete(`/blogs/${blog.id}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).delete(`/blogs/${blog.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).delete(`/blogs/${MISSING_ID}`), 404, 'NOT_FOUND')
    expectStatus(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200)
  })
})

describe('workflow transitions via PUT', () => {
  it('Draft → InReview notifies the site reviewers in the same write', async () => {
    await t.dbh.db.insert(siteMembers).values([
      { site_id: a.id, user_id: crypto.randomUUID(), idp_user_id: `rev-${uid()}`, role: 'Reviewer' },
      { site_id: a.id, user_id: crypto.randomUUID(), idp_user_id: `auth-${uid()}`, role: 'Author' },
    ])
    const blog = await createBlog(t, a, { localizations: [{ locale_id: locId(a, 'en'), title: 'Needs review' }] })
    const res = expectStatus<Blog>(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { status: 'InReview' }), 200)
    expect(res.status).toBe('InReview')
    const notes = await t.dbh.db.select().from(notifications).where(eq(notifications.entity_id, blog.id))
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ notification_type: 'content_submitted', entity_type: 'blog', site_id: a.id })
    expect(notes[0]!.title).toContain('Needs review')
  })

  it('InReview → Published sets published_at and published_date and fires blog.published', async () => {
    const blog = await createBlog(t, a, { status: 'InReview' })
    const res = expectStatus<Blog>(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { status: 'Published' }), 200)
    expect(res.status).toBe('Published')
    expect(res.published_at).toBe(clock().now().toISOString())
    expect(res.published_date).toBe(clock().now().toISOString().slice(0, 10))
    expect(await eventsFor(t, 'blog.published', blog.id)).toHaveLength(1)
    expect(await eventsFor(t, 'blog.updated', blog.id)).toHaveLength(1)
  })

  it('keeps a given published_date when publishing', async () => {
    const blog = await createBlog(t, a, { published_date: '2020-02-02' })
    expect(expectStatus<Blog>(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { status: 'Published' }), 200).published_date).toBe('2020-02-02')
  })

  it('Scheduled needs a future publish_start; Published with a future one is Scheduled', async () => {
    const blog = await createBlog(t, a)
    const past = new Date(clock().now().getTime() - 60_000).toISOString()
    const future = new Date(clock().now().getTime() + 3_600_000).toISOString()
    expect(
      expectProblem(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { status: 'Scheduled', publish_start: past }), 400, 'VALIDATION_FAILED').errors?.[0]
        ?.field,
    ).toBe('publish_start')
    const scheduled = expectStatus<Blog>(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { status: 'Scheduled', publish_start: future }), 200)
    expect(scheduled).toMatchObject({ status: 'Scheduled', published_at: null, publish_start: future })
    const other = await createBlog(t, a)
    expect(expectStatus<Blog>(await t.as(a.keys.Write).put(`/blogs/${other.id}`, { status: 'Published', publish_start: future }), 200).status).toBe('Scheduled')
    expectProblem(await t.as(a.keys.Write).put(`/blogs/${other.id}`, { publish_start: null }), 400, 'VALIDATION_FAILED')
  })

  it('409 INVALID_STATE when submitting something that is not a Draft', async () => {
    const blog = await createBlog(t, a, { status: 'Published' })
    expectProblem(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { status: 'InReview' }), 409, 'INVALID_STATE')
    expect(expectStatus<Blog>(await t.as(a.keys.Read).get(`/blogs/${blog.id}`), 200).status).toBe('Published')
  })

  it('Published → Draft unpublishes', async () => {
    const blog = await createBlog(t, a, { status: 'Published' })
    expect(expectStatus<Blog>(await t.as(a.keys.Write).put(`/blogs/${blog.id}`, { status: 'Draft' }), 200).status).toBe('Draft')
  })
})
