import { AtriumError, createAtriumClient, errorFromResponse, type AtriumClient, type components } from '@atrium-cms/client'
import { cache, type Freshness } from './cache'
import { settings } from './settings'

type S = components['schemas']
export type Site = S['Site']
export type Locale = S['Locale']
export type Menu = S['Menu']
export type MenuNode = S['NavigationTreeNode']
export type BlogListItem = S['BlogListItem']
export type BlogDetail = S['BlogDetail']
export type PageDetail = S['PageDetail']
export type Section = S['PageSectionWithLocalizations']
export type LegalDocument = S['LegalDocumentDetail']
export type CategoryCount = S['CategoryBlogCount']
export type Tag = S['Tag']
export type ListOf<T> = { data: T[]; meta: { page: number; per_page: number; total: number; total_pages: number } }

export const POSTS_PER_PAGE = 10

/**
 * Every read of Atrium the site makes, each one API call kept in the cache (src/lib/cache.ts). Content is fresh for
 * CMS_CACHE_SECONDS, then served once more while it refreshes, and loaded again after a minute; what every page
 * shows around its content (site, locales, menus, consent) is always served from the cache once loaded and refreshed
 * in the background.
 */
let client: AtriumClient | undefined
export function atrium(): AtriumClient {
  client ??= createAtriumClient({ baseUrl: settings().apiUrl, apiKey: settings().apiKey })
  return client
}

const content = (): Freshness => ({ fresh: settings().cacheSeconds * 1000, stale: 60_000 })
const shared = (): Freshness => ({ fresh: settings().cacheSeconds * 1000, stale: Infinity })
const site_id = () => settings().siteId

export const loadSite = () => cache.get('site', async () => (await atrium().GET('/api/v1/sites/{id}', { params: { path: { id: site_id() } } })).data!, shared())

export const loadLocales = () =>
  cache.get('locales', async () => (await atrium().GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: site_id() } } })).data!, shared())

export const loadMenus = () =>
  cache.get('menus', async () => (await atrium().GET('/api/v1/sites/{site_id}/menus', { params: { path: { site_id: site_id() } } })).data!, shared())

export const loadMenuTree = (menuId: string, locale: string) =>
  cache.get(
    `tree:${menuId}:${locale}`,
    async () => (await atrium().GET('/api/v1/menus/{menu_id}/tree', { params: { path: { menu_id: menuId }, query: { locale } } })).data!,
    shared(),
  )

/** The site's cookie consent document (groups and items), or null when it has none. */
export const loadConsent = () =>
  cache.get(
    'consent',
    async () => {
      try {
        return (await atrium().GET('/api/v1/sites/{site_id}/legal/cookie-consent', { params: { path: { site_id: site_id() } } })).data!
      } catch (err) {
        if (err instanceof AtriumError && err.status === 404) return null
        throw err
      }
    },
    shared(),
  )

export const loadPublished = (page: number, locale: string, perPage = POSTS_PER_PAGE) =>
  cache.get(
    `published:${locale}:${page}:${perPage}`,
    async () =>
      (await atrium().GET('/api/v1/sites/{site_id}/blogs/published', { params: { path: { site_id: site_id() }, query: { page, per_page: perPage, locale } } }))
        .data!,
    content(),
  )

/** Published posts with a tag or in a category (and its sub-categories), newest first. */
export const loadPostsBy = (filter: { tag: string } | { category: string }, page: number, locale: string) =>
  cache.get(
    `posts-by:${JSON.stringify(filter)}:${locale}:${page}`,
    async () =>
      (
        await atrium().GET('/api/v1/sites/{site_id}/blogs', {
          params: {
            path: { site_id: site_id() },
            query: { ...filter, status: 'Published', sort: '-published_date', page, per_page: POSTS_PER_PAGE, locale },
          },
        })
      ).data!,
    content(),
  )

export const loadPost = (slug: string) =>
  cache.get(
    `post:${slug}`,
    async () => (await atrium().GET('/api/v1/sites/{site_id}/blogs/by-slug/{slug}', { params: { path: { site_id: site_id(), slug } } })).data!,
    content(),
  )

/** A page by its route (`/`, `/about`, `/docs/intro`), with its sections and their localizations. */
export const loadPage = (route: string) =>
  cache.get(
    `page:${route}`,
    async () =>
      (
        await atrium().GET('/api/v1/sites/{site_id}/pages/by-route/{route}', {
          params: { path: { site_id: site_id(), route: route.replace(/^\/+/, '') || '/' } },
        })
      ).data!,
    content(),
  )

export const loadLegal = (slug: string) =>
  cache.get(
    `legal:${slug}`,
    async () => (await atrium().GET('/api/v1/sites/{site_id}/legal/by-slug/{slug}', { params: { path: { site_id: site_id(), slug } } })).data!,
    content(),
  )

export const loadTag = (slug: string) =>
  cache.get(
    `tag:${slug}`,
    async () => (await atrium().GET('/api/v1/tags/by-slug/{slug}', { params: { path: { slug }, query: { site_id: site_id() } } })).data!,
    shared(),
  )

/** Every category of the site (the whole tree, with `parent_id`) and its number of published posts. */
export const loadCategories = () =>
  cache.get(
    'categories',
    async () => (await atrium().GET('/api/v1/sites/{site_id}/categories/blog-counts', { params: { path: { site_id: site_id() } } })).data!,
    shared(),
  )

/** Where an old path moved to (the site's redirects), or null. */
export const loadRedirect = (path: string) =>
  cache.get(
    `redirect:${path}`,
    async () => {
      try {
        return (await atrium().GET('/api/v1/sites/{site_id}/redirects/lookup', { params: { path: { site_id: site_id() }, query: { path } } })).data!
      } catch (err) {
        if (err instanceof AtriumError && err.status === 404) return null
        throw err
      }
    },
    content(),
  )

/** Atrium's RSS 2.0 feed of the site's last 50 posts (links are the site's url + post_path). */
export const loadFeed = () =>
  cache.get(
    'feed',
    async () =>
      (await atrium().GET('/api/v1/sites/{site_id}/feed.rss', { params: { path: { site_id: site_id() } }, parseAs: 'text' })).data as unknown as string,
    content(),
  )

/** What GET /preview answers for a preview token (README.md "Preview"): one record in its latest saved state. */
export type PreviewAnswer =
  { type: 'blog'; locale: string | null; expires_at: string; data: BlogDetail } | { type: 'page'; locale: string | null; expires_at: string; data: PageDetail }

/**
 * Exchanges a preview token for the draft it opens. Never cached: every preview request asks Atrium, so the pane
 * beside the editor shows the last save. The site's Read key goes along (server-side only): Atrium then refuses, with
 * the same 404, a token of another site.
 */
export async function loadPreview(token: string): Promise<PreviewAnswer> {
  const url = `${settings().apiUrl}/preview`
  let response: Response
  try {
    response = await fetch(url, { headers: { 'x-preview-token': token, 'x-api-key': settings().apiKey, accept: 'application/json' }, cache: 'no-store' })
  } catch (err) {
    throw new AtriumError({ status: 0, problem: { title: 'Network error', detail: err instanceof Error ? err.message : String(err) }, cause: err })
  }
  if (!response.ok) throw await errorFromResponse(response)
  return (await response.json()) as PreviewAnswer
}
