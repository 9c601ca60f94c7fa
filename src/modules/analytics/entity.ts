import { defineEntity } from '../../core/entities.js'

/** Audit name of analytics roll-ups (entity_id: the site). Pageviews themselves are telemetry and not audited. */
export const analyticsEntity = defineEntity({ name: 'analytics' })
