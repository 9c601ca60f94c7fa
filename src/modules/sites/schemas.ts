import { Type, type Static } from 'typebox'
import { Body, Int, Nullable, PatchBody, Slug, Timestamp, Uuid } from '../../http/schemas.js'
import { wireRecord } from '../../http/records.js'

export const Site = wireRecord('Site', {
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  url: Nullable(Type.String({ description: 'Absolute http(s) URL of the public frontend; RSS links are url + post_path' })),
  favicon_url: Nullable(Type.String({ description: 'http(s) URL of the favicon' })),
  is_active: Type.Boolean(),
})
export type Site = Static<typeof Site>

export const Locale = Type.Object(
  { id: Uuid, site_id: Uuid, code: Type.String(), name: Type.String(), is_default: Type.Boolean(), created_at: Timestamp },
  { $id: 'Locale' },
)
export type Locale = Static<typeof Locale>

export const SiteWithLocales = Type.Object({ ...Site.properties, locales: Type.Array(Locale) }, { $id: 'SiteWithLocales' })

const LocaleCode = Type.String({ minLength: 2, maxLength: 35, description: 'BCP 47 language tag, stored in canonical form (en-US)' })
const LocaleName = Type.String({ maxLength: 100 })

export const LocaleInput = Body({ code: LocaleCode, name: Type.Optional(LocaleName), is_default: Type.Optional(Type.Boolean()) })
export type LocaleInput = Static<typeof LocaleInput>

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'not blank' })
const Description = Nullable(Type.String({ maxLength: 5000 }))
const HttpUrl = (what: string) => Nullable(Type.String({ minLength: 1, maxLength: 2000, description: `${what}: an absolute http(s) URL, or null` }))
const SiteUrl = HttpUrl('Public frontend')
const FaviconUrl = HttpUrl('Favicon')

export const CreateSiteBody = Body({
  name: Name,
  slug: Slug,
  description: Type.Optional(Description),
  url: Type.Optional(SiteUrl),
  favicon_url: Type.Optional(FaviconUrl),
  is_active: Type.Optional(Type.Boolean()),
  locales: Type.Optional(Type.Array(LocaleInput, { maxItems: 100 })),
})
export type CreateSiteBody = Static<typeof CreateSiteBody>

export const UpdateSiteBody = PatchBody({ name: Name, slug: Slug, description: Description, url: SiteUrl, favicon_url: FaviconUrl, is_active: Type.Boolean() })
export type UpdateSiteBody = Static<typeof UpdateSiteBody>

export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) })
export const SiteIdParams = Type.Object({ id: Uuid })
export const LocaleParams = Type.Object({ site_id: Uuid, locale_id: Uuid })

export const UpdateLocaleBody = PatchBody({ code: LocaleCode, name: LocaleName, is_default: Type.Boolean() })
export type UpdateLocaleBody = Static<typeof UpdateLocaleBody>

const PREVIEW_URL_DESCRIPTION =
  "URL template of the frontend's preview endpoint: absolute http(s), containing {token}; also {type}, {id}, {slug}, {route}, {path} (post_path with the slug for blogs, the route for pages) and {locale}, each URL-encoded. null: no frontend preview"

export const SiteSettings = Type.Object(
  {
    ai_enabled: Type.Boolean(),
    analytics_enabled: Type.Boolean(),
    editorial_workflow_enabled: Type.Boolean(),
    max_upload_bytes: Type.Integer(),
    timezone: Type.String(),
    default_locale_id: Nullable(Uuid),
    post_path: Type.String({ description: 'Path of a post on the frontend, `{slug}` filled in (RSS links: url + post_path)' }),
    feed_path: Type.String({
      description: 'Path of the RSS feed on the frontend; with a site `url`, the feed names itself url + feed_path (atom:link rel="self")',
    }),
    preview_url: Nullable(Type.String({ description: PREVIEW_URL_DESCRIPTION })),
  },
  { $id: 'SiteSettings' },
)
export type SiteSettings = Static<typeof SiteSettings>

export const UpdateSettingsBody = PatchBody({
  ai_enabled: Type.Boolean(),
  analytics_enabled: Type.Boolean(),
  editorial_workflow_enabled: Type.Boolean(),
  max_upload_bytes: Int({ minimum: 1, maximum: 10 * 1024 ** 3 }),
  timezone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Berlin' }),
  default_locale_id: Uuid,
  post_path: Type.String({ minLength: 2, maxLength: 500, pattern: '^/', description: 'Starts with / and contains {slug}, e.g. /blog/{slug}' }),
  feed_path: Type.String({ minLength: 2, maxLength: 500, pattern: '^/', description: 'An absolute path (starts with /), e.g. /rss.xml' }),
  preview_url: Nullable(
    Type.String({ minLength: 1, maxLength: 2000, description: 'e.g. https://blog.example.com/api/preview?token={token}&path={path}; null clears it' }),
  ),
})
export type UpdateSettingsBody = Static<typeof UpdateSettingsBody>
