/** The sidebar's areas and their screens, in order (also the command palette's "Screens"). */
export const AREAS = [
  { id: 'content', screens: ['dashboard', 'blogs', 'pages', 'media', 'navigation', 'taxonomy', 'documents', 'templates', 'legal', 'redirects'] },
  { id: 'profile', screens: ['social', 'skills', 'cv'] },
  { id: 'site', screens: ['search', 'members', 'settings', 'analytics', 'audit'] },
  { id: 'developer', screens: ['api-keys', 'webhooks', 'ai'] },
] as const

export type Screen = (typeof AREAS)[number]['screens'][number]
export const SCREENS: readonly Screen[] = AREAS.flatMap((a) => a.screens)
export const isScreen = (v: string): v is Screen => (SCREENS as readonly string[]).includes(v)

/** Screens above the sites (a top-level path, no site in it), for system administrators only (access.ts `administersSystem`). */
export const SYSTEM_SCREENS = [{ id: 'identity-users', to: '/identity-users' }] as const
