import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/http/errors.js'
import { statusAfterReview, statusAfterUpdate, type ContentStatus } from '../../src/core/workflow.js'

const now = new Date('2026-01-01T12:00:00Z')
const past = new Date('2026-01-01T11:00:00Z')
const future = new Date('2026-01-02T12:00:00Z')

function code(fn: () => unknown): string | undefined {
  try {
    fn()
    return undefined
  } catch (e) {
    return e instanceof ApiError ? `${e.status} ${e.code}` : 'other'
  }
}

describe('statusAfterUpdate', () => {
  const cases: Array<[ContentStatus, ContentStatus, boolean, Date | null, string]> = [
    ['Draft', 'InReview', false, null, 'InReview'],
    ['Draft', 'Published', true, null, 'Published'],
    ['Draft', 'Published', true, past, 'Published'],
    ['Draft', 'Published', true, future, 'Scheduled'],
    ['Draft', 'Scheduled', true, future, 'Scheduled'],
    ['Draft', 'Scheduled', true, past, '400 VALIDATION_FAILED'],
    ['Draft', 'Published', false, null, '403 FORBIDDEN'],
    ['InReview', 'Draft', false, null, 'Draft'],
    ['Published', 'Draft', false, null, 'Draft'],
    ['Published', 'InReview', true, null, '409 INVALID_STATE'],
    ['Published', 'Published', false, null, 'Published'],
    ['Published', 'Published', true, future, 'Scheduled'],
    ['Published', 'Published', false, future, '403 FORBIDDEN'],
    ['InReview', 'Published', true, null, 'Published'],
  ]
  it.each(cases)('%s → %s (canPublish %s, start %s) = %s', (from, to, canPublish, publishStart, expected) => {
    const run = () => statusAfterUpdate({ from, to, canPublish, publishStart, now })
    if (/^\d{3} /.test(expected)) expect(code(run)).toBe(expected)
    else expect(run()).toBe(expected)
  })
})

describe('statusAfterReview', () => {
  it('approves to Published when publish_start is due or missing', () => {
    expect(statusAfterReview('InReview', 'Approve', null, now)).toBe('Published')
    expect(statusAfterReview('InReview', 'Approve', past, now)).toBe('Published')
  })
  it('approves to Scheduled when publish_start is in the future', () => {
    expect(statusAfterReview('InReview', 'Approve', future, now)).toBe('Scheduled')
  })
  it('sends back to Draft on RequestChanges', () => {
    expect(statusAfterReview('InReview', 'RequestChanges', null, now)).toBe('Draft')
  })
  it.each(['Draft', 'Published', 'Scheduled'] as const)('refuses to review %s with 409 INVALID_STATE', (from) => {
    expect(code(() => statusAfterReview(from, 'Approve', null, now))).toBe('409 INVALID_STATE')
  })
})
