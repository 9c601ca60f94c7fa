import { makeSite } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

/*
 * The AI configuration of site A. The base URL is a public IP literal (no DNS, no private-target flag needed);
 * /ai/test's request fails fast in tests (network guard) and answers 200 success false, which is all the matrix
 * needs. generate and models get the default `{}` body: a 400 shows that access let the caller through.
 * DELETE works on a throwaway site with its own configuration.
 */
const config = { provider_name: 'OpenAI', base_url: 'https://203.0.114.20/v1', model: 'gpt-matrix', api_key: 'sk-matrix-secret-0000' }

export const aiMatrix: MatrixModule = {
  name: 'ai',
  async setup({ t, a }) {
    expectStatus(await t.as(a.keys.Admin).put(`/sites/${a.id}/ai/config`, config), 200)
    const doomed = await makeSite(t)
    expectStatus(await t.as(doomed.keys.Admin).put(`/sites/${doomed.id}/ai/config`, config), 200)
    return {
      routes: {
        'PUT /api/v1/sites/:site_id/ai/config': { body: config },
        'DELETE /api/v1/sites/:site_id/ai/config': { params: { site_id: doomed.id }, home: doomed, destructive: 'the configuration of a throwaway site' },
      },
    }
  },
}
