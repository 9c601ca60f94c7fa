import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { anyAuth, level, site } from '../../http/access.js'
import { Paginated } from '../../http/pagination.js'
import { SiteParams } from '../../http/schemas.js'
import { AuditEntries, AuditListQuery, AuditLogEntry, ChangeHistoryEntries, EntityParams, RevertBody, RevertResult } from './schemas.js'
import * as audit from './service.js'

const route = operations('Audit', {
  listSiteAudit: [
    'List the audit entries of a site',
    'Every audited write of the site, newest first. Filters: `entity_type`, `action`, `user_id` (the acting user), `api_key_id` (the acting key), ' +
      '`from` (inclusive) and `to` (exclusive) as ISO timestamps. The actor of an entry: `user_id` for a JWT caller, `api_key_id` for an API key, neither for the service itself.',
  ],
  listEntityAudit: [
    'List the audit entries of one entity',
    "Entries of one entity, newest first (at most 1000). The entity's site is the site of its audit entries (the owning site of shared content): " +
      'the caller needs Read there. Another site, a deleted site or an id no entry names: 404 (the audit never reveals that a record exists).',
  ],
  listEntityHistory: [
    'List the change history of one entity',
    'Field-level changes of one entity (old and new value of each changed field), newest first (at most 1000). Access as for the entries.',
  ],
  revertChanges: [
    'Revert fields of one entity',
    "Restores, for each field named by the chosen changes, the old value of its earliest chosen change, through the entity's own update " +
      '(same rules, events and cache refresh; audited as action `Revert` with `reverted_change_ids`). Revertable: blog, page, site, social_link ' +
      "(legal_document once that module exists). Needs Admin on the entity's owning site. 404: an unknown id or one outside your sites; 400: ids of " +
      'several entities, another entity type, a never-revertible field (id, content_id, site_id, created_at, updated_at, created_by, is_deleted, ' +
      'published_at), a field the update does not take, or an old value it no longer accepts. Secrets are never in the history and never restored.',
  ],
})

export const auditRoutes: AppPlugin = async (app) => {
  app.get(
    '/sites/:site_id/audit',
    route('listSiteAudit', { access: site('Read'), params: SiteParams, querystring: AuditListQuery, response: { 200: Paginated(AuditLogEntry) } }),
    (req) => audit.siteAudit(req.ctx, req.params.site_id, req.query),
  )

  app.get(
    '/audit/entity/:entity_type/:entity_id',
    route('listEntityAudit', { access: anyAuth, params: EntityParams, response: { 200: AuditEntries } }),
    (req) => audit.entityAudit(req.ctx, req.params),
  )

  app.get(
    '/audit/history/:entity_type/:entity_id',
    route('listEntityHistory', { access: anyAuth, params: EntityParams, response: { 200: ChangeHistoryEntries } }),
    (req) => audit.entityHistory(req.ctx, req.params),
  )

  app.post('/audit/history/revert', route('revertChanges', { access: level('Admin'), body: RevertBody, response: { 200: RevertResult } }), (req) =>
    audit.revert(req.ctx, req.body),
  )
}
