import { beforeEach, describe, expect, it } from 'vitest'
import {
  IDS_PER_STATEMENT,
  contentChange,
  contentChanges,
  contentLabels,
  registerContentKinds,
  type ContentKind,
  type ContentRecord,
} from '../../src/core/content-kinds.js'
import { defineEntity, type Entity } from '../../src/core/entities.js'
import type { ReadDb } from '../../src/db/client.js'

/* contentChanges over two stand-in kinds: which ids each kind is asked for, and what comes back in which order. */

const db = {} as ReadDb
const blogEntity = defineEntity({ name: 'blog', events: ['blog.created', 'blog.updated', 'blog.deleted'] })
const pageEntity = defineEntity({ name: 'page', events: ['page.created', 'page.updated', 'page.deleted'] })

/** A kind whose records are `stored` (content id → record), noting the ids of each call. */
function standIn(type: 'blog' | 'page', entity: Entity, stored: Map<string, ContentRecord>) {
  const calls: string[][] = []
  const kind: ContentKind = {
    type,
    entity,
    records: (_db, ids) => {
      calls.push([...ids])
      return Promise.resolve(new Map(ids.flatMap((id) => (stored.has(id) ? [[id, stored.get(id) as ContentRecord] as const] : []))))
    },
    labels: (_db, ids) => {
      calls.push([...ids])
      return Promise.resolve(new Map(ids.flatMap((id) => (stored.has(id) ? [[id, `Title of ${id}`] as const] : []))))
    },
  }
  return { kind, calls }
}

const rec = (id: string, siteId = 'site-a'): ContentRecord => ({ id: `rec-${id}`, siteId, slug: `slug-${id}`, data: { id: `rec-${id}` } })
const blogChange = (id: string, siteId = 'site-a') => ({
  events: [{ type: 'blog.updated', siteId, data: { id: `rec-${id}` } }],
  record: { entity: blogEntity, id: `rec-${id}`, slug: `slug-${id}` },
})
const pageChange = (id: string) => ({
  events: [{ type: 'page.updated', siteId: 'site-a', data: { id: `rec-${id}` } }],
  record: { entity: pageEntity, id: `rec-${id}`, slug: `slug-${id}` },
})

let blogs: ReturnType<typeof standIn>
let pages: ReturnType<typeof standIn>
beforeEach(() => {
  blogs = standIn(
    'blog',
    blogEntity,
    new Map([
      ['b1', rec('b1')],
      ['b2', rec('b2', 'site-b')],
      ['b3', rec('b3')],
    ]),
  )
  pages = standIn('page', pageEntity, new Map([['p1', rec('p1')]]))
  registerContentKinds([blogs.kind, pages.kind])
})

describe('contentChanges', () => {
  it("answers each item's change in the items' order, asking each kind once for its distinct ids", async () => {
    const items = [
      { content_type: 'blog', id: 'b2' },
      { content_type: 'page', id: 'p1' },
      { content_type: 'blog', id: 'gone' },
      { content_type: 'video', id: 'v1' },
      { content_type: 'blog', id: 'b1' },
      { content_type: 'blog', id: 'b2' },
    ]
    expect(await contentChanges(db, items)).toEqual([
      blogChange('b2', 'site-b'),
      pageChange('p1'),
      { events: [] },
      { events: [] },
      blogChange('b1'),
      blogChange('b2', 'site-b'),
    ])
    expect(blogs.calls).toEqual([['b2', 'gone', 'b1']])
    expect(pages.calls).toEqual([['p1']])
  })

  it('contentChange is the one-item case: the same answer, one call of its kind', async () => {
    expect(await contentChange(db, 'blog', 'b3')).toEqual(blogChange('b3'))
    expect(await contentChange(db, 'blog', 'gone')).toEqual({ events: [] })
    expect(await contentChange(db, 'video', 'v1')).toEqual({ events: [] })
    expect(blogs.calls).toEqual([['b3'], ['gone']])
  })

  it(`asks a kind for at most ${IDS_PER_STATEMENT} ids at a time`, async () => {
    const ids = Array.from({ length: 2 * IDS_PER_STATEMENT + 500 }, (_, i) => `x${i}`)
    const many = standIn('blog', blogEntity, new Map(ids.map((id) => [id, rec(id)])))
    registerContentKinds([many.kind])
    const changes = await contentChanges(
      db,
      ids.map((id) => ({ content_type: 'blog', id })),
    )
    expect(many.calls.map((c) => c.length)).toEqual([IDS_PER_STATEMENT, IDS_PER_STATEMENT, 500])
    expect(many.calls.flat()).toEqual(ids)
    expect(changes.map((c) => c.record?.id)).toEqual(ids.map((id) => `rec-${id}`))
  })

  it('nothing to ask for: no call', async () => {
    expect(await contentChanges(db, [])).toEqual([])
    expect(blogs.calls).toEqual([])
  })

  it('a kind whose entity has no updated event: the record for readers, no event', async () => {
    const quiet = standIn('page', defineEntity({ name: 'page' }), new Map([['p9', rec('p9')]]))
    registerContentKinds([quiet.kind])
    expect(await contentChanges(db, [{ content_type: 'page', id: 'p9' }])).toEqual([
      { events: [], record: { entity: quiet.kind.entity, id: 'rec-p9', slug: 'slug-p9' } },
    ])
  })
})

describe('contentLabels', () => {
  it("names each item in the items' order (null when gone or of an unknown kind), asking each kind once for its distinct ids", async () => {
    const items = [
      { content_type: 'blog', id: 'b2' },
      { content_type: 'page', id: 'p1' },
      { content_type: 'blog', id: 'gone' },
      { content_type: 'video', id: 'v1' },
      { content_type: 'blog', id: 'b2' },
    ]
    expect(await contentLabels(db, items)).toEqual(['Title of b2', 'Title of p1', null, null, 'Title of b2'])
    expect(blogs.calls).toEqual([['b2', 'gone']])
    expect(pages.calls).toEqual([['p1']])
    expect(await contentLabels(db, [])).toEqual([])
  })
})
