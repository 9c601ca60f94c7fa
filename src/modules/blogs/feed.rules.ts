import { createHash } from 'node:crypto'
import { XMLBuilder } from 'fast-xml-parser'

/*
 * RSS 2.0 rendering, pure (no database, no HTTP). Text goes through fast-xml-parser's XMLBuilder, which
 * escapes & < > " ' in text and attributes; characters XML 1.0 cannot carry at all (control characters,
 * lone surrogates, U+FFFE/U+FFFF) are dropped first, so any title renders into a well-formed document.
 */

/** The feed carries the last 50 published blogs: enough for a reader catching up, small enough to build on a miss. */
export const FEED_MAX_ITEMS = 50
/** Feeds are cached for an hour (and keyed by the site's content version, so writes show at once). */
export const FEED_TTL_MS = 3600 * 1000
export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8'

export interface FeedChannel {
  title: string
  description: string
  /** The channel's <link>: the site's url, or `/` when it has none. */
  link: string
  /** Absolute URL of the feed itself on the frontend (atom:link rel="self"), or null: no such link. */
  selfUrl: string | null
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
  /** The post's `author` as written (RSS 2.0 <author>); left out when null. */
  author: string | null
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
    ...(i.author ? { author: xmlSafe(i.author) } : {}),
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
        ...(channel.selfUrl ? { 'atom:link': { '@_href': xmlSafe(channel.selfUrl), '@_rel': 'self', '@_type': 'application/rss+xml' } } : {}),
        ...(channel.language ? { language: xmlSafe(channel.language) } : {}),
        generator: xmlSafe(channel.generator),
        ...(items[0]?.pubDate ? { lastBuildDate: rfc822(items[0].pubDate) } : {}),
        item: items.slice(0, FEED_MAX_ITEMS).map(itemNode),
      },
    },
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(doc)}`
}

/** An item without excerpt describes itself with about this many characters of its body. */
export const DESCRIPTION_CHARS = 300

/**
 * Markdown as plain text, for a feed reader's summary: code blocks, images, HTML tags, reference definitions and
 * markup characters go; link and emphasis text stays; white space collapses to single spaces.
 */
export function markdownText(markdown: string): string {
  return markdown
    .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gm, ' ') // fenced code blocks
    .replace(/^ {0,3}\[[^\]\n]+\]:[^\n]*$/gm, ' ') // reference definitions
    .replace(/!\[[^\]]*\]\([^)]*\)|!\[[^\]]*\]\[[^\]]*\]/g, ' ') // images
    .replace(/\[([^\]]*)\]\([^)]*\)|\[([^\]]*)\]\[[^\]]*\]/g, (_m, a?: string, b?: string) => a ?? b ?? '') // links: their text
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1') // autolinks
    .replace(/<\/?[A-Za-z][^>]*>|<!--[\s\S]*?-->/g, ' ') // HTML tags and comments
    .replace(/^ {0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d{1,9}[.)]\s+)/gm, '') // headings, quotes, list markers
    .replace(/^ {0,3}(?:[-*_]\s*){3,}$/gm, ' ') // thematic breaks
    .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, ' ') // table delimiter rows
    .replace(/(?<!\\)(\*{1,3}|~~|`+)(?=\S)([\s\S]*?[^\s\\])\1/g, '$2') // emphasis, strike-through, inline code
    .replace(/(?<![\p{L}\p{N}_\\])(_{1,3})(?=\S)([\s\S]*?[^\s\\])\1(?![\p{L}\p{N}_])/gu, '$2') // _emphasis_, never inside snake_case
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1') // backslash escapes, once the markup they protect from is gone
    .replace(/\s*\|\s*/g, ' ') // table cells
    .replace(/\s+/g, ' ')
    .trim()
}

/** At most `max` characters, cut after a whole word with an ellipsis when longer (a single longer word is cut hard). */
export function cutOnWord(text: string, max = DESCRIPTION_CHARS): string {
  const chars = [...text]
  if (chars.length <= max) return text
  const head = chars.slice(0, max + 1).join('')
  const space = head.lastIndexOf(' ')
  const cut = space > 0 ? head.slice(0, space) : chars.slice(0, max).join('')
  return `${cut.replace(/[\s,;:.!?–—-]+$/u, '')}…`
}

/** Strong ETag of a rendered document (same bytes, same tag on every instance). */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`

/** If-None-Match evaluation (RFC 9110 §13.1.2, weak comparison): true when the client's copy is current. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (t: string) => t.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag))
}
