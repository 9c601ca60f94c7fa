import type { ContentStatus } from '../db/schema/content.js'
import { forbidden, invalidState, validation } from '../http/errors.js'

export type { ContentStatus }
export type ReviewAction = 'Approve' | 'RequestChanges'

export interface StatusChange {
  from: ContentStatus
  /** The status the caller asked for. */
  to: ContentStatus
  /** May this caller publish without review? (workflow off, or a Reviewer/Editor/Admin/Owner). */
  canPublish: boolean
  publishStart: Date | null
  now: Date
}

const due = (publishStart: Date | null, now: Date) => publishStart === null || publishStart.getTime() <= now.getTime()

/**
 * The status a blog or page ends in when an update asks for `to` (also bulk UpdateStatus).
 * - Draft and InReview can always be requested (submit for review, withdraw, unpublish).
 * - Published or Scheduled need canPublish (403 otherwise); Published with a future publish_start becomes
 *   Scheduled, Scheduled with a due or missing publish_start is a 400.
 */
export function statusAfterUpdate(c: StatusChange): ContentStatus {
  // Re-asking Published with a future publish_start takes the post down until then (Scheduled), like a first publish.
  const reschedules = c.to === 'Published' && !due(c.publishStart, c.now)
  if (c.to === c.from && !reschedules) return c.to
  switch (c.to) {
    case 'Draft':
      return 'Draft'
    case 'InReview':
      if (c.from !== 'Draft') invalidState(`Only a Draft can be submitted for review; this is ${c.from}`)
      return 'InReview'
    case 'Published':
    case 'Scheduled':
      if (!c.canPublish) forbidden('With the editorial workflow on, submit for review (status InReview) instead of publishing')
      if (c.to === 'Scheduled' && due(c.publishStart, c.now)) validation('publish_start', 'must be in the future to schedule')
      return due(c.publishStart, c.now) ? 'Published' : 'Scheduled'
  }
}

/** Review outcome: only InReview can be reviewed (409 INVALID_STATE). Approve publishes or schedules by publish_start. */
export function statusAfterReview(from: ContentStatus, action: ReviewAction, publishStart: Date | null, now: Date): ContentStatus {
  if (from !== 'InReview') invalidState(`Only content in review can be reviewed; this is ${from}`)
  switch (action) {
    case 'Approve':
      return due(publishStart, now) ? 'Published' : 'Scheduled'
    case 'RequestChanges':
      return 'Draft'
  }
}

/** True when a change makes content newly public: set published_at and fire `*.published`. */
export const becomesPublished = (from: ContentStatus, to: ContentStatus) => to === 'Published' && from !== 'Published'

/** True when a change submits content for review: notify the site's reviewers. */
export const becomesSubmitted = (from: ContentStatus, to: ContentStatus) => to === 'InReview' && from !== 'InReview'
