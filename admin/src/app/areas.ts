/** The sidebar's areas and their screens, in order (also the command palette's "Screens"). */
export const AREAS = [
  { id: 'content', screens: ['dashboard', 'blogs', 'pages', 'media', 'navigation', 'taxonomy', 'documents', 'legal'] },
  { id: 'site', screens: ['members', 'settings', 'audit'] },
  { id: 'developer', screens: ['api-keys', 'webhooks'] },
] as const

export type Screen = (typeof AREAS)[number]['screens'][number]
export const SCREENS: readonly Screen[] = AREAS.flatMap((a) => a.screens)
export const isScreen = (v: string): v is Screen => (SCREENS as readonly string[]).includes(v)
