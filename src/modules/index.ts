import type { AppPlugin } from '../http/app-types.js'
import type { ContentKind } from '../core/content-kinds.js'
import { contentEntity } from '../core/content-scope.js'
import type { Entity, Revertable } from '../core/entities.js'
import { apiKeyEntity } from './api-keys/service.js'
import { apiKeyRoutes } from './api-keys/routes.js'
import { authRoutes } from './auth/routes.js'
import { accountEntity } from './auth/service.js'
import { blogContentKind, blogEntity } from './blogs/entity.js'
import { blogLocalizationEntity } from './blogs/localization.service.js'
import { blogLocalizationRoutes } from './blogs/localizations.routes.js'
import { blogRoutes } from './blogs/routes.js'
import { blogWorkflowRoutes } from './blogs/workflow.routes.js'
import { redirectImportRoutes } from './redirects/import.routes.js'
import { redirectEntity, redirectRoutes } from './redirects/redirects.resource.js'
import { itemEntity, menuEntity } from './navigation/entity.js'
import { navigationItemRoutes } from './navigation/items.routes.js'
import { itemLocalizationEntity } from './navigation/localization.service.js'
import { menuRoutes } from './navigation/menus.resource.js'
import { siteEntity } from './sites/entity.js'
import { siteRevert } from './sites/service.js'
import { blogRevert } from './blogs/write.service.js'
import { pageRevert } from './pages/write.service.js'
import { legalDocumentRevert } from './legal/documents.resource.js'
import { socialLinkEntity, socialLinkRevert, socialRoutes } from './social/social.resource.js'
import { localeEntity, siteSettingsEntity } from './sites/locale.service.js'
import { siteRoutes } from './sites/routes.js'
import { exportRoutes } from './export/routes.js'
import { systemRoutes } from './system/routes.js'
import { categoryEntity, categoryRoutes } from './taxonomy/categories.resource.js'
import { contentTaxonomyRoutes } from './taxonomy/content.routes.js'
import { taxonomyMergeRoutes } from './taxonomy/merge.routes.js'
import { tagEntity, tagRoutes } from './taxonomy/tags.resource.js'
import { skillEntity, skillRoutes } from './skills/skills.resource.js'
import { cvEntryEntity, cvRoutes } from './cv/cv.resource.js'
import { pageContentKind, pageEntity } from './pages/entity.js'
import { pageRoutes } from './pages/routes.js'
import { pageSectionRoutes } from './pages/sections.routes.js'
import { pageSectionEntity, pageSectionLocalizationEntity } from './pages/sections.service.js'
import { blogDocumentRoutes } from './blogs/documents.routes.js'
import { documentRoutes } from './documents/documents.routes.js'
import { documentEntity } from './documents/entity.js'
import { documentFolderEntity, documentFolderRoutes } from './documents/folders.resource.js'
import { documentLocalizationEntity } from './documents/localization.service.js'
import { documentLocalizationRoutes } from './documents/localizations.routes.js'
import { contentTemplateEntity, contentTemplateRoutes } from './content-templates/templates.resource.js'
import { legalDocumentEntity, legalGroupEntity, legalItemEntity } from './legal/entity.js'
import { legalLocalizationEntity } from './legal/localizations.service.js'
import { legalRoutes } from './legal/routes.js'
import { auditRoutes } from './audit/routes.js'
import { webhookEntity } from './webhooks/entity.js'
import { webhookRoutes } from './webhooks/routes.js'
import { mediaEntity } from './media/entity.js'
import { mediaFolderEntity } from './media/folders.resource.js'
import { mediaRoutes } from './media/media.routes.js'
import { mediaMetadataEntity } from './media/metadata.service.js'
import { memberRoutes } from './members/routes.js'
import { idpUserRoutes } from './idp/routes.js'
import { notificationRoutes } from './notifications/routes.js'
import { notificationEntity } from './notifications/service.js'
import { memberEntity } from './members/service.js'
import { analyticsEntity } from './analytics/entity.js'
import { analyticsRoutes } from './analytics/routes.js'
import { searchRoutes } from './search/routes.js'
import { aiConfigEntity, aiGenerationEntity } from './ai/entity.js'
import { aiRoutes } from './ai/routes.js'
import { previewEntity } from './previews/entity.js'
import { previewRoutes } from './previews/routes.js'

/** Every module, in registration order. A new module is one line here (plus its entities below). */
export const modules: AppPlugin[] = [
  systemRoutes,
  authRoutes,
  apiKeyRoutes,
  siteRoutes,
  exportRoutes,
  tagRoutes,
  categoryRoutes,
  contentTaxonomyRoutes,
  taxonomyMergeRoutes,
  blogRoutes,
  blogLocalizationRoutes,
  blogWorkflowRoutes,
  socialRoutes,
  redirectRoutes,
  redirectImportRoutes,
  skillRoutes,
  cvRoutes,
  menuRoutes,
  navigationItemRoutes,
  pageRoutes,
  pageSectionRoutes,
  documentFolderRoutes,
  documentRoutes,
  documentLocalizationRoutes,
  blogDocumentRoutes,
  contentTemplateRoutes,
  legalRoutes,
  auditRoutes,
  webhookRoutes,
  mediaRoutes,
  memberRoutes,
  notificationRoutes,
  idpUserRoutes,
  analyticsRoutes,
  searchRoutes,
  aiRoutes,
  previewRoutes,
]

/** Every entity: audit names, webhook events, and where records live for record() access. */
export const entities: Entity[] = [
  siteEntity,
  localeEntity,
  siteSettingsEntity,
  apiKeyEntity,
  contentEntity,
  tagEntity,
  categoryEntity,
  blogEntity,
  blogLocalizationEntity,
  socialLinkEntity,
  redirectEntity,
  skillEntity,
  cvEntryEntity,
  menuEntity,
  itemEntity,
  itemLocalizationEntity,
  pageEntity,
  pageSectionEntity,
  pageSectionLocalizationEntity,
  documentFolderEntity,
  documentEntity,
  documentLocalizationEntity,
  contentTemplateEntity,
  legalDocumentEntity,
  legalLocalizationEntity,
  legalGroupEntity,
  legalItemEntity,
  webhookEntity,
  mediaFolderEntity,
  mediaEntity,
  mediaMetadataEntity,
  previewEntity,
  memberEntity,
  accountEntity,
  notificationEntity,
  analyticsEntity,
  aiConfigEntity,
  aiGenerationEntity,
]

/** Kinds of content items (taxonomy and attachments hang off them). */
export const contentKinds: ContentKind[] = [blogContentKind, pageContentKind]

/** The entities whose change history may be reverted (POST /audit/history/revert), each through its own update. */
export const reverts: Revertable[] = [siteRevert, blogRevert, pageRevert, legalDocumentRevert, socialLinkRevert]
