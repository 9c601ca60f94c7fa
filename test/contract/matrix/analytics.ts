import type { MatrixModule } from './types.js'

/** Analytics of site A: every route is site() access, so only valid bodies are needed. Aggregating is idempotent. */
export const analyticsMatrix: MatrixModule = {
  name: 'analytics',
  setup() {
    return Promise.resolve({
      routes: {
        'POST /api/v1/sites/:site_id/analytics/pageview': { body: { path: '/matrix' } },
        'POST /api/v1/sites/:site_id/analytics/aggregate': { body: {} },
      },
    })
  },
}
