import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DraftKey } from '../logic/drafts'
import { createSaveQueue, type SaveAnswer, type SaveRequest } from '../logic/saveQueue'
import { draftStore, persistDrafts } from './drafts'
import { applyHandOver, editsSinceCreate, handOver, takeHandOver } from './handOver'

interface Post {
  blog: { slug: string }
  loc: { title: string; body: string }
}
const empty: Post = { blog: { slug: '' }, loc: { title: '', body: '' } }
const newKey: DraftKey = { siteId: 's1', recordId: 'new:blog', locale: '*' }
const at = (locale: string): DraftKey => ({ siteId: 's1', recordId: 'b1', locale })

/** The new-post form's queue as NewBlogForm builds it: no autosave of its own, the first save POSTs, and once created it retires. */
function newPostQueue() {
  const creates: Post[] = []
  let answer: (a: SaveAnswer<{ id: string }>) => void = () => undefined
  const queue = createSaveQueue<Post, { id: string }>({
    initialValues: empty,
    etag: undefined,
    autosave: false,
    save: ({ values }) => {
      creates.push(values)
      return new Promise((resolve) => (answer = resolve))
    },
    onSaved: (a) => a.result && queue.retire(),
  })
  return { queue, creates, answer: (a: SaveAnswer<{ id: string }>) => answer(a) }
}

const sinceCreate = (state: { values: Post; savedValues: Post }) =>
  editsSinceCreate(state, [
    { key: at('*'), pick: (v) => v.blog },
    { key: at('en'), pick: (v) => v.loc },
  ])

afterEach(async () => {
  vi.useRealTimers()
  await draftStore().clearAll()
})

describe('a new post whose first save is in flight while the user keeps typing', () => {
  it('sends one POST; every keystroke typed meanwhile reaches the created post through its editor, with If-Match', async () => {
    const { queue, creates, answer } = newPostQueue()
    queue.edit({ ...empty, loc: { title: 'Spring', body: 'The tulips' } })
    const created = queue.flush()
    // Typing goes on while the POST is out; the form's autosave (and Ctrl+S) asks for another save meanwhile.
    queue.edit({ ...empty, loc: { title: 'Spring', body: 'The tulips are' } })
    void queue.flush()
    answer({ etag: '"b1-v1"', result: { id: 'b1' } })
    await created
    // Typed after the answer, before the editor moved to the post's address.
    queue.edit({ ...empty, loc: { title: 'Spring', body: 'The tulips are out.' } })
    await queue.flush()
    expect(creates).toEqual([{ ...empty, loc: { title: 'Spring', body: 'The tulips' } }])
    expect(queue.getState().values.loc.body).toBe('The tulips are out.')

    // The form hands over what the create did not carry; the post's editor (one queue per record) takes it.
    const handed = sinceCreate(queue.getState())
    expect(handed).toEqual([{ key: at('en'), patch: { body: 'The tulips are out.' } }])
    handOver('s1', 'b1', handed)
    const saves: Array<SaveRequest<Post['loc']>> = []
    const loc = createSaveQueue<Post['loc']>({
      initialValues: creates[0]!.loc,
      etag: '"loc-v1"',
      save: (r) => (saves.push(r), Promise.resolve({ etag: '"loc-v2"' })),
    })
    applyHandOver(takeHandOver('s1', 'b1'), (l) => (l === 'en' ? loc : undefined))
    expect(loc.getState()).toMatchObject({ isDirty: true, values: { title: 'Spring', body: 'The tulips are out.' } })
    await loc.flush()
    expect(saves).toEqual([{ values: { title: 'Spring', body: 'The tulips are out.' }, ifMatch: '"loc-v1"' }])
    loc.dispose()
    // Taken once: a later visit of the post gets nothing again.
    expect(takeHandOver('s1', 'b1')).toEqual([])
  })

  it('keeps the handed-over edits as drafts of the created post (a tab closed before its editor opens), none under new:blog', async () => {
    vi.useFakeTimers()
    const { queue, answer } = newPostQueue()
    const stop = persistDrafts(queue, newKey, {})
    queue.edit({ ...empty, loc: { title: 'Spring', body: 'The tulips' } })
    const created = queue.flush()
    queue.edit({ ...empty, loc: { title: 'Spring', body: 'The tulips are out.' } })
    answer({ etag: '"b1-v1"', result: { id: 'b1' } })
    await created
    // Created: the form stops keeping drafts under new:blog (a write still waiting goes first) and drops that draft.
    stop()
    await draftStore().discard(newKey)
    await vi.advanceTimersByTimeAsync(1000)
    handOver('s1', 'b1', sinceCreate(queue.getState()))
    await vi.advanceTimersByTimeAsync(0)
    expect(await draftStore().load(newKey)).toBeUndefined()
    expect(await draftStore().load(at('en'))).toMatchObject({ values: { body: 'The tulips are out.' } })
    expect(await draftStore().load(at('*'))).toBeUndefined()
    takeHandOver('s1', 'b1')
  })
})

describe('persistDrafts', () => {
  it('writes a draft still waiting for its quiet time when stopped: the last keystrokes are kept', async () => {
    vi.useFakeTimers()
    const q = createSaveQueue<Post>({ initialValues: empty, etag: undefined, autosave: false, save: () => Promise.resolve({ etag: undefined }) })
    const stop = persistDrafts(q, newKey, {})
    q.edit({ ...empty, loc: { title: 'T', body: 'last words' } })
    stop()
    await vi.advanceTimersByTimeAsync(0)
    expect(await draftStore().load(newKey)).toMatchObject({ values: { loc: { title: 'T', body: 'last words' } } })
    q.dispose()
  })
})
