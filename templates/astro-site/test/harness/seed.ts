import { createAtriumClient, type AtriumClient, type components } from '@atrium-cms/client'

export interface Seeded {
  siteId: string
  siteName: string
  readKey: string
  /** A Read key with a rate limit of 1 a minute, already used up: Atrium answers it 429. */
  exhaustedKey: string
  posts: { slug: string; id: string; title: string }[]
  draftSlug: string
  draftPostId: string
  pages: string[]
}

export const POSTS = 12

/**
 * One site as a real one looks: two locales (en default, de), 12 published posts (two pages of the blog list) with
 * tags and a nested category, one draft, a home page, an about page and a nested page with sections, the primary and
 * footer menus, a privacy policy and a cookie consent document with groups, and a redirect. All through the API.
 */
export async function seed(baseUrl: string, masterKey: string): Promise<Seeded> {
  const atrium: AtriumClient = createAtriumClient({ baseUrl, apiKey: masterKey })
  const siteName = 'Starter Test Site'
  const site = (
    await atrium.POST('/api/v1/sites', {
      body: {
        name: siteName,
        slug: `starter-${Date.now().toString(36)}`,
        description: 'A site to test the starter',
        locales: [
          { code: 'en', name: 'English', is_default: true },
          { code: 'de', name: 'Deutsch' },
        ],
      },
    })
  ).data!
  const site_id = site.id

  const tag = (await atrium.POST('/api/v1/tags', { body: { site_id, name: 'Astro', slug: 'astro' } })).data!
  const guides = (await atrium.POST('/api/v1/categories', { body: { site_id, name: 'Guides', slug: 'guides' } })).data!
  const tutorials = (await atrium.POST('/api/v1/categories', { body: { site_id, name: 'Tutorials', slug: 'tutorials', parent_id: guides.id } })).data!

  const posts: Seeded['posts'] = []
  for (let i = 1; i <= POSTS; i++) {
    const title = `Post number ${i}`
    const localizations = [
      { locale: 'en', title, excerpt: `The excerpt of post ${i}.`, body: `## Part one\n\nThe body of **post ${i}**.\n\n<script>alert(1)</script>` },
      ...(i % 2 === 0 ? [{ locale: 'de', title: `Beitrag Nummer ${i}`, excerpt: `Auszug ${i}.`, body: `Der Text von Beitrag ${i}.` }] : []),
    ]
    const post = (
      await atrium.POST('/api/v1/blogs', {
        body: {
          site_ids: [site_id],
          slug: `post-${i}`,
          author: 'Ann Author',
          status: 'Published',
          published_date: `2026-01-${String(i).padStart(2, '0')}`,
          localizations,
        },
      })
    ).data!
    posts.push({ slug: post.slug, id: post.id, title })
    if (i <= 3) await atrium.POST('/api/v1/content/{content_id}/tags', { params: { path: { content_id: post.content_id } }, body: { tag_id: tag.id } })
    if (i <= 2)
      await atrium.POST('/api/v1/content/{content_id}/categories', {
        params: { path: { content_id: post.content_id } },
        body: { category_id: tutorials.id, is_primary: true },
      })
  }
  const draft = (
    await atrium.POST('/api/v1/blogs', {
      body: { site_ids: [site_id], slug: 'secret-draft', status: 'Draft', localizations: [{ locale: 'en', title: 'Secret draft', body: 'Not yet.' }] },
    })
  ).data!

  const page = (route: string, sections: { section_type: string; title: string; text: string; de?: string; cta?: string }[]) =>
    atrium.POST('/api/v1/pages', {
      body: {
        site_ids: [site_id],
        route,
        status: 'Published',
        sections: sections.map((s, i) => ({
          section_type: s.section_type,
          display_order: i,
          call_to_action_route: s.cta ?? null,
          localizations: [
            { locale: 'en', title: s.title, text: s.text, button_text: s.cta ? 'Read the blog' : null },
            ...(s.de ? [{ locale: 'de', title: s.de, text: `${s.text} (de)` }] : []),
          ],
        })),
      },
    })
  await page('/', [
    { section_type: 'hero', title: 'Welcome to the starter', text: 'A site built on **Atrium**.', de: 'Willkommen', cta: '/blog/' },
    { section_type: 'text', title: 'What is here', text: 'Posts, pages and menus.' },
  ])
  const about = (await page('/about', [{ section_type: 'hero', title: 'About us', text: 'Who we are.', de: 'Über uns' }])).data!
  const intro = (await page('/docs/intro', [{ section_type: 'text', title: 'Introduction', text: 'A nested page.' }])).data!
  await atrium.POST('/api/v1/pages', { body: { site_ids: [site_id], route: '/hidden', status: 'Draft', sections: [] } })

  const primary = (await atrium.POST('/api/v1/sites/{site_id}/menus', { params: { path: { site_id } }, body: { name: 'Primary', slug: 'primary' } })).data!
  const footer = (await atrium.POST('/api/v1/sites/{site_id}/menus', { params: { path: { site_id } }, body: { name: 'Footer', slug: 'footer' } })).data!
  const item = async (menu_id: string, body: components['schemas']['CreateMenuItemBody'], de?: string) => {
    const created = (await atrium.POST('/api/v1/menus/{menu_id}/items', { params: { path: { menu_id } }, body })).data!
    if (de) await atrium.PUT('/api/v1/navigation/{id}/localizations', { params: { path: { id: created.id } }, body: { locale: 'de', title: de } })
    return created
  }
  await item(primary.id, { title: 'Blog', link_type: 'internal', url: '/blog/', display_order: 0 })
  await item(primary.id, { title: 'About', link_type: 'page', page_id: about.id, display_order: 1 }, 'Über uns')
  const docs = await item(primary.id, { title: 'Docs', link_type: 'page', page_id: intro.id, display_order: 2 })
  await item(primary.id, { title: 'Introduction', link_type: 'page', page_id: intro.id, parent_id: docs.id, display_order: 0 })
  await item(primary.id, { title: 'Atrium on GitHub', link_type: 'external', url: 'https://github.com/', open_in_new_tab: true, display_order: 3 })
  await item(footer.id, { title: 'Privacy', link_type: 'internal', url: '/legal/privacy/', display_order: 0 }, 'Datenschutz')
  await item(footer.id, { title: 'Cookies', link_type: 'internal', url: '/legal/cookies/', display_order: 1 })

  const privacy = (
    await atrium.POST('/api/v1/sites/{site_id}/legal', { params: { path: { site_id } }, body: { slug: 'privacy', document_type: 'PrivacyPolicy' } })
  ).data!
  await atrium.POST('/api/v1/legal/{id}/localizations', {
    params: { path: { id: privacy.id } },
    body: { locale: 'en', title: 'Privacy policy', intro: 'How we handle data.', body: '## What we collect\n\nNothing personal.' },
  })
  await atrium.POST('/api/v1/legal/{id}/localizations', {
    params: { path: { id: privacy.id } },
    body: { locale: 'de', title: 'Datenschutzerklärung', intro: 'Wie wir mit Daten umgehen.', body: 'Nichts Persönliches.' },
  })
  const cookies = (
    await atrium.POST('/api/v1/sites/{site_id}/legal', {
      params: { path: { site_id } },
      body: { slug: 'cookies', document_type: 'CookieConsent', cookie_name: 'starter_consent' },
    })
  ).data!
  await atrium.POST('/api/v1/legal/{id}/localizations', {
    params: { path: { id: cookies.id } },
    body: { locale: 'en', title: 'Cookie settings', intro: 'We use cookies to run this site and, with your consent, to count visits.', body: 'Details below.' },
  })
  const necessary = (
    await atrium.POST('/api/v1/legal/{document_id}/groups', {
      params: { path: { document_id: cookies.id } },
      body: { title: 'Necessary', cookie_name: 'necessary', description: 'Needed for the site to work.', is_required: true, display_order: 0 },
    })
  ).data!
  const analytics = (
    await atrium.POST('/api/v1/legal/{document_id}/groups', {
      params: { path: { document_id: cookies.id } },
      body: { title: 'Statistics', cookie_name: 'statistics', description: 'Counts visits anonymously.', display_order: 1 },
    })
  ).data!
  await atrium.POST('/api/v1/legal/groups/{group_id}/items', {
    params: { path: { group_id: necessary.id } },
    body: { name: 'starter_consent', provider: 'This site', purpose: 'Keeps your cookie choice', expiry: '6 months' },
  })
  await atrium.POST('/api/v1/legal/groups/{group_id}/items', {
    params: { path: { group_id: analytics.id } },
    body: { name: '_stats', provider: 'This site', purpose: 'Counts visits', expiry: '1 day' },
  })
  await atrium.POST('/api/v1/sites/{site_id}/redirects', {
    params: { path: { site_id } },
    body: { source_path: '/old-about', destination_path: '/about', status_code: 301, is_active: true },
  })

  const readKey = (await atrium.POST('/api/v1/api-keys', { body: { name: 'starter', permission: 'Read', site_id } })).data!.key
  const exhaustedKey = (await atrium.POST('/api/v1/api-keys', { body: { name: 'starter-limited', permission: 'Read', site_id, rate_limit_per_minute: 1 } }))
    .data!.key
  // Use up its one request of this minute.
  await createAtriumClient({ baseUrl, apiKey: exhaustedKey }).GET('/api/v1/sites/{id}', { params: { path: { id: site_id } } })

  return {
    siteId: site_id,
    siteName,
    readKey,
    exhaustedKey,
    posts,
    draftSlug: 'secret-draft',
    draftPostId: draft.id,
    pages: ['/about', '/docs/intro'],
  }
}
