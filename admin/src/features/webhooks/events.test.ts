import { describe, expect, it } from 'vitest'
import { ALL_EVENTS, attemptsOf, EVENT_GROUPS, eventsBody, type Delivery } from './events'

const d = (id: string, delivery_id: string, attempt: number, at: string): Delivery => ({
  id,
  webhook_id: 'w',
  delivery_id,
  event_type: 'blog.created',
  attempt,
  status_code: 500,
  response_time_ms: 3,
  error: null,
  success: false,
  created_at: at,
})

describe('webhook events', () => {
  it('lists every event once, grouped', () => {
    expect(new Set(ALL_EVENTS).size).toBe(ALL_EVENTS.length)
    expect(ALL_EVENTS).toHaveLength(46)
    expect(EVENT_GROUPS.find((g) => g.entity === 'blog')?.events).toEqual(['blog.created', 'blog.updated', 'blog.deleted', 'blog.reviewed', 'blog.published'])
  })
  it('sends an empty list for all events, else the chosen ones in list order', () => {
    expect(eventsBody('all', ['blog.created'])).toEqual([])
    expect(eventsBody('chosen', ['page.deleted', 'blog.created'])).toEqual(['blog.created', 'page.deleted'])
  })
  it('collects the attempts of one delivery, first first', () => {
    const log = [
      d('3', 'x', 3, '2026-01-01T00:03:00Z'),
      d('9', 'y', 1, '2026-01-01T00:00:00Z'),
      d('1', 'x', 1, '2026-01-01T00:00:00Z'),
      d('2', 'x', 2, '2026-01-01T00:01:00Z'),
    ]
    expect(attemptsOf(log, 'x').map((a) => a.id)).toEqual(['1', '2', '3'])
  })
})
