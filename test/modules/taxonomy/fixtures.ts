import type { ContentStatus } from '../../../src/db/schema/blogs.js'
import * as blogWrites from '../../../src/modules/blogs/write.service.js'
import type { TestApp } from '../../helpers/app.js'
import { uid } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'

/* Blogs through the blog service (audited, content_sites kept in step), acting as the system. site_ids: owner first. */
export interface BlogFixture {
  id: string
  content_id: string
  site_id: string
  slug: string
}

export async function makeBlog(t: TestApp, siteIds: string[], opts: { status?: ContentStatus; slug?: string } = {}): Promise<BlogFixture> {
  const blog = await blogWrites.create(t.sys(), { site_ids: siteIds, slug: opts.slug ?? `post-${uid()}`, status: opts.status ?? 'Draft' })
  return { id: blog.id, content_id: blog.content_id, site_id: blog.site_id, slug: blog.slug }
}

export async function softDeleteBlog(t: TestApp, blog: BlogFixture): Promise<void> {
  await blogWrites.remove(t.sys(), blog.id)
}

export async function setBlogStatus(t: TestApp, blog: BlogFixture, status: ContentStatus): Promise<void> {
  await blogWrites.update(t.sys(), blog.id, { status })
}

export interface TagBody {
  id: string
  site_id: string
  name: string
  slug: string
}
export interface CategoryBody extends TagBody {
  parent_id: string | null
  description: string
  display_order: number
}

export async function makeTag(t: TestApp, key: string, siteId: string, name = `Tag ${uid()}`, slug?: string): Promise<TagBody> {
  return expectStatus<TagBody>(await t.as(key).post('/tags', { site_id: siteId, name, ...(slug ? { slug } : {}) }), 201)
}

export async function makeCategory(
  t: TestApp,
  key: string,
  siteId: string,
  extra: { name?: string; slug?: string; parent_id?: string | null; display_order?: number; description?: string } = {},
): Promise<CategoryBody> {
  return expectStatus<CategoryBody>(await t.as(key).post('/categories', { site_id: siteId, name: extra.name ?? `Category ${uid()}`, ...extra }), 201)
}
