import type { BlogDetail } from '../../../src/modules/blogs/schemas.js'
import { uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

const localeId = (site: SiteFixture, code: string) => site.locales.find((l) => l.code === code)!.id

/** Blogs (and the content items they are), their localizations and workflow. */
export const blogsMatrix: MatrixModule = {
  name: 'blogs',
  shares: ['blog', 'blog_localization', 'content'],
  async setup({ t, a, b }) {
    const en = localeId(a, 'en')
    const create = async (key: string, siteIds: string[], status = 'Draft') =>
      expectStatus<BlogDetail>(
        await t.as(key).post('/blogs', { site_ids: siteIds, slug: `matrix-${uid()}`, status, localizations: [{ locale_id: en, title: 'Matrix' }] }),
        201,
      )
    const blog = await create(a.keys.Write, [a.id])
    // By slug, Read-level callers see only live blogs (decisions.md "Content": public reads).
    const live = await create(a.keys.Write, [a.id], 'Published')
    const doomed = await create(a.keys.Write, [a.id])
    // Owned by A, carried by B: only an unscoped key may name both sites.
    const shared = await create(t.masterKey, [a.id, b.id])
    const doomedLoc = expectStatus<{ id: string }>(
      await t.as(a.keys.Write).post(`/blogs/${blog.id}/localizations`, { locale_id: localeId(a, 'de'), title: 'Matrix' }),
      201,
    )
    return {
      records: { blog: blog.id, blog_localization: blog.localizations[0]!.id, content: blog.content_id },
      shared: { blog: shared.id, blog_localization: shared.localizations[0]!.id, content: shared.content_id },
      routes: {
        'GET /api/v1/sites/:site_id/blogs/by-slug/:slug': { params: { slug: live.slug } },
        'GET /api/v1/sites/:site_id/blogs/:id/similar': { params: { id: blog.id } },
        'POST /api/v1/blogs': { body: { site_ids: [a.id], slug: `matrix-${uid()}`, localizations: [{ locale_id: en, title: 'Matrix' }] } },
        'PUT /api/v1/blogs/:id': { body: { author: 'Matrix' } },
        'PUT /api/v1/blogs/localizations/:loc_id': { body: { title: 'Matrix again' } },
        'POST /api/v1/sites/:site_id/blogs/bulk': { body: { action: 'UpdateStatus', ids: [blog.id], status: 'Draft' } },
        'POST /api/v1/blogs/:id/review': { body: { action: 'RequestChanges' } },
        'DELETE /api/v1/blogs/localizations/:loc_id': { params: { loc_id: doomedLoc.id }, destructive: 'a throwaway (de) localization' },
        'DELETE /api/v1/blogs/:id': { params: { id: doomed.id }, destructive: 'a throwaway blog' },
      },
    }
  },
}
