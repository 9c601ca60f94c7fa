import { uid } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

/** Content templates of site A: one to read and change, one to delete. */
export const contentTemplatesMatrix: MatrixModule = {
  name: 'content-templates',
  async setup({ t, a }) {
    const template = async () =>
      expectStatus<{ id: string }>(
        await t
          .as(a.keys.Write)
          .post(`/sites/${a.id}/content-templates`, { name: `Matrix ${uid()}`, content_type: 'blog', template_data: { author: 'Matrix' } }),
        201,
      )
    const [main, doomed] = [await template(), await template()]
    return {
      records: { content_template: main.id },
      routes: {
        'POST /api/v1/sites/:site_id/content-templates': { body: { name: `Matrix ${uid()}`, content_type: 'page', template_data: {} } },
        'PUT /api/v1/content-templates/:id': { body: { description: 'Matrix' } },
        'DELETE /api/v1/content-templates/:id': { params: { id: doomed.id }, destructive: 'a throwaway content template' },
      },
    }
  },
}
