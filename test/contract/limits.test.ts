import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collectRoutes, type CollectedRoutes } from '../helpers/routes.js'

/*
 * Every list's paging limits, read from the route table, against the spec's Limits table (interface-spec.md
 * "Limits": per_page default 10, max 100; notifications default 20, skills default 25; similar blogs limit default 3,
 * max 10; analytics days default 30, max 365, top_n default 10, max 50) and decisions.md ("Keys and auth": key usage
 * by day, days default 30, max 400).
 */
const PER_PAGE_DEFAULT: Record<string, number> = {
  '/api/v1/sites/:site_id/notifications': 20,
  '/api/v1/sites/:site_id/skills': 25,
}

const LIMITS: Record<string, Record<string, { default: number; maximum: number }>> = {
  '/api/v1/sites/:site_id/blogs/:id/similar': { limit: { default: 3, maximum: 10 } },
  '/api/v1/sites/:site_id/analytics/report': { days: { default: 30, maximum: 365 }, top_n: { default: 10, maximum: 50 } },
  '/api/v1/api-keys/:id/usage/daily': { days: { default: 30, maximum: 400 } },
}

type Prop = { default?: unknown; maximum?: unknown; minimum?: unknown }
const queryProps = (r: RouteOptions): Record<string, Prop> =>
  (r.schema as { querystring?: { properties?: Record<string, Prop> } } | undefined)?.querystring?.properties ?? {}
const gets = (c: CollectedRoutes) => c.api.filter((r) => r.method === 'GET' || (Array.isArray(r.method) && r.method.includes('GET')))

let c: CollectedRoutes
beforeAll(async () => {
  c = await collectRoutes()
})
afterAll(() => c.close())

describe('paging limits of every list (spec "Limits")', () => {
  it('every page/per_page list: page from 1 (default 1), per_page default per the spec and at most 100', () => {
    const lists = gets(c).filter((r) => 'per_page' in queryProps(r))
    expect(lists.length).toBeGreaterThan(15)
    const seen = lists.map((r) => {
      const q = queryProps(r)
      return { url: r.url, page: [q.page?.default, q.page?.minimum], per_page: [q.per_page?.default, q.per_page?.minimum, q.per_page?.maximum] }
    })
    expect(seen).toEqual(lists.map((r) => ({ url: r.url, page: [1, 1], per_page: [PER_PAGE_DEFAULT[r.url] ?? 10, 1, 100] })))
  })

  it('the lists the spec names with page&per_page all take them', () => {
    const urls = new Set(
      gets(c)
        .filter((r) => 'per_page' in queryProps(r))
        .map((r) => r.url),
    )
    for (const path of [
      'blogs',
      'blogs/published',
      'pages',
      'redirects',
      'skills',
      'cv',
      'tags',
      'categories',
      'documents',
      'content-templates',
      'legal',
      'media',
      'audit',
      'webhooks',
      'notifications',
    ]) {
      expect(urls, path).toContain(`/api/v1/sites/:site_id/${path}`)
    }
    expect(urls).toContain('/api/v1/api-keys')
    expect(urls).toContain('/api/v1/webhooks/:id/deliveries')
  })

  it('other limits: similar blogs, the analytics report, key usage by day', () => {
    for (const [url, params] of Object.entries(LIMITS)) {
      const route = gets(c).find((r) => r.url === url)
      expect(route, url).toBeDefined()
      const q = queryProps(route!)
      for (const [name, want] of Object.entries(params))
        expect({ url, name, default: q[name]?.default, maximum: q[name]?.maximum }).toEqual({ url, name, ...want })
    }
  })
})
