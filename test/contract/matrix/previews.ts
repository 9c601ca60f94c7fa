import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

/** Preview tokens of site A: one of the blogs module's blog, one to keep, one to revoke. */
export const previewsMatrix: MatrixModule = {
  name: 'previews',
  async setup({ t, a }, sofar) {
    const blogId = sofar.records.blog as string
    const make = async () => expectStatus<{ id: string }>(await t.as(a.keys.Write).post(`/sites/${a.id}/previews`, { type: 'blog', id: blogId }), 201)
    const [main, doomed] = [await make(), await make()]
    return {
      records: { preview: main.id },
      routes: {
        'DELETE /api/v1/previews/:id': { params: { id: doomed.id }, destructive: 'a throwaway preview' },
      },
    }
  },
}
