import type { Schemas } from '@atrium-cms/client'
import { resource } from '../../shared/api/resource'

export type CvEntry = Schemas['CvEntry']

/** The site's entries come current first, then newest start; `cv.all(siteId, { entry_type })` filters by type. */
export const cv = resource({ key: 'cv', list: '/api/v1/sites/{site_id}/cv', item: '/api/v1/cv/{id}', create: '/api/v1/cv' })
