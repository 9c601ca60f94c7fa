import { describe, expect, it } from 'vitest'
import { checkSize, nextToStart, percentOf, summarize, uploadReducer, type UploadItem } from './queue'

const file = (id: string, size = 100) => ({ id, name: `${id}.png`, size, type: 'image/png' })
const added = (maxBytes: number | undefined, ...files: ReturnType<typeof file>[]) => uploadReducer([], { type: 'add', files, maxBytes })

describe('checkSize', () => {
  it('refuses a file over the site limit before it is sent, and an empty file', () => {
    expect(checkSize(101, 100)).toEqual({ kind: 'tooLarge', limit: 100 })
    expect(checkSize(100, 100)).toBeUndefined()
    expect(checkSize(0, 100)).toEqual({ kind: 'empty' })
  })
  it('leaves the decision to the server when the limit is not known', () => {
    expect(checkSize(10 ** 12, undefined)).toBeUndefined()
  })
})

describe('uploadReducer', () => {
  it('queues files within the limit and refuses the others on adding', () => {
    const items = added(150, file('a'), file('b', 200), file('c'))
    expect(items.map((i) => i.status)).toEqual(['queued', 'refused', 'queued'])
    expect(items[1]!.problem).toEqual({ kind: 'tooLarge', limit: 150 })
  })

  it('moves one file through progress to done or duplicate without touching the others', () => {
    let items = added(undefined, file('a'), file('b'))
    items = uploadReducer(items, { type: 'start', id: 'a' })
    items = uploadReducer(items, { type: 'progress', id: 'a', loaded: 40 })
    expect(percentOf(items[0]!)).toBe(40)
    expect(items[1]!.status).toBe('queued')
    items = uploadReducer(items, { type: 'done', id: 'a', mediaId: 'm1', duplicate: true })
    expect(items[0]).toMatchObject({ status: 'duplicate', mediaId: 'm1', loaded: 100 })
    expect(percentOf(items[0]!)).toBe(100)
  })

  it('keeps going after a failure, and a failed file can be retried', () => {
    let items = added(undefined, file('a'), file('b'))
    items = uploadReducer(items, { type: 'start', id: 'a' })
    items = uploadReducer(items, {
      type: 'failed',
      id: 'a',
      problem: { kind: 'api', status: 413, code: 'PAYLOAD_TOO_LARGE', title: 'Payload too large', requestId: 'r1', messageKey: 'errors.payloadTooLarge' },
    })
    expect(nextToStart(items, 2)).toEqual(['b'])
    items = uploadReducer(items, { type: 'retry', id: 'a' })
    expect(items[0]).toMatchObject({ status: 'queued', loaded: 0 })
    expect(items[0]!.problem).toBeUndefined()
  })

  it('clears finished items but never one still uploading', () => {
    let items = added(150, file('a'), file('b'), file('c', 200))
    items = uploadReducer(items, { type: 'start', id: 'a' })
    items = uploadReducer(items, { type: 'dismiss', id: 'a' })
    expect(items.map((i) => i.id)).toEqual(['a', 'b', 'c'])
    items = uploadReducer(items, { type: 'clearFinished' })
    expect(items.map((i) => i.id)).toEqual(['a', 'b'])
  })
})

describe('nextToStart', () => {
  it('starts queued files in order up to the concurrency', () => {
    let items: UploadItem[] = added(undefined, file('a'), file('b'), file('c'))
    expect(nextToStart(items, 2)).toEqual(['a', 'b'])
    items = uploadReducer(items, { type: 'start', id: 'a' })
    expect(nextToStart(items, 2)).toEqual(['b'])
    items = uploadReducer(items, { type: 'start', id: 'b' })
    expect(nextToStart(items, 2)).toEqual([])
  })
})

describe('summarize', () => {
  it('counts the outcome of a batch', () => {
    let items = added(150, file('a'), file('b', 200))
    items = uploadReducer(items, { type: 'done', id: 'a', mediaId: 'm', duplicate: false })
    expect(summarize(items)).toEqual({ total: 2, pending: 0, done: 1, duplicate: 0, failed: 1 })
  })
})
