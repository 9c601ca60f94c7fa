import { describe, expect, it } from 'vitest'
import { AtriumError, type Problem } from '@atrium-cms/client'
import { FORM_MESSAGE_KEYS, isNetworkFailure, normalizeFieldPath, toFormError } from './errors.js'

const problem = (status: number, p: Problem, extra: { requestId?: string; retryAfter?: number } = {}) =>
  new AtriumError({ status, problem: p, requestId: extra.requestId ?? 'req-1', retryAfter: extra.retryAfter })

describe('normalizeFieldPath', () => {
  it.each([
    ['localizations[0].title', 'localizations.0.title'],
    ['/body/localizations/0/title', 'localizations.0.title'],
    ['/body/title', 'title'],
    ['body.title', 'title'],
    ['localizations.0.title', 'localizations.0.title'],
    ["seo['meta_title']", 'seo.meta_title'],
    ['/querystring/per_page', 'per_page'],
    ['body', 'body'],
    ['/a~1b', 'a/b'],
    ['', ''],
  ])('%s → %s', (raw, want) => {
    expect(normalizeFieldPath(raw)).toBe(want)
  })
})

describe('toFormError', () => {
  it('places field errors, focuses the first in form order and keeps the request id', () => {
    const e = problem(400, {
      code: 'VALIDATION_FAILED',
      title: 'Validation failed',
      detail: 'slug: must match pattern',
      errors: [
        { field: 'localizations[0].title', message: 'must NOT be longer than 300 characters' },
        { field: '/body/slug', message: 'must match pattern' },
        { field: 'slug', message: 'a second message for the same field' },
        { field: 'mystery', message: 'not on this form' },
      ],
    })
    const f = toFormError(e, { fieldOrder: ['slug', 'localizations'] })
    expect(f.fieldErrors).toEqual({ 'localizations.0.title': 'must NOT be longer than 300 characters', slug: 'must match pattern' })
    expect(f.unplacedErrors).toEqual([{ field: 'mystery', message: 'not on this form' }])
    expect(f.firstInvalidField).toBe('slug')
    expect(f.formMessageKey).toBe(FORM_MESSAGE_KEYS.validation)
    expect(f.requestId).toBe('req-1')
    expect(f.title).toBe('Validation failed')
  })

  it('without a field list, places every named field and focuses the first reported', () => {
    const f = toFormError(
      problem(400, {
        code: 'VALIDATION_FAILED',
        errors: [
          { field: 'b', message: 'x' },
          { field: 'a', message: 'y' },
          { field: 'body', message: 'whole body' },
        ],
      }),
    )
    expect(f.fieldErrors).toEqual({ b: 'x', a: 'y' })
    expect(f.unplacedErrors).toEqual([{ field: 'body', message: 'whole body' }])
    expect(f.firstInvalidField).toBe('b')
  })

  it('chooses the message by code, never by detail text', () => {
    const cases: Array<[string, number, string, string]> = [
      ['CONFLICT', 409, FORM_MESSAGE_KEYS.conflict, 'none'],
      ['INVALID_STATE', 409, FORM_MESSAGE_KEYS.invalidState, 'reload'],
      ['FORBIDDEN', 403, FORM_MESSAGE_KEYS.forbidden, 'none'],
      ['NOT_FOUND', 404, FORM_MESSAGE_KEYS.notFound, 'none'],
      ['UNAUTHENTICATED', 401, FORM_MESSAGE_KEYS.unauthenticated, 'signIn'],
      ['UNAUTHORIZED', 401, FORM_MESSAGE_KEYS.unauthenticated, 'signIn'],
      ['VALIDATION_ERROR', 400, FORM_MESSAGE_KEYS.validation, 'none'],
      ['SOMETHING_NEW', 418, FORM_MESSAGE_KEYS.unknown, 'none'],
      ['SOMETHING_NEW', 503, FORM_MESSAGE_KEYS.unavailable, 'retry'],
    ]
    for (const [code, status, key, action] of cases) {
      // The detail says "conflict" every time: it must not steer the choice.
      const f = toFormError(problem(status, { code, detail: 'conflict conflict rate limited' }))
      expect([code, f.formMessageKey, f.action]).toEqual([code, key, action])
    }
  })

  it('RATE_LIMITED carries the Retry-After wait', () => {
    const f = toFormError(problem(429, { code: 'RATE_LIMITED' }, { retryAfter: 17 }))
    expect(f.formMessageKey).toBe(FORM_MESSAGE_KEYS.rateLimited)
    expect(f.formMessageParams.retryAfterSeconds).toBe(17)
    expect(f.action).toBe('retryLater')
  })

  it('EDIT_CONFLICT carries current', () => {
    const current = { id: 'b1', slug: 'theirs' }
    const f = toFormError(problem(412, { code: 'EDIT_CONFLICT', current }))
    expect(f.formMessageKey).toBe(FORM_MESSAGE_KEYS.editConflict)
    expect(f.action).toBe('resolveConflict')
    expect(f.current).toEqual(current)
  })

  it('network failures: the client status-0 error, a fetch TypeError, an abort', () => {
    const viaClient = new AtriumError({ status: 0, problem: { title: 'Network error', detail: 'fetch failed' } })
    for (const e of [viaClient, new TypeError('Failed to fetch'), Object.assign(new Error('aborted'), { name: 'AbortError' })]) {
      expect(isNetworkFailure(e)).toBe(true)
      const f = toFormError(e)
      expect(f.formMessageKey).toBe(FORM_MESSAGE_KEYS.network)
      expect(f.action).toBe('retry')
      expect(f.code).toBe('NETWORK_ERROR')
    }
  })

  it('anything else is unknown', () => {
    const f = toFormError(new Error('boom'))
    expect(f.formMessageKey).toBe(FORM_MESSAGE_KEYS.unknown)
    expect(f.requestId).toBeUndefined()
    expect(isNetworkFailure('x')).toBe(false)
  })
})
