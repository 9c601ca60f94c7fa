import type { Schemas } from '@atrium-cms/client'
import { hasSiteRole } from '../logic/access'

/*
 * Which workflow buttons a caller sees (decisions.md "Content", core/levels.ts): submitting and editing need Author
 * (an API key: Write); reviewing needs Reviewer (Write); publishing and unpublishing directly need Reviewer when the
 * site's editorial workflow is on, Author otherwise. The server decides; this only hides buttons that would fail.
 */

type AuthInfo = Schemas['AuthInfo']
/** Blog and page status values (spec "States and transitions"). */
export type ContentStatus = 'Draft' | 'InReview' | 'Published' | 'Scheduled'

export interface Capabilities {
  canEdit: boolean
  canReview: boolean
  canPublish: boolean
  /** Deleting a post needs Editor (an API key: Write). */
  canDelete: boolean
}

export function capabilitiesOf(me: AuthInfo | undefined, siteId: string, workflowEnabled: boolean): Capabilities {
  const canEdit = hasSiteRole(me, siteId, 'Author')
  const canReview = hasSiteRole(me, siteId, 'Reviewer')
  return { canEdit, canReview, canPublish: canEdit && (!workflowEnabled || canReview), canDelete: hasSiteRole(me, siteId, 'Editor') }
}

export type WorkflowAction = 'submit' | 'approve' | 'requestChanges' | 'publish' | 'unpublish'

/** The actions offered for a status: never the save shortcut, always a distinct click. */
export function actionsFor(status: ContentStatus, caps: Capabilities): WorkflowAction[] {
  const out: WorkflowAction[] = []
  if (status === 'Draft') {
    if (caps.canEdit) out.push('submit')
    if (caps.canPublish) out.push('publish')
  } else if (status === 'InReview') {
    if (caps.canReview) out.push('approve', 'requestChanges')
  } else if (caps.canPublish) out.push('unpublish')
  return out
}
