import { Type, type Static } from 'typebox'
import { BulkBody as ContentBulkBody, ContentStatusSchema, bulkResult, reviewBody } from '../../http/content-schemas.js'
import { PageQuerySchema } from '../../http/pagination.js'
import { Body, Int, LocalizationBody, MediaRef, Nullable, NullableTimestamp, PatchBody, Slug, Uuid } from '../../http/schemas.js'
import { wireRecord, localizationRecord, SiteIds } from '../../http/records.js'
import { MAX_ROUTE } from '../../core/slugs.js'
import { EmbeddedImage } from '../media/schemas.js'

/** The page as GET /pages/{id} answers it. site_ids: owning site first. */
export const Page = wireRecord('Page', {
  content_id: Uuid,
  site_id: Uuid,
  site_ids: Type.Array(Uuid),
  route: Type.String({ description: 'With a leading slash; no trailing slash except the home page `/`' }),
  slug: Type.String(),
  page_type: Type.String(),
  template: Nullable(Type.String()),
  is_in_navigation: Type.Boolean(),
  navigation_order: Type.Integer(),
  parent_page_id: Nullable(Uuid),
  status: ContentStatusSchema,
  published_at: NullableTimestamp,
  publish_start: NullableTimestamp,
  publish_end: NullableTimestamp,
})
export type Page = Static<typeof Page>

/** A page as the site's page list answers it: the page, the languages it has content in and a thumbnail. */
export const PageListItem = Type.Object(
  {
    ...Page.properties,
    locales: Type.Array(Type.String(), {
      description:
        "Codes of the locales the page's sections have a localization in (its content's languages), default locale first, then by code; empty when it has none",
    }),
    cover_image: Type.Union([EmbeddedImage, Type.Null()], {
      description: "The page's thumbnail: the cover image of its first section (by display_order) that names a live media record; null when none does",
    }),
  },
  { $id: 'PageListItem' },
)
export type PageListItem = Static<typeof PageListItem>

/** Settings of a section: a free JSON object, at most this many bytes as JSON. */
export const SECTION_SETTINGS_MAX_BYTES = 64 * 1024

export const PageSection = wireRecord('PageSection', {
  page_id: Uuid,
  section_type: Type.String(),
  display_order: Type.Integer(),
  cover_image_id: Nullable(Uuid),
  call_to_action_route: Nullable(Type.String()),
  settings: Type.Record(Type.String(), Type.Unknown(), { description: 'Free JSON object' }),
})
export type PageSection = Static<typeof PageSection>

export const PageSectionLocalization = localizationRecord('PageSectionLocalization', 'page_section_id', {
  title: Nullable(Type.String()),
  text: Nullable(Type.String({ description: 'Markdown' })),
  button_text: Nullable(Type.String()),
})
export type PageSectionLocalization = Static<typeof PageSectionLocalization>

export const PageSectionWithLocalizations = Type.Object(
  {
    ...PageSection.properties,
    cover_image: Type.Union([EmbeddedImage, Type.Null()], {
      description: 'The image cover_image_id names; null when none, or when it names no live media record',
    }),
    localizations: Type.Array(PageSectionLocalization),
  },
  { $id: 'PageSectionWithLocalizations' },
)
export type PageSectionWithLocalizations = Static<typeof PageSectionWithLocalizations>

/** A page with its sections (by display_order), each with its localizations (default locale first). */
export const PageDetail = Type.Object({ ...Page.properties, sections: Type.Array(PageSectionWithLocalizations) }, { $id: 'PageDetail' })
export type PageDetail = Static<typeof PageDetail>

// ---- requests ----

const DateTime = Type.String({ format: 'date-time' })
const Route = Type.String({
  minLength: 1,
  maxLength: MAX_ROUTE,
  description:
    'A path such as `/about` or `/docs/intro`; stored with a leading slash and without a trailing one (the home page is `/`). ' +
    'No `..`, `//`, `?`, `#`, whitespace or control characters.',
})
const Text = (max: number) => Nullable(Type.String({ maxLength: max }))

const pageProps = {
  route: Route,
  slug: Slug,
  page_type: Type.String({ minLength: 1, maxLength: 50, description: 'Free text; `standard` when omitted' }),
  template: Text(100),
  is_in_navigation: Type.Boolean(),
  navigation_order: Int({ minimum: -1_000_000, maximum: 1_000_000 }),
  parent_page_id: Nullable(Uuid),
  status: ContentStatusSchema,
  publish_start: Nullable(DateTime),
  publish_end: Nullable(DateTime),
}

export const UpdatePageBody = PatchBody(pageProps)
export type UpdatePageBody = Static<typeof UpdatePageBody>

export const BulkBody = ContentBulkBody
export type BulkBody = Static<typeof BulkBody>
export const BulkResult = bulkResult('Page')
export type BulkResult = Static<typeof BulkResult>

export const ReviewBody = reviewBody('page')
export type ReviewBody = Static<typeof ReviewBody>

const Settings = Type.Record(Type.String(), Type.Unknown(), { description: `Free JSON object, at most ${SECTION_SETTINGS_MAX_BYTES} bytes as JSON` })
const sectionProps = {
  section_type: Type.String({ minLength: 1, maxLength: 50, description: 'e.g. hero, text, gallery' }),
  display_order: Int({ minimum: -1_000_000, maximum: 1_000_000 }),
  cover_image_id: Nullable(MediaRef()),
  call_to_action_route: Text(MAX_ROUTE),
  settings: Settings,
}

export const CreateSectionBody = Body(
  {
    section_type: sectionProps.section_type,
    display_order: Type.Optional(sectionProps.display_order),
    cover_image_id: Type.Optional(sectionProps.cover_image_id),
    call_to_action_route: Type.Optional(sectionProps.call_to_action_route),
    settings: Type.Optional(sectionProps.settings),
  },
  'display_order defaults to after the last section of the page; settings to {}.',
)
export type CreateSectionBody = Static<typeof CreateSectionBody>

export const UpdateSectionBody = PatchBody(sectionProps)
export type UpdateSectionBody = Static<typeof UpdateSectionBody>

export const SectionLocalizationBody = LocalizationBody({
  title: Text(500),
  text: Nullable(Type.String({ maxLength: 100_000, description: 'Markdown' })),
  button_text: Text(200),
})
export type SectionLocalizationBody = Static<typeof SectionLocalizationBody>

/** Sections created with a page (POST /pages `sections`, or a page template's `template_data.sections`). */
export const MAX_SEED_SECTIONS = 100
export const PageSectionSeed = Type.Object(
  {
    ...CreateSectionBody.properties,
    localizations: Type.Optional(Type.Array(SectionLocalizationBody, { maxItems: 50 })),
  },
  { additionalProperties: false },
)
export type PageSectionSeed = Static<typeof PageSectionSeed>

export const CreatePageBody = Body(
  {
    site_ids: SiteIds,
    route: pageProps.route,
    slug: Type.Optional(pageProps.slug),
    page_type: Type.Optional(pageProps.page_type),
    template: Type.Optional(pageProps.template),
    is_in_navigation: Type.Optional(pageProps.is_in_navigation),
    navigation_order: Type.Optional(pageProps.navigation_order),
    parent_page_id: Type.Optional(pageProps.parent_page_id),
    status: Type.Optional(pageProps.status),
    publish_start: Type.Optional(pageProps.publish_start),
    publish_end: Type.Optional(pageProps.publish_end),
    template_id: Type.Optional(
      Type.String({ format: 'uuid', description: 'A page content template of the owning site: fills the fields it holds that the body does not give' }),
    ),
    sections: Type.Optional(Type.Array(PageSectionSeed, { maxItems: MAX_SEED_SECTIONS, description: 'Sections created with the page, in this order' })),
  },
  'site_ids: the first is the owning site, the others also publish the page. route and slug are unique among the live pages of every ' +
    "carrying site. slug (optional): generated from the title of the first section's default-locale localization, else from the " +
    "route's last segment, transliterated to a-z, 0-9 and hyphens (`page-<6 hex>` when nothing transliterates), -2, -3, … when taken. " +
    'status defaults to Draft. parent_page_id: a live page of the same owning site. sections (optional): created with ' +
    'the page in one transaction, each with its localizations; display_order defaults to the position in the array. template_id: a ' +
    'page template of the owning site; its template_data may hold page_type, template, is_in_navigation, navigation_order and ' +
    'sections (used when the body gives none); other keys are ignored.',
)
export type CreatePageBody = Static<typeof CreatePageBody>

// ---- params and queries ----

export const ListPagesQuery = PageQuerySchema(10, { status: Type.Optional(ContentStatusSchema) })
export type ListPagesQuery = Static<typeof ListPagesQuery>
export const PageIdParams = Type.Object({ page_id: Uuid })
export const SectionIdParams = Type.Object({ section_id: Uuid })
export const RouteParams = Type.Object({
  site_id: Uuid,
  route: Type.String({ maxLength: MAX_ROUTE, description: 'The route without its leading slash, URL-encoded (`docs%2Fintro`; the home page: `%2F`)' }),
})
export const NestedRouteParams = Type.Object({ site_id: Uuid, '*': Type.String({ maxLength: MAX_ROUTE }) })
