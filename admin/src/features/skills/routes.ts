import { featureRoute } from '../../app/baseRoutes'

/** Skills with proficiency and categories. */
export const skillsRoutes = [featureRoute('/sites/$siteId/skills', () => import('./SkillsRoute'))] as const
