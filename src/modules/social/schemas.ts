import { Type, type Static } from 'typebox'
import { Body, Int, Nullable, PatchBody, Uuid, presenter } from '../../http/schemas.js'
import { wireRecord } from '../../http/records.js'

const Platform = Type.String({ minLength: 1, maxLength: 50, pattern: '\\S', description: 'e.g. github, mastodon, linkedin' })
const Url = Type.String({ minLength: 1, maxLength: 2000, pattern: '^(https?://|mailto:)\\S+$', description: 'An absolute http(s) URL, or mailto:' })
const Text = Nullable(Type.String({ maxLength: 200, description: 'Unset: null; send null to clear' }))
const DisplayOrder = Int({ minimum: -1_000_000, maximum: 1_000_000, description: 'Ascending; new links go last' })

export const SocialLink = wireRecord('SocialLink', {
  site_id: Uuid,
  platform: Type.String(),
  url: Type.String(),
  label: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  display_order: Type.Integer(),
  is_active: Type.Boolean(),
})
export type SocialLink = Static<typeof SocialLink>
export const presentSocialLink = presenter(SocialLink)

const fields = { platform: Platform, url: Url, label: Text, icon: Text, display_order: DisplayOrder, is_active: Type.Boolean() }
export const CreateSocialLinkBody = Body({
  platform: Platform,
  url: Url,
  label: Type.Optional(Text),
  icon: Type.Optional(Text),
  display_order: Type.Optional(DisplayOrder),
  is_active: Type.Optional(Type.Boolean({ default: true })),
})
export const UpdateSocialLinkBody = PatchBody(fields)
export const SocialListQuery = Type.Object({})
