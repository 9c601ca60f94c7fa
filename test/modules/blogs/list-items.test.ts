import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlogListItem } from '../../../src/modules/blogs/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import type { Page } from '../../helpers/records.js'
import { image, uploaded } from '../media/fixtures.js'
import { createBlog, locId, publishedBlog } from './fixtures.js'

/*
 * The site's list carries what a list row shows beside the title (the admin's post list): the locales the post has a
 * localization in and its cover, embedded, so the list needs no read per row.
 */

let t: TestApp
let site: SiteFixture

beforeAll(async () => {
  t = await testApp()
  site = await makeSite(t)
})
afterAll(() => t.close())

const list = async () => expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs?per_page=100`), 200).data

describe('GET /sites/{site_id}/blogs items', () => {
  it('carry locale_ids (every localization, default locale first) and the embedded cover_image; a deleted cover is null', async () => {
    const pic = await uploaded(t, site, await image('jpeg', 320, 200, 7), 'cover.jpg')
    const gone = await uploaded(t, site, await image('png', 64, 48, 8), 'gone.png')
    const en = locId(site, 'en')
    const de = locId(site, 'de')
    const both = await publishedBlog(t, site, {
      cover_image_id: pic.id,
      localizations: [
        { locale_id: de, title: 'Zwei' },
        { locale_id: en, title: 'Two' },
      ],
    })
    const one = await createBlog(t, site, { cover_image_id: gone.id, localizations: [{ locale_id: de, title: 'Eins' }] })
    const none = await createBlog(t, site)
    expect((await t.as(site.keys.Write).delete(`/media/${gone.id}`)).statusCode).toBe(204)

    const items = new Map((await list()).map((x) => [x.id, x]))
    const defaultFirst = site.locales.find((l) => l.is_default)?.id === de ? [de, en] : [en, de]
    expect(items.get(both.id)?.locale_ids).toEqual(defaultFirst)
    expect(items.get(both.id)?.cover_image).toMatchObject({ id: pic.id, filename: 'cover.jpg', width: 320, height: 200, image_url: pic.image_url })
    expect(items.get(one.id)?.locale_ids).toEqual([de])
    expect(items.get(one.id)?.cover_image_id).toBe(gone.id)
    expect(items.get(one.id)?.cover_image).toBeNull()
    expect(items.get(none.id)?.locale_ids).toEqual(none.localizations.map((l) => l.locale_id))
    expect(items.get(none.id)?.cover_image).toBeNull()

    // The public list answers the same shape.
    const pub = expectStatus<Page<BlogListItem>>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published`), 200).data
    expect(pub.find((x) => x.id === both.id)?.locale_ids).toEqual(defaultFirst)
  })
})
