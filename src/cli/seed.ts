import type { Command } from 'commander'
import { systemCtx, type Ctx } from '../core/context.js'
import * as apiKeys from '../modules/api-keys/service.js'
import * as blogs from '../modules/blogs/write.service.js'
import * as sites from '../modules/sites/service.js'
import { categoryResource } from '../modules/taxonomy/categories.resource.js'
import * as taxonomy from '../modules/taxonomy/content.service.js'
import { tagResource } from '../modules/taxonomy/tags.resource.js'
import { ApiError } from '../http/errors.js'
import { withApp } from './context.js'

/*
 * Demo content for a first look. Only the modules' top-level service functions are used (the same calls the
 * HTTP API makes, audited and with webhook events), so this file survives refactoring of their internals.
 */

export const DEMO_SLUG = 'demo'

interface DemoPost {
  slug: string
  published: boolean
  featured?: boolean
  tags: string[]
  category: string
  en: { title: string; excerpt: string; body: string }
  de?: { title: string; excerpt: string; body: string }
}

const POSTS: DemoPost[] = [
  {
    slug: 'hello-atrium',
    published: true,
    featured: true,
    tags: ['news'],
    category: 'Announcements',
    en: { title: 'Hello, Atrium', excerpt: 'The first post of the demo site.', body: '# Hello\n\nThis site was created by `atrium seed --demo`.' },
    de: { title: 'Hallo, Atrium', excerpt: 'Der erste Beitrag der Demo-Website.', body: '# Hallo\n\nDiese Website wurde mit `atrium seed --demo` angelegt.' },
  },
  {
    slug: 'headless-in-practice',
    published: true,
    tags: ['guide', 'api'],
    category: 'Guides',
    en: { title: 'Headless in practice', excerpt: 'Reading content from a frontend.', body: 'Fetch `/api/v1/sites/{id}/blogs/published` with a Read key.' },
    de: {
      title: 'Headless in der Praxis',
      excerpt: 'Inhalte aus einem Frontend lesen.',
      body: 'Rufe `/api/v1/sites/{id}/blogs/published` mit einem Read-Schlüssel ab.',
    },
  },
  {
    slug: 'localization-tips',
    published: true,
    tags: ['guide'],
    category: 'Guides',
    en: { title: 'Localization tips', excerpt: 'One post, several languages.', body: 'Ask for `?locale=de` to get the German title and excerpt.' },
  },
  {
    slug: 'coming-soon',
    published: false,
    tags: ['news'],
    category: 'Announcements',
    en: { title: 'Coming soon', excerpt: 'A draft: not in the published list.', body: 'Drafts are visible to Write keys only.' },
    de: { title: 'Demnächst', excerpt: 'Ein Entwurf.', body: 'Entwürfe sehen nur Write-Schlüssel.' },
  },
]

export interface DemoResult {
  siteId: string
  readKey: string
  posts: number
}

/** Creates the demo site (locales en + de), its tags, categories and posts, and a Read key for it. */
export async function seedDemo(ctx: Ctx): Promise<DemoResult> {
  const site = await sites.create(ctx, {
    name: 'Atrium demo',
    slug: DEMO_SLUG,
    description: 'Demo content created by atrium seed --demo',
    locales: [{ code: 'en', is_default: true }, { code: 'de' }],
  })
  const locale = (code: string) => site.locales.find((l) => l.code === code)?.id as string
  const tagIds = new Map<string, string>()
  for (const name of ['news', 'guide', 'api']) tagIds.set(name, (await tagResource.create(ctx, { site_id: site.id, name })).id)
  const categoryIds = new Map<string, string>()
  for (const name of ['Announcements', 'Guides']) {
    categoryIds.set(name, (await categoryResource.create(ctx, { site_id: site.id, name, description: `${name} of the demo site` })).id)
  }
  for (const post of POSTS) {
    const blog = await blogs.create(ctx, {
      site_ids: [site.id],
      slug: post.slug,
      author: 'Atrium demo',
      status: post.published ? 'Published' : 'Draft',
      is_featured: post.featured ?? false,
      localizations: [{ locale_id: locale('en'), ...post.en }, ...(post.de ? [{ locale_id: locale('de'), ...post.de }] : [])],
    })
    for (const tag of post.tags) await taxonomy.assignTag(ctx, blog.content_id, { tag_id: tagIds.get(tag) as string })
    await taxonomy.assignCategory(ctx, blog.content_id, { category_id: categoryIds.get(post.category) as string, is_primary: true })
  }
  const key = await apiKeys.create(ctx, { name: 'Demo frontend (Read)', permission: 'Read', site_id: site.id })
  return { siteId: site.id, readKey: key.key, posts: POSTS.length }
}

/** `atrium seed --demo`. */
export function seedCommand(program: Command): void {
  program
    .command('seed')
    .description('create demo content')
    .requiredOption('--demo', 'a demo site (en, de) with posts, tags, categories, and a Read key for it')
    .action(async () => {
      const res = await withApp(async (app) => {
        const ctx = systemCtx(app.deps, 'cli')
        const existing = await sites.getBySlug(ctx, DEMO_SLUG).catch((e: unknown) => {
          if (e instanceof ApiError && e.status === 404) return undefined
          throw e
        })
        return existing ? existing.id : seedDemo(ctx)
      })
      if (typeof res === 'string') {
        // Seeding twice would only fail on the taken slug: say what the user most likely wants instead.
        throw new Error(
          `the demo site exists already (slug ${DEMO_SLUG}, id ${res}); seed --demo creates it once.\n` +
            `To get a Read key for it: atrium keys create --permission Read --site ${res}\n` +
            `To start over: delete that site (DELETE /api/v1/sites/${res} with a Master key), then run seed --demo again.`,
        )
      }
      // Like keys create: the key alone on stdout, the rest on stderr.
      process.stdout.write(`${res.readKey}\n`)
      process.stderr.write(
        `created demo site ${res.siteId} (slug ${DEMO_SLUG}) with ${res.posts} posts; the Read key above is shown only once\n` +
          `try: curl -H "X-API-Key: <key>" http://localhost:8000/api/v1/sites/${res.siteId}/blogs/published\n`,
      )
    })
}
