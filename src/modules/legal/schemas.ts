import { Type, type Static } from 'typebox'
import { LEGAL_DOCUMENT_TYPES } from '../../db/schema/legal.js'
import { PageQuerySchema } from '../../http/pagination.js'
import { Body, Int, LocalizationBody, Nullable, PatchBody, Slug, Uuid, presenter } from '../../http/schemas.js'
import { wireRecord, localizationRecord, CreateBody } from '../../http/records.js'

/** Optional text: unset is null; a client clears it with null. */
const Text = (max: number) => Nullable(Type.String({ maxLength: max }))
const DisplayOrder = Int({ minimum: -1_000_000, maximum: 1_000_000, description: 'Ascending; new ones go last unless given' })
const DocumentType = Type.Enum(LEGAL_DOCUMENT_TYPES, { description: 'CookieConsent, PrivacyPolicy, TermsOfService, Imprint, Disclaimer or Other' })
const CookieName = Text(200)

export const LegalDocument = wireRecord('LegalDocument', {
  site_id: Uuid,
  slug: Type.String(),
  cookie_name: Nullable(Type.String()),
  document_type: DocumentType,
  is_active: Type.Boolean(),
})
export type LegalDocument = Static<typeof LegalDocument>
export const presentLegalDocument = presenter(LegalDocument)

export const LegalDocumentLocalization = localizationRecord('LegalDocumentLocalization', 'legal_document_id', {
  title: Nullable(Type.String()),
  intro: Nullable(Type.String({ description: 'Markdown' })),
  body: Nullable(Type.String({ description: 'Markdown' })),
})
export type LegalDocumentLocalization = Static<typeof LegalDocumentLocalization>
export const presentLegalLocalization = presenter(LegalDocumentLocalization)

export const LegalItem = Type.Object(
  {
    id: Uuid,
    group_id: Uuid,
    name: Type.String(),
    provider: Nullable(Type.String()),
    purpose: Nullable(Type.String()),
    expiry: Nullable(Type.String({ description: 'Free text, e.g. "1 year" or "session"' })),
    display_order: Type.Integer(),
  },
  { $id: 'LegalItem' },
)
export type LegalItem = Static<typeof LegalItem>
export const presentLegalItem = presenter(LegalItem)

const groupProps = {
  id: Uuid,
  legal_document_id: Uuid,
  cookie_name: Nullable(Type.String()),
  title: Type.String(),
  description: Nullable(Type.String()),
  display_order: Type.Integer(),
  is_required: Type.Boolean(),
  default_enabled: Type.Boolean({ description: 'Always true for a required group' }),
}
/** A group's own fields (audit history, events); answers carry LegalGroup with its items. */
export const LegalGroupFields = Type.Object(groupProps)
export const presentLegalGroupFields = presenter(LegalGroupFields)
export const LegalGroup = Type.Object({ ...groupProps, items: Type.Array(LegalItem) }, { $id: 'LegalGroup' })
export type LegalGroup = Static<typeof LegalGroup>

export const LegalDocumentDetail = Type.Object(
  {
    ...LegalDocument.properties,
    localizations: Type.Array(LegalDocumentLocalization),
    groups: Type.Array(LegalGroup),
  },
  { $id: 'LegalDocumentDetail' },
)
export type LegalDocumentDetail = Static<typeof LegalDocumentDetail>

// ---- requests ----

export const CreateLegalDocumentBody = Body({
  slug: Type.Optional(Slug),
  cookie_name: Type.Optional(CookieName),
  document_type: DocumentType,
  is_active: Type.Optional(Type.Boolean({ default: true })),
})
export type CreateLegalDocumentBody = Static<typeof CreateLegalDocumentBody>
export const UpdateLegalDocumentBody = PatchBody({ slug: Slug, cookie_name: CookieName, document_type: DocumentType, is_active: Type.Boolean() })
export type UpdateLegalDocumentBody = Static<typeof UpdateLegalDocumentBody>
export const LegalListQuery = PageQuerySchema(10, { document_type: Type.Optional(DocumentType) })
export type LegalListQuery = Static<typeof LegalListQuery>

const localizationProps = { title: Text(500), intro: Text(20_000), body: Nullable(Type.String({ maxLength: 500_000, description: 'Markdown' })) }
export const CreateLegalLocalizationBody = LocalizationBody(localizationProps)
export const UpdateLegalLocalizationBody = PatchBody(localizationProps)

const Title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Not blank' })
const groupInput = {
  cookie_name: CookieName,
  title: Title,
  description: Text(5000),
  display_order: DisplayOrder,
  is_required: Type.Boolean(),
  default_enabled: Type.Boolean(),
}
export const CreateLegalGroupBody = Body(
  {
    title: Title,
    cookie_name: Type.Optional(CookieName),
    description: Type.Optional(groupInput.description),
    display_order: Type.Optional(DisplayOrder),
    is_required: Type.Optional(Type.Boolean({ default: false })),
    default_enabled: Type.Optional(Type.Boolean()),
  },
  'A required group is always enabled: default_enabled is set to true for it, and default_enabled false together with is_required true is a 400.',
)
export type CreateLegalGroupBody = Static<typeof CreateLegalGroupBody>
export const UpdateLegalGroupBody = PatchBody(groupInput)
export type UpdateLegalGroupBody = Static<typeof UpdateLegalGroupBody>

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Cookie or service name (not blank)' })
const itemInput = { name: Name, provider: Text(200), purpose: Text(2000), expiry: Text(200), display_order: DisplayOrder }
export const CreateLegalItemBody = CreateBody(itemInput, ['name'])
export type CreateLegalItemBody = Static<typeof CreateLegalItemBody>
export const UpdateLegalItemBody = PatchBody(itemInput)
export type UpdateLegalItemBody = Static<typeof UpdateLegalItemBody>

export const DocumentIdParams = Type.Object({ document_id: Uuid })
export const GroupIdParams = Type.Object({ group_id: Uuid })
export const SiteSlugParams = Type.Object({ site_id: Uuid, slug: Type.String({ minLength: 1, maxLength: 200 }) })
