import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemCtx } from '../../../src/core/context.js'
import { publishDue } from '../../../src/kits/content-workflow/scheduled-publish.js'
import { scheduledBlogs } from '../../../src/modules/blogs/workflow.service.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus, type Res } from '../../helpers/http.js'
import { auditsOf, expectNoContent } from '../../helpers/records.js'

/*
 * record_label on the paths besides a record's own create, update and delete: the scheduler's publish and a review
 * of a post, a change of what hangs off a content item (its tags, a tag merge), a translation without a title, a
 * link document and a social link without a label. Each names its record as an editor knows it, never by an id.
 */

let t: TestApp
let a: SiteFixture
const clock = () => t.clock as ManualClock

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(() => t.close())

const created = (res: Res, status = 201) => expectStatus<{ id: string }>(res, status)
const labelsOf = async (type: string, id: string) => (await auditsOf(t, type, id)).map((e) => [e.action, e.record_label])
const locale = (code: string) => a.locales.find((l) => l.code === code)!.id

/** A post whose only title is German (so its slug and its default locale name it not). */
async function germanPost(extra: Record<string, unknown> = {}) {
  const slug = `post-${uid()}`
  const res = await t.as(a.keys.Write).post('/blogs', {
    site_ids: [a.id],
    slug,
    localizations: [{ locale_id: locale('de'), title: 'Nachtzüge', body: 'x' }],
    ...extra,
  })
  return { ...expectStatus<{ id: string; content_id: string; status: string }>(res, 201), slug }
}

describe('record_label beyond create, update and delete', () => {
  it('a scheduled post published by the scheduler, and a reviewed post, are named by their title', async () => {
    const scheduled = await germanPost({ status: 'Published', publish_start: new Date(clock().now().getTime() + 60_000).toISOString() })
    expect(scheduled.status).toBe('Scheduled')
    clock().advance(120_000)
    expect(await publishDue(systemCtx(t.deps, 'job:test'), scheduledBlogs)).toEqual([scheduled.id])
    expect(await labelsOf('blog', scheduled.id)).toEqual([
      ['Create', 'Nachtzüge'],
      ['Publish', 'Nachtzüge'],
    ])

    const reviewed = await germanPost({ status: 'InReview' })
    expectStatus(await t.as(a.keys.Admin).post(`/blogs/${reviewed.id}/review`, { action: 'Approve' }), 200)
    expect((await labelsOf('blog', reviewed.id)).at(-1)).toEqual(['Review', 'Nachtzüge'])
  })

  it("a change of a post's tags, and a tag merge moving them, are named by the post's title; a page's by its slug", async () => {
    const post = await germanPost()
    const rail = created(await t.as(a.keys.Write).post('/tags', { site_id: a.id, name: `Rail ${uid()}` })).id
    const trains = created(await t.as(a.keys.Write).post('/tags', { site_id: a.id, name: `Trains ${uid()}` })).id
    expectNoContent(await t.as(a.keys.Write).post(`/content/${post.content_id}/tags`, { tag_id: rail }))
    expectStatus(await t.as(a.keys.Admin).post(`/tags/${rail}/merge`, { into_id: trains }), 200)
    expect(await labelsOf('content', post.content_id)).toEqual([
      ['Update', 'Nachtzüge'],
      ['Update', 'Nachtzüge'],
    ])

    const pageSlug = `p-${uid()}`
    const page = expectStatus<{ content_id: string }>(await t.as(a.keys.Write).post('/pages', { site_ids: [a.id], route: `/${pageSlug}`, slug: pageSlug }), 201)
    expectNoContent(await t.as(a.keys.Write).post(`/content/${page.content_id}/tags`, { tag_id: trains }))
    expect(await labelsOf('content', page.content_id)).toEqual([['Update', pageSlug]])
  })

  it("a translation without a title of its own is named by its post's title, else by the post's slug", async () => {
    const post = await germanPost()
    const en = created(await t.as(a.keys.Write).post(`/blogs/${post.id}/localizations`, { locale_id: locale('en'), body: 'no title yet' })).id
    expectStatus(await t.as(a.keys.Write).put(`/blogs/localizations/${en}`, { excerpt: 'Still none' }), 200)
    expectNoContent(await t.as(a.keys.Admin).delete(`/blogs/localizations/${en}`))
    expect(await labelsOf('blog_localization', en)).toEqual([
      ['Create', 'Nachtzüge'],
      ['Update', 'Nachtzüge'],
      ['Delete', 'Nachtzüge'],
    ])
    // a post without any title: its slug, until the translation has a title of its own
    const slug = `bare-${uid()}`
    const bare = created(await t.as(a.keys.Write).post('/blogs', { site_ids: [a.id], slug })).id
    const loc = created(await t.as(a.keys.Write).post(`/blogs/${bare}/localizations`, { locale_id: locale('en'), body: 'x' })).id
    expectStatus(await t.as(a.keys.Write).put(`/blogs/localizations/${loc}`, { title: 'Named at last' }), 200)
    expect(await labelsOf('blog_localization', loc)).toEqual([
      ['Create', slug],
      ['Update', 'Named at last'],
    ])
  })

  it("a link document is named by its link's host and path (never its query), a file document by its file name", async () => {
    const link = created(
      await t.as(a.keys.Write).post(`/sites/${a.id}/documents`, { document_type: 'report', url: 'https://files.example.org/q1/report.pdf?token=s3cret' }),
    ).id
    expectStatus(await t.as(a.keys.Write).put(`/documents/${link}`, { document_type: 'annual report' }), 200)
    expectNoContent(await t.as(a.keys.Admin).delete(`/documents/${link}`))
    expect(await labelsOf('document', link)).toEqual([
      ['Create', 'files.example.org/q1/report.pdf'],
      ['Update', 'files.example.org/q1/report.pdf'],
      ['Delete', 'files.example.org/q1/report.pdf'],
    ])
    const file = created(
      await t
        .as(a.keys.Write)
        .post(`/sites/${a.id}/documents`, { document_type: 'manual', file_name: 'manual.txt', file_base64: Buffer.from('hello').toString('base64') }),
    ).id
    expect(await labelsOf('document', file)).toEqual([['Create', 'manual.txt']])
  })

  it('a social link without a label is named by its platform', async () => {
    const link = created(await t.as(a.keys.Write).post(`/sites/${a.id}/social`, { platform: 'mastodon', url: 'https://mastodon.social/@x' })).id
    expect(await labelsOf('social_link', link)).toEqual([['Create', 'mastodon']])
  })
})
