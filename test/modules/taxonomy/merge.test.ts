import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, changeHistory, outboxEvents } from '../../../src/db/schema/audit.js'
import { mergeCategory, mergeTag } from '../../../src/modules/taxonomy/merge.service.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus, type Res } from '../../helpers/http.js'
import { auditsOf, eventsFor, expectNoContent, historyOf, type Page } from '../../helpers/records.js'
import { statementsDuring } from '../../helpers/statements.js'
import { createPage } from '../pages/fixtures.js'
import { makeBlog, makeCategory, makeTag, type BlogFixture, type CategoryBody, type TagBody } from './fixtures.js'

/* POST /tags/{id}/merge and /categories/{id}/merge (an extension): assignments and children move, the merged one goes. */

let t: TestApp
let a: SiteFixture
let b: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

type ContentCategory = CategoryBody & { is_primary: boolean }
interface ListItem {
  id: string
  tags: Array<{ id: string; name: string }>
  categories: Array<{ id: string; is_primary: boolean }>
}

const field = (res: Res) => expectProblem(res, 400, 'VALIDATION_FAILED').errors?.[0]?.field
const tagIdsOf = async (blog: BlogFixture) => expectStatus<TagBody[]>(await t.as(a.keys.Read).get(`/content/${blog.content_id}/tags`), 200).map((x) => x.id)
const catsOf = async (blog: BlogFixture) =>
  expectStatus<ContentCategory[]>(await t.as(a.keys.Read).get(`/content/${blog.content_id}/categories`), 200).map((c) => [c.id, c.is_primary])
const tagBlog = async (blog: Pick<BlogFixture, 'content_id'>, tag: Pick<TagBody, 'id'>) =>
  expectNoContent(await t.as(a.keys.Write).post(`/content/${blog.content_id}/tags`, { tag_id: tag.id }))
const fileBlog = async (blog: Pick<BlogFixture, 'content_id'>, cat: Pick<CategoryBody, 'id'>, isPrimary = false) =>
  expectNoContent(await t.as(a.keys.Write).post(`/content/${blog.content_id}/categories`, { category_id: cat.id, is_primary: isPrimary }))
const auditCount = async (ids: string[]) => (await t.dbh.db.select({ n: count() }).from(auditLogs).where(inArray(auditLogs.entity_id, ids)))[0]?.n

describe('POST /tags/{id}/merge', () => {
  it('moves every assignment to the target without duplicates, deletes the tag; audited, events, answers the target', async () => {
    const [source, target] = [await makeTag(t, a.keys.Write, a.id, 'Javascript'), await makeTag(t, a.keys.Write, a.id, 'JavaScript')]
    const other = await makeTag(t, a.keys.Write, a.id)
    const [only, both, untouched] = [await makeBlog(t, [a.id]), await makeBlog(t, [a.id]), await makeBlog(t, [a.id])]
    await tagBlog(only, source)
    await tagBlog(only, other)
    await tagBlog(both, source)
    await tagBlog(both, target)
    await tagBlog(untouched, target)

    expect(expectStatus<TagBody>(await t.as(a.keys.Write).post(`/tags/${source.id}/merge`, { into_id: target.id }), 200)).toEqual(target)
    expect((await tagIdsOf(only)).sort()).toEqual([other.id, target.id].sort())
    expect(await tagIdsOf(both)).toEqual([target.id])
    expect(await tagIdsOf(untouched)).toEqual([target.id])
    expectProblem(await t.as(a.keys.Read).get(`/tags/${source.id}`), 404, 'NOT_FOUND')
    expectStatus(await t.as(a.keys.Read).get(`/tags/${target.id}`), 200)

    const sourceAudits = await auditsOf(t, 'tag', source.id)
    expect(sourceAudits.map((x) => x.action)).toEqual(['Create', 'Delete'])
    expect(sourceAudits[1]!.metadata).toEqual({ name: 'Javascript', slug: source.slug, merged_into: target.id, moved_content: 2 })
    expect((await historyOf(t, 'tag', source.id, 'deleted_at')).map((h) => h.old_value)).toEqual([null])
    const targetAudits = await auditsOf(t, 'tag', target.id)
    expect(targetAudits.map((x) => x.action)).toEqual(['Create', 'Update'])
    expect(targetAudits[1]!.metadata).toMatchObject({ change: 'merged', merged_from: source.id })
    const onBoth = await auditsOf(t, 'content', both.content_id)
    expect(onBoth.at(-1)).toMatchObject({
      action: 'Update',
      site_id: a.id,
      metadata: { change: 'tag_merged', merged_tag_id: source.id, tag_id: target.id, content_type: 'blog' },
    })
    const history = (await historyOf(t, 'content', both.content_id, 'tag_ids')).map((h) => [h.old_value, h.new_value])
    expect(history.at(-1)).toEqual([[source.id, target.id].sort(), [target.id]])
    expect((await auditsOf(t, 'content', untouched.content_id)).map((x) => x.action)).toEqual(['Update'])

    const deleted = await eventsFor(t, 'tag.deleted', source.id)
    expect(deleted).toHaveLength(1)
    expect((deleted[0]!.payload as { data: Record<string, unknown> }).data).toEqual({
      id: source.id,
      site_id: a.id,
      name: 'Javascript',
      slug: source.slug,
      merged_into: target.id,
    })
    expect(await eventsFor(t, 'blog.updated', only.id)).toHaveLength(3)
    expect(await eventsFor(t, 'blog.updated', both.id)).toHaveLength(3)
    expect(await eventsFor(t, 'blog.updated', untouched.id)).toHaveLength(1)
  })

  it('refreshes cached content answers of every site showing the tag (a shared post read through the other site)', async () => {
    const [source, target] = [await makeTag(t, a.keys.Write, a.id, 'Old name'), await makeTag(t, a.keys.Write, a.id, 'New name')]
    const shared = await makeBlog(t, [a.id, b.id], { status: 'Published' })
    await tagBlog(shared, source)
    const tagsThroughB = async () =>
      expectStatus<Page<ListItem>>(await t.as(b.keys.Read).get(`/sites/${b.id}/blogs/published`), 200)
        .data.find((x) => x.id === shared.id)
        ?.tags.map((x) => x.name)
    expect(await tagsThroughB()).toEqual(['Old name'])
    expectStatus(await t.as(a.keys.Write).post(`/tags/${source.id}/merge`, { into_id: target.id }), 200)
    expect(await tagsThroughB()).toEqual(['New name'])
  })

  it("refuses itself, another site's, a deleted or unknown target with 400 into_id; nothing changes", async () => {
    const source = await makeTag(t, a.keys.Write, a.id)
    const blog = await makeBlog(t, [a.id])
    await tagBlog(blog, source)
    const foreign = await makeTag(t, b.keys.Write, b.id)
    const gone = await makeTag(t, a.keys.Write, a.id)
    expectNoContent(await t.as(a.keys.Write).delete(`/tags/${gone.id}`))
    const category = await makeCategory(t, a.keys.Write, a.id)
    const audits = await auditCount([source.id, blog.content_id])
    for (const into of [source.id, foreign.id, gone.id, MISSING_ID, category.id]) {
      expect(field(await t.as(a.keys.Write).post(`/tags/${source.id}/merge`, { into_id: into }))).toBe('into_id')
    }
    // The same refusal from the caller who owns both sites: the target must be of the merged tag's site.
    expect(field(await t.as(t.masterKey).post(`/tags/${source.id}/merge`, { into_id: foreign.id }))).toBe('into_id')
    expect(field(await t.as(a.keys.Write).post(`/tags/${source.id}/merge`, {}))).toBe('into_id')
    expect(field(await t.as(a.keys.Write).post(`/tags/${source.id}/merge`, { into_id: 'nope' }))).toBe('into_id')
    expect(await tagIdsOf(blog)).toEqual([source.id])
    expectStatus(await t.as(a.keys.Read).get(`/tags/${source.id}`), 200)
    expect(await auditCount([source.id, blog.content_id])).toBe(audits)
    expect(await eventsFor(t, 'tag.deleted', source.id)).toEqual([])
  })

  it('needs Author on the merged tag: 401, 403, another site 404, a deleted tag 404', async () => {
    const [source, target] = [await makeTag(t, a.keys.Write, a.id), await makeTag(t, a.keys.Write, a.id)]
    expectProblem(await t.as().post(`/tags/${source.id}/merge`, { into_id: target.id }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/tags/${source.id}/merge`, { into_id: target.id }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).post(`/tags/${source.id}/merge`, { into_id: target.id }), 404, 'NOT_FOUND')
    expectStatus(await t.as(a.keys.Write).post(`/tags/${source.id}/merge`, { into_id: target.id }), 200)
    expectProblem(await t.as(a.keys.Write).post(`/tags/${source.id}/merge`, { into_id: target.id }), 404, 'NOT_FOUND')
  })
})

describe('POST /categories/{id}/merge', () => {
  it('moves assignments keeping one primary per item, and the children; deletes the category', async () => {
    const [source, target, other] = [
      await makeCategory(t, a.keys.Write, a.id),
      await makeCategory(t, a.keys.Write, a.id),
      await makeCategory(t, a.keys.Write, a.id),
    ]
    const kids = [await makeCategory(t, a.keys.Write, a.id, { parent_id: source.id }), await makeCategory(t, a.keys.Write, a.id, { parent_id: source.id })]
    const [p, q, r, s] = [await makeBlog(t, [a.id]), await makeBlog(t, [a.id]), await makeBlog(t, [a.id]), await makeBlog(t, [a.id])]
    await fileBlog(p, source, true) // primary source + plain target → the target becomes primary
    await fileBlog(p, target)
    await fileBlog(q, source, true) // primary source only → the target, primary
    await fileBlog(r, source) // plain source + primary target → the target stays primary
    await fileBlog(r, target, true)
    await fileBlog(s, source) // plain source + another primary → plain target, the other stays primary
    await fileBlog(s, other, true)

    const answer = expectStatus<CategoryBody>(await t.as(a.keys.Write).post(`/categories/${source.id}/merge`, { into_id: target.id }), 200)
    expect(answer).toMatchObject({ id: target.id, parent_id: null })
    expect(await catsOf(p)).toEqual([[target.id, true]])
    expect(await catsOf(q)).toEqual([[target.id, true]])
    expect(await catsOf(r)).toEqual([[target.id, true]])
    expect(await catsOf(s)).toEqual([
      [other.id, true],
      [target.id, false],
    ])
    const children = expectStatus<CategoryBody[]>(await t.as(a.keys.Read).get(`/categories/${target.id}/children`), 200)
    expect(children.map((c) => c.id).sort()).toEqual(kids.map((k) => k.id).sort())
    expectProblem(await t.as(a.keys.Read).get(`/categories/${source.id}`), 404, 'NOT_FOUND')

    const audits = await auditsOf(t, 'category', source.id)
    expect(audits.map((x) => x.action)).toEqual(['Create', 'Delete'])
    expect(audits[1]!.metadata).toMatchObject({ merged_into: target.id, moved_content: 4, children_moved_to: target.id })
    expect((audits[1]!.metadata as { moved_children: string[] }).moved_children.sort()).toEqual(kids.map((k) => k.id).sort())
    const primary = (await historyOf(t, 'content', q.content_id, 'primary_category_id')).map((h) => [h.old_value, h.new_value])
    expect(primary.at(-1)).toEqual([source.id, target.id])
    expect(await eventsFor(t, 'category.deleted', source.id)).toHaveLength(1)
    for (const k of kids) expect(await eventsFor(t, 'category.updated', k.id)).toHaveLength(1)
    expect(await eventsFor(t, 'blog.updated', s.id)).toHaveLength(3)
  })

  it('a target below the merged category takes its place in the tree first (no cycle)', async () => {
    const top = await makeCategory(t, a.keys.Write, a.id)
    const source = await makeCategory(t, a.keys.Write, a.id, { parent_id: top.id })
    const middle = await makeCategory(t, a.keys.Write, a.id, { parent_id: source.id })
    const target = await makeCategory(t, a.keys.Write, a.id, { parent_id: middle.id })
    const answer = expectStatus<CategoryBody>(await t.as(a.keys.Write).post(`/categories/${source.id}/merge`, { into_id: target.id }), 200)
    expect(answer.parent_id).toBe(top.id)
    expect(expectStatus<CategoryBody[]>(await t.as(a.keys.Read).get(`/categories/${top.id}/children`), 200).map((c) => c.id)).toEqual([target.id])
    expect(expectStatus<CategoryBody[]>(await t.as(a.keys.Read).get(`/categories/${target.id}/children`), 200).map((c) => c.id)).toEqual([middle.id])
    expect(expectStatus<CategoryBody[]>(await t.as(a.keys.Read).get(`/categories/${middle.id}/children`), 200)).toEqual([])
    expect((await historyOf(t, 'category', target.id, 'parent_id')).map((h) => [h.old_value, h.new_value])).toEqual([[middle.id, top.id]])
    expect(await eventsFor(t, 'category.updated', target.id)).toHaveLength(1)
  })

  it("refuses itself, another site's, a deleted or unknown target with 400 into_id; nothing changes; 403 and 404", async () => {
    const source = await makeCategory(t, a.keys.Write, a.id)
    const kid = await makeCategory(t, a.keys.Write, a.id, { parent_id: source.id })
    const blog = await makeBlog(t, [a.id])
    await fileBlog(blog, source, true)
    const foreign = await makeCategory(t, b.keys.Write, b.id)
    const gone = await makeCategory(t, a.keys.Write, a.id)
    expectNoContent(await t.as(a.keys.Write).delete(`/categories/${gone.id}`))
    const tag = await makeTag(t, a.keys.Write, a.id)
    const audits = await auditCount([source.id, kid.id, blog.content_id])
    for (const into of [source.id, foreign.id, gone.id, MISSING_ID, tag.id]) {
      expect(field(await t.as(a.keys.Write).post(`/categories/${source.id}/merge`, { into_id: into }))).toBe('into_id')
    }
    expect(field(await t.as(t.masterKey).post(`/categories/${source.id}/merge`, { into_id: foreign.id }))).toBe('into_id')
    expect(await catsOf(blog)).toEqual([[source.id, true]])
    expect(expectStatus<CategoryBody>(await t.as(a.keys.Read).get(`/categories/${kid.id}`), 200).parent_id).toBe(source.id)
    expect(await auditCount([source.id, kid.id, blog.content_id])).toBe(audits)

    const target = await makeCategory(t, a.keys.Write, a.id)
    expectProblem(await t.as().post(`/categories/${source.id}/merge`, { into_id: target.id }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).post(`/categories/${source.id}/merge`, { into_id: target.id }), 403, 'FORBIDDEN')
    expectProblem(await t.as(b.keys.Master).post(`/categories/${source.id}/merge`, { into_id: target.id }), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Write).post(`/categories/${gone.id}/merge`, { into_id: target.id }), 404, 'NOT_FOUND')
  })
})

describe('merging a term many posts carry', () => {
  /** A blog or a page: both carry tags and categories, each kind gives its own `<kind>.updated`. */
  interface Post {
    kind: 'blog' | 'page'
    id: string
    content_id: string
  }
  const posts: Post[] = []
  beforeAll(async () => {
    // Blogs and pages in turn; some carried by a second site too (their events name both, owner first).
    for (let i = 0; i < 50; i++) {
      const sites = i % 5 === 0 ? [a.id, b.id] : [a.id]
      if (i % 2 === 0) posts.push({ kind: 'blog', ...(await makeBlog(t, sites)) })
      else posts.push({ kind: 'page', ...(await createPage(t, a, {}, t.masterKey, sites)) })
    }
  })

  /**
   * Merges a new term carried by the first `n` posts into another one, as a service call; checks that every moved
   * post got its audit entry, history and `<kind>.updated` event with its record (as GET answers it), and answers the
   * number of statements the merge ran.
   */
  async function merge(kind: 'tag' | 'category', n: number): Promise<number> {
    const make = () => (kind === 'tag' ? makeTag(t, a.keys.Write, a.id) : makeCategory(t, a.keys.Write, a.id))
    const [source, target] = [await make(), await make()]
    const moved = posts.slice(0, n)
    for (const p of moved) await (kind === 'tag' ? tagBlog(p, source) : fileBlog(p, source))
    await t.deps.usage.flush()
    // The merge's rows are the ones of this instant.
    const clock = t.clock as ManualClock
    clock.advance(60_000)
    const at = t.clock.now()
    const run = () => (kind === 'tag' ? mergeTag(t.sys(), source.id, { into_id: target.id }) : mergeCategory(t.sys(), source.id, { into_id: target.id }))
    const { result, statements } = await statementsDuring(t.dbh, run)
    expect(result.id).toBe(target.id)

    const events = await t.dbh.db.select().from(outboxEvents).where(eq(outboxEvents.created_at, at))
    const updated = events.filter((e) => e.event_type === 'blog.updated' || e.event_type === 'page.updated')
    expect(updated).toHaveLength(n)
    for (const p of moved) {
      const mine = updated.filter((e) => e.event_type === `${p.kind}.updated` && (e.payload as { data: { id: string } }).data.id === p.id)
      expect(mine).toHaveLength(1)
      const record = expectStatus<Record<string, unknown>>(await t.as(t.masterKey).get(`/${p.kind}s/${p.id}`), 200)
      expect((mine[0]!.payload as { data: unknown }).data).toEqual(record)
      expect(mine[0]!.site_id).toBe(a.id)
    }
    const audits = await t.dbh.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity_type, 'content'), eq(auditLogs.created_at, at)))
    expect(audits.map((x) => x.entity_id).sort()).toEqual(moved.map((p) => p.content_id).sort())
    for (const x of audits)
      expect(x.metadata).toMatchObject({
        change: `${kind}_merged`,
        [`${kind}_id`]: target.id,
        content_type: moved.find((p) => p.content_id === x.entity_id)?.kind,
      })
    const field = kind === 'tag' ? 'tag_ids' : 'category_ids'
    const history = await t.dbh.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.entity_type, 'content'), eq(changeHistory.field_name, field), eq(changeHistory.changed_at, at)))
    expect(history).toHaveLength(n)
    for (const h of history) {
      expect(h.old_value).toContain(source.id)
      expect(h.new_value).toContain(target.id)
      expect(h.new_value).not.toContain(source.id)
    }
    return statements
  }

  // Each moved post used to cost its own statements (its record and carrying sites, read one post at a time).
  it.each(['tag', 'category'] as const)('a %s merge runs as many statements for 50 posts as for 5, and each post gets its event and history', async (kind) => {
    const few = await merge(kind, 5)
    const many = await merge(kind, 50)
    expect({ few, many }).toEqual({ few, many: few })
  })
})
