import { createHash } from 'node:crypto'
import { XMLBuilder } from 'fast-xml-parser'

/*
 * RSS 2.0 rendering, pure (no database, no HTTP). Text goes through fast-xml-parser's XMLBuilder, which
 * escapes & < > " ' in text and attributes; characters XML 1.0 cannot carry at all (control characters,
 * lone surrogates, U+FFFE/U+FFFF) are dropped first, so any title renders into a well-formed document.
 */

/** Spec "Limits": the feed carries the last 50 published blogs. */
export const FEED_MAX_ITEMS = 50
/** Spec "Limits": feeds are cached for an hour (and keyed by the site's content version, so writes show at once). */
export const FEED_TTL_MS = 3600 * 1000
export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8'

export interface FeedChannel {
  title: string
  description: string
  /** The channel's <link>: the site's url, or `/` when it has none. */
  link: string
  /** Absolute URL of the feed itself (atom:link rel="self"). */
  selfUrl: string
  /** BCP 47 code of the locale the items are written in. */
  language: string | null
  generator: string
}

export interface FeedItem {
  title: string
  /** Left out when null. */
  description: string | null
  /** The post on the frontend (url + post_path, or the bare path), or null for none. */
  link: string | null
  /** Stable, not a permalink (rendered with isPermaLink="false"): the blog's id. */
  guid: string
  pubDate: Date | null
  categories: readonly string[]
}

const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Removes characters XML 1.0 cannot represent, even escaped. */
export const xmlSafe = (s: string) => s.replace(NOT_XML, '')

/** RFC 822 date-time as RSS 2.0 wants it (with a four-digit year), in GMT: `Tue, 02 Jan 2024 10:00:00 GMT`. */
export const rfc822 = (d: Date) => d.toUTCString()

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: false, processEntities: true })

function itemNode(i: FeedItem) {
  return {
    title: xmlSafe(i.title),
    ...(i.link ? { link: xmlSafe(i.link) } : {}),
    ...(i.description !== null ? { description: xmlSafe(i.description) } : {}),
    ...(i.pubDate ? { pubDate: rfc822(i.pubDate) } : {}),
    guid: { '#text': xmlSafe(i.guid), '@_isPermaLink': 'false' },
    ...(i.categories.length > 0 ? { category: i.categories.map(xmlSafe) } : {}),
  }
}

/** The RSS 2.0 document for a channel and its items (items in the order given, at most FEED_MAX_ITEMS). */
export function renderRss(channel: FeedChannel, items: readonly FeedItem[]): string {
  const doc = {
    rss: {
      '@_version': '2.0',
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      channel: {
        title: xmlSafe(channel.title),
        link: xmlSafe(channel.link),
        description: xmlSafe(channel.description),
        'atom:link': { '@_href': xmlSafe(channel.selfUrl), '@_rel': 'self', '@_type': 'application/rss+xml' },
        ...(channel.language ? { language: xmlSafe(channel.language) } : {}),
        generator: xmlSafe(channel.generator),
        ...(items[0]?.pubDate ? { lastBuildDate: rfc822(items[0].pubDate) } : {}),
        item: items.slice(0, FEED_MAX_ITEMS).map(itemNode),
      },
    },
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(doc)}`
}

/** Strong ETag of a rendered document (same bytes, same tag on every instance). */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`

/** If-None-Match evaluation (RFC 9110 §13.1.2, weak comparison): true when the client's copy is current. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (t: string) => t.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag))
}
