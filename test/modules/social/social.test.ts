import { describeSiteResource } from '../../helpers/resource-suite.js'

/* Social links (spec "Social links"): the site-resource contract with social-link fixtures. */
describeSiteResource({
  name: 'social link',
  path: 'social',
  entity: 'social_link',
  events: 'social',
  createIn: 'path',
  list: 'all',
  reorder: true,
  create: (n) => ({ platform: 'github', url: `https://github.com/someone-${n}`, label: 'GitHub' }),
  update: { body: { url: 'https://example.org/me', is_active: false }, field: 'url' },
  nullable: ['label', 'icon'],
  invalid: [
    { body: { url: 'https://x.test' }, field: 'platform' },
    { body: { platform: 'x', url: 'javascript:alert(1)' }, field: 'url' },
    { body: { platform: 'x', url: 'https://x.test', display_order: 'first' }, field: 'display_order' },
    { body: { platform: ' ' }, field: 'platform', on: 'update' },
  ],
  levels: { write: 'Write', delete: 'Write' },
})
