import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogLocalizationKit } from '../../src/modules/blogs/localization.service.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import { auditsOf } from '../helpers/records.js'
import { createBlog } from '../modules/blogs/fixtures.js'

/* The localization kit's upsert (page sections need "one per locale (upsert)"), exercised on blog localizations. */

let t: TestApp
let a: SiteFixture
beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
})
afterAll(() => t.close())

describe('localizations: upsert per locale', () => {
  it('creates the locale localization, then updates that same row; the locale by code; audited Create then Update', async () => {
    const blog = await createBlog(t, a)
    const first = await blogLocalizationKit.upsert(t.sys(), blog.id, { locale: 'de', title: 'Hallo' })
    expect(first.created).toBe(true)
    const second = await blogLocalizationKit.upsert(t.sys(), blog.id, { locale: 'DE', title: 'Hallo Welt' })
    expect(second).toMatchObject({ created: false, row: { id: first.row.id, title: 'Hallo Welt' } })
    expect((await blogLocalizationKit.list(t.sys(), blog.id)).filter((l) => l.locale_id === first.row.locale_id)).toHaveLength(1)
    expect((await auditsOf(t, 'blog_localization', first.row.id)).map((r) => r.action)).toEqual(['Create', 'Update'])
  })

  it('an unknown locale code is a 400 on `locale`; neither locale nor locale_id is a 400 on `locale_id`', async () => {
    const blog = await createBlog(t, a)
    await expect(blogLocalizationKit.upsert(t.sys(), blog.id, { locale: 'fr', title: 'x' })).rejects.toMatchObject({
      status: 400,
      errors: [{ field: 'locale' }],
    })
    await expect(blogLocalizationKit.upsert(t.sys(), blog.id, { title: 'x' })).rejects.toMatchObject({ status: 400, errors: [{ field: 'locale_id' }] })
  })
})
