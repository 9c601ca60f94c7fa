import type { Schemas } from '@atrium-cms/client'
import { resource } from '../../shared/api/resource'

export type SocialLink = Schemas['SocialLink']
export type SocialValues = Pick<SocialLink, 'platform' | 'url' | 'label' | 'icon' | 'is_active'>

export const social = resource({
  key: 'social',
  list: '/api/v1/sites/{site_id}/social',
  item: '/api/v1/social/{id}',
  create: '/api/v1/sites/{site_id}/social',
  reorder: '/api/v1/sites/{site_id}/social/reorder',
})
