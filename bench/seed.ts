/*
 * Seeds the benchmark data set with multi-row INSERTs straight into the tables, in one transaction:
 * sites with locales en (default) and de, published blogs with two localizations each (~3 KB Markdown),
 * tags and nested categories with assignments, CV entries, a cookie-consent document per site (en and de, 4 groups
 * with 3–5 items each), the site structure of bench/seed-site.ts (pages with localized sections, the primary menu,
 * redirects, social links), and one Read and one Write API key per site (stored as the SHA-256 digest, exactly as the
 * api-keys service stores it).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../src/db/client.js'
import { apiKeys } from '../src/db/schema/api-keys.js'
import { blogLocalizations, blogs } from '../src/db/schema/blogs.js'
import { content, contentSites } from '../src/db/schema/content.js'
import { legalDocumentLocalizations, legalDocuments, legalGroups, legalItems } from '../src/db/schema/legal.js'
import { navigationItemLocalizations, navigationItems, navigationMenus } from '../src/db/schema/navigation.js'
import { pageSectionLocalizations, pageSections, pages } from '../src/db/schema/pages.js'
import { redirects, socialLinks } from '../src/db/schema/site-links.js'
import { locales, sites } from '../src/db/schema/sites.js'
import { categories, contentCategories, contentTags, tags } from '../src/db/schema/taxonomy.js'
import { CV_ENTRY_TYPES, cvEntries } from '../src/db/schema/skills.js'
import { digestKey, generateApiKey, keyPrefix } from '../src/platform/crypto.js'
import { DEFAULT_SITE_SEED, emptySiteRows, siteParts, type SeededSiteParts, type SiteRows, type SiteSeedOptions } from './seed-site.js'
import { int, markdownBody, pick, readingMinutes, rng, slugify, title, words, type Lang, type Rand } from './text.js'

export interface SeedOptions {
  sites: number
  postsPerSite: number
  tagsPerSite: number
  tagsPerPost: number
  /** Share of posts also carried by the next site (decisions.md "Shared content"). */
  sharedRatio: number
  /** CV entries per site (the CV list endpoint). */
  cvPerSite: number
  /** Per-minute limit of the bench keys: high enough never to throttle the run, but enforced. */
  keyRateLimit: number
  /** Pages, the primary menu, redirects and social links per site (bench/seed-site.ts). */
  site: SiteSeedOptions
  seed: number
}

export const DEFAULT_SEED: SeedOptions = {
  sites: 10,
  postsPerSite: 1000,
  tagsPerSite: 50,
  tagsPerPost: 3,
  sharedRatio: 0.03,
  cvPerSite: 40,
  keyRateLimit: 100_000_000,
  site: DEFAULT_SITE_SEED,
  seed: 20240601,
}

export interface SeededPost {
  id: string
  slug: string
}

export interface SeededSite extends SeededSiteParts {
  id: string
  slug: string
  /** Plaintext of the site's Read key (only the digest is stored). */
  readKey: string
  /** Plaintext of the site's Write key, for the editor scenario (stored like the Read key). */
  writeKey: string
  /** Posts this site owns, all Published. */
  posts: SeededPost[]
}

export interface SeedResult {
  sites: SeededSite[]
  posts: number
  localizations: number
  bodyBytes: number
  /** Rows of the site structure (pages, sections and their localizations, menu items, redirects, social links). */
  structure: { pages: number; sections: number; sectionLocalizations: number; menuItems: number; redirects: number; social: number }
  ms: number
}

const AUTHORS = [
  'Ada Lovelace',
  'Grace Hopper',
  'Alan Turing',
  'Margaret Hamilton',
  'Edsger Dijkstra',
  'Barbara Liskov',
  'Donald Knuth',
  'Frances Allen',
  'Ken Thompson',
  'Radia Perlman',
  'Leslie Lamport',
  'Katherine Johnson',
  'Niklaus Wirth',
  'Hedy Lamarr',
  'Tim Berners-Lee',
  'Sophie Wilson',
]

const CATEGORY_TREE: [string, string[]][] = [
  ['Engineering', ['Backend', 'Frontend', 'Operations']],
  ['Lifestyle', ['Travel', 'Food']],
  ['Business', ['Marketing', 'Finance']],
  ['Culture', ['Books', 'Music']],
]

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert']

/** Runs fn over rows in batches (statement size and the 65,535-parameter limit). */
async function inBatches<T>(rows: T[], size: number, fn: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await fn(rows.slice(i, i + size))
}

const DAY_MS = 86_400_000

interface Rows {
  sites: Insert<typeof sites>[]
  locales: Insert<typeof locales>[]
  tags: Insert<typeof tags>[]
  categories: Insert<typeof categories>[]
  content: Insert<typeof content>[]
  contentSites: Insert<typeof contentSites>[]
  blogs: Insert<typeof blogs>[]
  localizations: Insert<typeof blogLocalizations>[]
  contentTags: Insert<typeof contentTags>[]
  contentCategories: Insert<typeof contentCategories>[]
  keys: Insert<typeof apiKeys>[]
  cv: Insert<typeof cvEntries>[]
  legal: {
    docs: Insert<typeof legalDocuments>[]
    locs: Insert<typeof legalDocumentLocalizations>[]
    groups: Insert<typeof legalGroups>[]
    items: Insert<typeof legalItems>[]
  }
  site: SiteRows
}

function localization(r: Rand, contentId: string, localeId: string, lang: Lang, now: Date): Insert<typeof blogLocalizations> {
  const t = title(r, lang)
  const body = markdownBody(r, lang)
  const excerpt = `${words(r, lang, int(r, 18, 30))}.`
  return {
    id: randomUUID(),
    content_id: contentId,
    locale_id: localeId,
    title: t,
    subtitle: words(r, lang, int(r, 4, 9)),
    excerpt,
    body,
    meta_title: t.slice(0, 60),
    meta_description: excerpt.slice(0, 155),
    translation_status: lang === 'en' ? 'Published' : pick(r, ['Published', 'Published', 'Draft']),
    created_at: now,
    updated_at: now,
  }
}

/** CV entries of a site (shared content without a slug: the carrier slug is the entry id), a few of them current. */
function cvEntriesOf(r: Rand, opts: SeedOptions, siteId: string, now: Date, rows: Rows): void {
  for (let i = 0; i < opts.cvPerSite; i++) {
    const id = randomUUID()
    const contentId = randomUUID()
    const start = new Date(now.getTime() - int(r, 30, 7000) * DAY_MS)
    const isCurrent = r() < 0.1
    const end = isCurrent || r() < 0.2 ? null : new Date(Math.min(now.getTime(), start.getTime() + int(r, 60, 2000) * DAY_MS))
    rows.content.push({ id: contentId, site_id: siteId, content_type: 'cv', created_at: now })
    rows.contentSites.push({ content_id: contentId, site_id: siteId, content_type: 'cv', slug: id, position: 0 })
    rows.cv.push({
      id,
      content_id: contentId,
      site_id: siteId,
      entry_type: pick(r, [...CV_ENTRY_TYPES]),
      title: title(r, 'en'),
      organization: words(r, 'en', int(r, 1, 3)),
      organization_url: r() < 0.5 ? `https://example.org/${i}` : null,
      location: words(r, 'en', 1),
      description: words(r, 'en', int(r, 20, 60)),
      start_date: start.toISOString().slice(0, 10),
      end_date: end ? end.toISOString().slice(0, 10) : null,
      is_current: isCurrent,
      created_at: now,
      updated_at: now,
    })
  }
}

const CONSENT_GROUPS: Array<[string, boolean]> = [
  ['Necessary', true],
  ['Preferences', false],
  ['Statistics', false],
  ['Marketing', false],
]

/** The site's active CookieConsent document as a banner needs it: en and de texts, 4 groups in display_order with 3–5 items each. */
function consentDocument(r: Rand, legal: Rows['legal'], siteId: string, locs: Record<Lang, string>, now: Date): void {
  const docId = randomUUID()
  legal.docs.push({
    id: docId,
    site_id: siteId,
    slug: 'cookie-consent',
    cookie_name: 'atrium_consent',
    document_type: 'CookieConsent',
    is_active: true,
    created_at: now,
    updated_at: now,
  })
  for (const lang of ['en', 'de'] as const) {
    legal.locs.push({
      id: randomUUID(),
      legal_document_id: docId,
      locale_id: locs[lang],
      title: title(r, lang),
      intro: `${words(r, lang, int(r, 20, 40))}.`,
      body: markdownBody(r, lang).slice(0, 1500),
      created_at: now,
      updated_at: now,
    })
  }
  CONSENT_GROUPS.forEach(([name, required], g) => {
    const groupId = randomUUID()
    legal.groups.push({
      id: groupId,
      legal_document_id: docId,
      cookie_name: slugify(name),
      title: name,
      description: `${words(r, 'en', int(r, 12, 24))}.`,
      display_order: g + 1,
      is_required: required,
      default_enabled: required,
      created_at: now,
      updated_at: now,
    })
    const n = int(r, 3, 5)
    for (let i = 0; i < n; i++) {
      legal.items.push({
        id: randomUUID(),
        group_id: groupId,
        name: `${slugify(words(r, 'en', 1))}_${i}`,
        provider: pick(r, ['This site', 'Google', 'Matomo', 'Stripe']),
        purpose: `${words(r, 'en', int(r, 8, 16))}.`,
        expiry: pick(r, ['session', '1 day', '30 days', '1 year', '2 years']),
        display_order: i + 1,
        created_at: now,
        updated_at: now,
      })
    }
  })
}

/** Builds every row in memory (deterministic text; random ids), so the inserts are pure batches. */
function buildRows(opts: SeedOptions, now: Date): { rows: Rows; sites: SeededSite[] } {
  const r = rng(opts.seed)
  // Its own stream for the cookie-consent documents: the blog and CV rows stay what earlier runs seeded.
  const lr = rng(opts.seed + 1)
  const rows: Rows = {
    sites: [],
    locales: [],
    tags: [],
    categories: [],
    content: [],
    contentSites: [],
    blogs: [],
    localizations: [],
    contentTags: [],
    contentCategories: [],
    keys: [],
    cv: [],
    legal: { docs: [], locs: [], groups: [], items: [] },
    site: emptySiteRows(),
  }
  // Its own generator, so the blogs' text is the same as without the site structure.
  const rs = rng(opts.seed + 2)
  const out: SeededSite[] = []
  const siteIds = Array.from({ length: opts.sites }, () => randomUUID())
  let globalIndex = 0
  for (let s = 0; s < opts.sites; s++) {
    const siteId = siteIds[s]!
    const slug = `bench-site-${s + 1}`
    rows.sites.push({ id: siteId, name: `Bench site ${s + 1}`, slug, description: words(r, 'en', 12), created_at: now, updated_at: now })
    const en = randomUUID()
    const de = randomUUID()
    rows.locales.push({ id: en, site_id: siteId, code: 'en', name: 'English', is_default: true, created_at: now })
    rows.locales.push({ id: de, site_id: siteId, code: 'de', name: 'Deutsch', is_default: false, created_at: now })

    const tagIds: string[] = []
    const tagNames = new Set<string>()
    while (tagNames.size < opts.tagsPerSite) tagNames.add(words(r, 'en', tagNames.size < 30 ? 1 : 2))
    for (const name of tagNames) {
      const id = randomUUID()
      tagIds.push(id)
      rows.tags.push({ id, site_id: siteId, name, slug: slugify(name), created_at: now, updated_at: now })
    }

    const catIds: string[] = []
    CATEGORY_TREE.forEach(([parent, children], pi) => {
      const pid = randomUUID()
      catIds.push(pid)
      rows.categories.push({
        id: pid,
        site_id: siteId,
        parent_id: null,
        name: parent,
        slug: slugify(parent),
        display_order: pi,
        created_at: now,
        updated_at: now,
      })
      children.forEach((child, ci) => {
        const id = randomUUID()
        catIds.push(id)
        rows.categories.push({ id, site_id: siteId, parent_id: pid, name: child, slug: slugify(child), display_order: ci, created_at: now, updated_at: now })
      })
    })

    const apiKey = (permission: 'Read' | 'Write'): string => {
      const plaintext = generateApiKey()
      rows.keys.push({
        id: randomUUID(),
        key_digest: digestKey(plaintext),
        key_prefix: keyPrefix(plaintext),
        name: `Bench ${permission} key (${slug})`,
        description: 'created by npm run bench',
        permission,
        site_id: siteId,
        rate_limit_per_minute: opts.keyRateLimit,
        created_by: 'bench',
        created_at: now,
        updated_at: now,
      })
      return plaintext
    }
    consentDocument(lr, rows.legal, siteId, { en, de }, now)
    const readKey = apiKey('Read')
    const writeKey = apiKey('Write')

    const posts: SeededPost[] = []
    for (let p = 0; p < opts.postsPerSite; p++) {
      globalIndex++
      const contentId = randomUUID()
      const blogId = randomUUID()
      const enLoc = localization(r, contentId, en, 'en', now)
      const deLoc = localization(r, contentId, de, 'de', now)
      const postSlug = `${slugify(enLoc.title ?? 'post')}-${globalIndex}`
      // Published over the last three years, at a working-hours time of day.
      const publishedAt = new Date(now.getTime() - int(r, 1, 1100) * DAY_MS + int(r, 7, 19) * 3_600_000 - 12 * 3_600_000)
      const createdAt = new Date(publishedAt.getTime() - int(r, 0, 14) * DAY_MS)
      const publishedDate = publishedAt.toISOString().slice(0, 10)
      const isFeatured = r() < 0.05
      rows.content.push({ id: contentId, site_id: siteId, content_type: 'blog', created_at: createdAt })
      // Carrier rows hold read-path copies of the blog's state (the blogs trigger keeps them equal too).
      const carrier = {
        content_id: contentId,
        content_type: 'blog' as const,
        slug: postSlug,
        is_live: true,
        status: 'Published',
        published_date: publishedDate,
        published_at: publishedAt,
        is_featured: isFeatured,
      }
      rows.contentSites.push({ ...carrier, site_id: siteId, position: 0 })
      if (opts.sites > 1 && r() < opts.sharedRatio) rows.contentSites.push({ ...carrier, site_id: siteIds[(s + 1) % opts.sites]!, position: 1 })
      rows.blogs.push({
        id: blogId,
        content_id: contentId,
        site_id: siteId,
        slug: postSlug,
        // A few prolific authors and a long tail.
        author: AUTHORS[Math.floor(r() * r() * AUTHORS.length)]!,
        status: 'Published',
        published_date: publishedDate,
        published_at: publishedAt,
        is_featured: isFeatured,
        allow_comments: r() < 0.8,
        reading_time_minutes: readingMinutes(enLoc.body ?? ''),
        created_by: 'bench',
        created_at: createdAt,
        updated_at: publishedAt,
      })
      rows.localizations.push(enLoc, deLoc)
      // Tags skewed towards popular ones, so similar posts share several.
      const chosen = new Set<string>()
      while (chosen.size < Math.min(opts.tagsPerPost, tagIds.length)) chosen.add(tagIds[Math.floor(r() * r() * tagIds.length)]!)
      for (const tagId of chosen) rows.contentTags.push({ content_id: contentId, tag_id: tagId, created_at: createdAt })
      const primary = pick(r, catIds)
      rows.contentCategories.push({ content_id: contentId, category_id: primary, is_primary: true, created_at: createdAt })
      if (r() < 0.5) {
        const second = pick(r, catIds)
        if (second !== primary) rows.contentCategories.push({ content_id: contentId, category_id: second, is_primary: false, created_at: createdAt })
      }
      posts.push({ id: blogId, slug: postSlug })
    }
    cvEntriesOf(r, opts, siteId, now, rows)
    const parts = siteParts(rs, opts.site, siteId, slug, { en, de }, now, rows.site)
    out.push({ id: siteId, slug, readKey, writeKey, posts, ...parts })
  }
  return { rows, sites: out }
}

/** Inserts the data set into a migrated, empty database and refreshes planner statistics. */
export async function seed(db: Db, opts: SeedOptions = DEFAULT_SEED): Promise<SeedResult> {
  const started = Date.now()
  const { rows, sites: seeded } = buildRows(opts, new Date())
  await db.transaction(async (tx) => {
    await tx.insert(sites).values(rows.sites)
    await tx.insert(locales).values(rows.locales)
    await tx.insert(apiKeys).values(rows.keys)
    await inBatches(rows.tags, 1000, (b) => tx.insert(tags).values(b))
    await tx.insert(categories).values(rows.categories.filter((c) => c.parent_id === null))
    await tx.insert(categories).values(rows.categories.filter((c) => c.parent_id !== null))
    await inBatches(rows.content, 2000, (b) => tx.insert(content).values(b))
    await inBatches(rows.contentSites, 2000, (b) => tx.insert(contentSites).values(b))
    await inBatches(rows.site.content, 2000, (b) => tx.insert(content).values(b))
    await inBatches(rows.site.contentSites, 2000, (b) => tx.insert(contentSites).values(b))
    await inBatches(rows.blogs, 1000, (b) => tx.insert(blogs).values(b))
    await inBatches(rows.localizations, 250, (b) => tx.insert(blogLocalizations).values(b))
    await inBatches(rows.contentTags, 5000, (b) => tx.insert(contentTags).values(b))
    await inBatches(rows.contentCategories, 5000, (b) => tx.insert(contentCategories).values(b))
    await inBatches(rows.cv, 1000, (b) => tx.insert(cvEntries).values(b))
    await tx.insert(legalDocuments).values(rows.legal.docs)
    await tx.insert(legalDocumentLocalizations).values(rows.legal.locs)
    await tx.insert(legalGroups).values(rows.legal.groups)
    await tx.insert(legalItems).values(rows.legal.items)
    const st = rows.site
    // Pages after their content and carrier rows (above); parents before children.
    await inBatches(st.pages, 1000, (b) => tx.insert(pages).values(b))
    await inBatches(st.sections, 2000, (b) => tx.insert(pageSections).values(b))
    await inBatches(st.sectionLocalizations, 1000, (b) => tx.insert(pageSectionLocalizations).values(b))
    await inBatches(st.menus, 1000, (b) => tx.insert(navigationMenus).values(b))
    await inBatches(st.items, 2000, (b) => tx.insert(navigationItems).values(b))
    await inBatches(st.itemLocalizations, 2000, (b) => tx.insert(navigationItemLocalizations).values(b))
    await inBatches(st.redirects, 2000, (b) => tx.insert(redirects).values(b))
    await inBatches(st.social, 1000, (b) => tx.insert(socialLinks).values(b))
  })
  // A real deployment has autovacuum statistics; a freshly loaded one must not be planned blind.
  await db.execute(sql`vacuum analyze`)
  return {
    sites: seeded,
    posts: rows.blogs.length,
    localizations: rows.localizations.length,
    bodyBytes: rows.localizations.reduce((n, l) => n + Buffer.byteLength(l.body ?? ''), 0),
    structure: {
      pages: rows.site.pages.length,
      sections: rows.site.sections.length,
      sectionLocalizations: rows.site.sectionLocalizations.length,
      menuItems: rows.site.items.length,
      redirects: rows.site.redirects.length,
      social: rows.site.social.length,
    },
    ms: Date.now() - started,
  }
}
