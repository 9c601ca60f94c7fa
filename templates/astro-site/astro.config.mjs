import node from '@astrojs/node'
import { defineConfig } from 'astro/config'

// Server rendering on Node: every page is rendered per request from Atrium's published content (kept a few seconds in
// memory, see src/lib/cache.ts), so an editor's publish shows within seconds without a rebuild.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  // Stylesheets as files, never inline: the pages' Content-Security-Policy allows styles and scripts from 'self' only.
  build: { inlineStylesheets: 'never' },
  // Settings come from the environment at run time (src/lib/settings.ts), never baked into the build.
  vite: {
    // The client is linked from ../../packages/client (see README "The Atrium client"): bundle it and its one
    // dependency into the server build, so dist/ runs without resolving the link.
    ssr: { noExternal: ['@atrium-cms/client', 'openapi-fetch'] },
  },
  // Astro's own origin check needs `security.allowedDomains` to know this site's host; the one form of the site (the
  // cookie banner, src/pages/api/consent.ts) checks that its Origin is this site's host itself.
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  // Astro's image service is not used: images are Atrium's (src/lib/images.ts).
  image: { service: { entrypoint: 'astro/assets/services/noop' } },
})
