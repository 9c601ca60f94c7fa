import { featureRoute } from '../../app/baseRoutes'

/** The signed-in user's profile, data export and account deletion (top level: not about one site). */
export const profileRoutes = [featureRoute('/profile', () => import('./ProfileRoute'))] as const
