import { featureRoute } from '../../app/baseRoutes'
import { validateNotificationsSearch } from './search'

/** The signed-in user's notifications (top level: a user has them on every site they belong to). */
export const notificationsRoutes = [featureRoute('/notifications', () => import('./NotificationsRoute'), validateNotificationsSearch)] as const
