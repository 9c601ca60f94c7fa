import { AtriumError } from '@atrium-cms/client'
import {
  loadCategories,
  loadLegal,
  loadPage,
  loadPost,
  loadPostsBy,
  loadPublished,
  loadRedirect,
  loadTag,
  type BlogDetail,
  type BlogListItem,
  type CategoryCount,
  type LegalDocument,
  type ListOf,
  type Locale,
  type PageDetail,
  type Tag,
} from './atrium'
import type { View } from './routes'

export type ViewData =
  | { kind: 'home'; page: PageDetail | null; posts: ListOf<BlogListItem> }
  | { kind: 'blog'; posts: ListOf<BlogListItem> }
  | { kind: 'post'; post: BlogDetail }
  | { kind: 'tag'; tag: Tag; posts: ListOf<BlogListItem> }
  | { kind: 'category'; category: CategoryCount; posts: ListOf<BlogListItem> }
  | { kind: 'legal'; document: LegalDocument }
  | { kind: 'page'; page: PageDetail }

/** Nothing at this path (a 404 page), or a redirect the site's editors set up. */
export class NotFound extends Error {
  constructor(readonly redirect: { destination_path: string; status_code: number } | null = null) {
    super('Not found')
  }
}

const notFound = (err: unknown): boolean => err instanceof AtriumError && err.status === 404
const orNull = <T>(p: Promise<T>): Promise<T | null> => p.catch((err: unknown) => (notFound(err) ? null : Promise.reject(err)))

/** A list page past the last: nothing here. */
function paged(posts: ListOf<BlogListItem>, page: number): ListOf<BlogListItem> {
  if (page > 1 && posts.data.length === 0) throw new NotFound()
  return posts
}

/** The content of one view: one API call, two on the home page and on a tag or category page seen for the first time. */
export async function loadView(view: View, locale: Locale): Promise<ViewData> {
  switch (view.kind) {
    case 'home': {
      const [page, posts] = await Promise.all([orNull(loadPage('/')), loadPublished(1, locale.code, 3)])
      return { kind: 'home', page, posts }
    }
    case 'blog':
      return { kind: 'blog', posts: paged(await loadPublished(view.page, locale.code), view.page) }
    case 'post':
      return { kind: 'post', post: await loadPost(view.slug) }
    case 'tag': {
      const tag = await loadTag(view.slug)
      return { kind: 'tag', tag, posts: paged(await loadPostsBy({ tag: tag.id }, view.page, locale.code), view.page) }
    }
    case 'category': {
      const category = (await loadCategories()).find((c) => c.slug === view.slug)
      if (!category) throw new NotFound()
      return { kind: 'category', category, posts: paged(await loadPostsBy({ category: category.id }, view.page, locale.code), view.page) }
    }
    case 'legal':
      return { kind: 'legal', document: await loadLegal(view.slug) }
    case 'page':
      return { kind: 'page', page: await loadPage(view.route) }
  }
}

/** Loads a view; a 404 becomes NotFound, with the site's redirect for `pathname` when it has one. */
export async function loadViewOrNotFound(view: View, locale: Locale, pathname: string): Promise<ViewData> {
  try {
    return await loadView(view, locale)
  } catch (err) {
    if (notFound(err) || err instanceof NotFound) throw new NotFound(await loadRedirect(pathname))
    throw err
  }
}
