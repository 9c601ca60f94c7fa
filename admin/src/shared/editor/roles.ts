import type { Schemas } from '@atrium-cms/client'

/*
 * Which workflow buttons a caller sees (decisions.md "Content", core/levels.ts): submitting and editing need Author
 * (an API key: Write); reviewing needs Reviewer (Write); publishing and unpublishing directly need Reviewer when the
 * site's editorial workflow is on, Author otherwise. The server decides; this only hides buttons that would fail.
 */

type AuthInfo = Schemas['AuthInfo']
/** Blog and page status values (spec "States and transitions"). */
export type ContentStatus = 'Draft' | 'InReview' | 'Published' | 'Scheduled'
const ROLE_RANK = { Viewer: 1, Author: 2, Editor: 3, Reviewer: 4, Admin: 5, Owner: 6 } as const
const LEVEL_RANK = { Read: 1, Write: 2, Admin: 3, Master: 4 } as const

export interface Capabilities {
  canEdit: boolean
  canReview: boolean
  canPublish: boolean
}

export function capabilitiesOf(me: AuthInfo | undefined, siteId: string, workflowEnabled: boolean): Capabilities {
  let canEdit = false
  let canReview = false
  if (me?.auth_method === 'api_key') {
    const level = me.site_id === null || me.site_id === siteId ? me.permission : null
    canEdit = canReview = level !== null && LEVEL_RANK[level] >= LEVEL_RANK.Write
  } else if (me) {
    const role = me.memberships?.find((m) => m.site_id === siteId)?.role
    const rank = me.is_system_admin ? ROLE_RANK.Owner : role ? ROLE_RANK[role] : 0
    canEdit = rank >= ROLE_RANK.Author
    canReview = rank >= ROLE_RANK.Reviewer
  }
  return { canEdit, canReview, canPublish: canEdit && (!workflowEnabled || canReview) }
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
