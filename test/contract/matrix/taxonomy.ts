import { uid } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

interface Row {
  id: string
  slug: string
}

/** Tags, categories and their assignment to content items (needs the blogs module's content item). */
export const taxonomyMatrix: MatrixModule = {
  name: 'taxonomy',
  async setup({ t, a }, sofar) {
    const content = sofar.records.content
    if (!content) throw new Error('the taxonomy matrix fixtures need a content item of site A: list a content module (blogs) before taxonomy')
    const as = t.as(a.keys.Write)
    const tag = async () => expectStatus<Row>(await as.post('/tags', { site_id: a.id, name: `Matrix tag ${uid()}` }), 201)
    const category = async () => expectStatus<Row>(await as.post('/categories', { site_id: a.id, name: `Matrix category ${uid()}` }), 201)
    const assigned = async (what: 'tags' | 'categories', body: Record<string, string>) => {
      const res = await as.post(`/content/${content}/${what}`, body)
      if (res.statusCode !== 204) throw new Error(`assigning ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`)
    }
    const [mainTag, mainCategory, doomedTag, doomedCategory, unassignTag, unassignCategory] = [
      await tag(),
      await category(),
      await tag(),
      await category(),
      await tag(),
      await category(),
    ]
    await assigned('tags', { tag_id: unassignTag.id })
    await assigned('categories', { category_id: unassignCategory.id })
    return {
      records: { tag: mainTag.id, category: mainCategory.id },
      params: { tag_id: mainTag.id, category_id: mainCategory.id },
      routes: {
        'GET /api/v1/tags/by-slug/:slug': { params: { slug: mainTag.slug } },
        'POST /api/v1/tags': { body: { site_id: a.id, name: `Matrix tag ${uid()}` } },
        'POST /api/v1/categories': { body: { site_id: a.id, name: `Matrix category ${uid()}` } },
        'PUT /api/v1/tags/:id': { body: { name: 'Matrix tag renamed' } },
        'PUT /api/v1/categories/:id': { body: { description: 'matrix' } },
        'POST /api/v1/content/:content_id/tags': { body: { tag_id: mainTag.id } },
        'POST /api/v1/content/:content_id/categories': { body: { category_id: mainCategory.id } },
        'DELETE /api/v1/tags/:id': { params: { id: doomedTag.id }, destructive: 'a throwaway tag' },
        'DELETE /api/v1/categories/:id': { params: { id: doomedCategory.id }, destructive: 'a throwaway category' },
        'DELETE /api/v1/content/:content_id/tags/:tag_id': { params: { tag_id: unassignTag.id }, destructive: 'a tag assigned for this route alone' },
        'DELETE /api/v1/content/:content_id/categories/:category_id': {
          params: { category_id: unassignCategory.id },
          destructive: 'a category assigned for this route alone',
        },
      },
    }
  },
}
