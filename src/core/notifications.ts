import { and, eq, inArray } from 'drizzle-orm'
import type { Tx } from '../db/client.js'
import { siteMembers, type SITE_ROLES } from '../db/schema/members.js'
import { notifications, type NOTIFICATION_TYPES } from '../db/schema/notifications.js'

/*
 * In-app notification records for the editorial workflow.
 * They are written inside the caller's mutate() transaction, so a workflow change and its notifications
 * commit or roll back together. Blogs and pages share these helpers.
 */

export type NotifiableEntity = 'blog' | 'page'
type NotificationType = (typeof NOTIFICATION_TYPES)[number]
type SiteRole = (typeof SITE_ROLES)[number]

/** Roles told when content is submitted for review (those who may approve it or edit it: Reviewers, Editors, Admins and Owner). */
export const REVIEWER_ROLES: readonly SiteRole[] = ['Reviewer', 'Editor', 'Admin', 'Owner']

export interface SubmittedNotice {
  siteId: string
  entityType: NotifiableEntity
  entityId: string
  /** The content's title (default-locale title); shown in the notification. */
  title: string
  /** Creation time of the records; the database's now() when omitted. */
  at?: Date
}

export interface ReviewedNotice extends SubmittedNotice {
  /** Identity-provider id of the author (blogs.created_by_idp); null when created with an API key: nobody to tell. */
  recipientIdp: string | null
  approved: boolean
  comment?: string | undefined
}

const named = (title: string) => (title.trim() === '' ? '(untitled)' : title.trim())

function row(n: SubmittedNotice, recipient: string, type: NotificationType, title: string, message: string) {
  return {
    site_id: n.siteId,
    recipient_idp_id: recipient,
    notification_type: type,
    title,
    message,
    entity_type: n.entityType,
    entity_id: n.entityId,
    ...(n.at ? { created_at: n.at } : {}),
  }
}

/** Content submitted for review: one content_submitted record per Reviewer, Editor, Admin and Owner of the site. */
export async function notifySubmitted(tx: Tx, n: SubmittedNotice): Promise<void> {
  const members = await tx
    .select({ idp: siteMembers.idp_user_id })
    .from(siteMembers)
    .where(and(eq(siteMembers.site_id, n.siteId), inArray(siteMembers.role, [...REVIEWER_ROLES])))
  const recipients = [...new Set(members.map((m) => m.idp))]
  if (recipients.length === 0) return
  const title = named(n.title)
  await tx
    .insert(notifications)
    .values(recipients.map((r) => row(n, r, 'content_submitted', `Review requested: ${title}`, `The ${n.entityType} "${title}" was submitted for review.`)))
}

/** Review outcome: content_approved or content_changes_requested to the author, when the author is a known user. */
export async function notifyReviewed(tx: Tx, n: ReviewedNotice): Promise<void> {
  if (!n.recipientIdp) return
  const title = named(n.title)
  const comment = n.comment?.trim() ? `\n\nReviewer's comment: ${n.comment.trim()}` : ''
  const values = n.approved
    ? row(n, n.recipientIdp, 'content_approved', `Approved: ${title}`, `Your ${n.entityType} "${title}" was approved.${comment}`)
    : row(
        n,
        n.recipientIdp,
        'content_changes_requested',
        `Changes requested: ${title}`,
        `A reviewer asked for changes to your ${n.entityType} "${title}".${comment}`,
      )
  await tx.insert(notifications).values(values)
}
