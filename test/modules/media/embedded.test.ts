import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlogDetail, BlogListItem } from '../../../src/modules/blogs/schemas.js'
import type { EmbeddedImage, Media } from '../../../src/modules/media/schemas.js'
import type { PageDetail } from '../../../src/modules/pages/schemas.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import { image, uploaded } from './fixtures.js'

/*
 * Delivery answers embed their images (decisions.md "Media", README "Embedded images"): blog cover_image and
 * header_image, page section cover_image, beside the id fields. A change of what they embed (focal point, alt text,
 * file name, deletion) shows in the next delivery read, cached or not, in every site showing the content.
 */

let t: TestApp
let a: SiteFixture
let b: SiteFixture
let pic: Media
let header: Media

const bySlug = (site: SiteFixture, slug: string) => t.as(site.keys.Read).get(`/sites/${site.id}/blogs/by-slug/${slug}`)
const published = (site: SiteFixture, locale = '') => t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published${locale ? `?locale=${locale}` : ''}`)
const byRoute = (site: SiteFixture, route: string) => t.as(site.keys.Read).get(`/sites/${site.id}/pages/by-route/${route}`)

const coverOf = async (site: SiteFixture, slug: string) => expectStatus<BlogDetail>(await bySlug(site, slug), 200).cover_image

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
  pic = await uploaded(t, a, await image('jpeg', 640, 400, 41), 'harbour.jpg')
  header = await uploaded(t, a, await image('png', 300, 100, 42), 'banner.png')
  const w = t.as(a.keys.Write)
  expectStatus(await w.post(`/media/${pic.id}/metadata`, { locale: 'en', alt_text: 'Boats at dawn' }), 201)
  expectStatus(await w.post(`/media/${pic.id}/metadata`, { locale: 'de', alt_text: 'Boote im Morgengrauen' }), 201)
  expectStatus(
    await w.post('/blogs', {
      site_ids: [a.id],
      slug: 'harbour',
      status: 'Published',
      cover_image_id: pic.id,
      header_image_id: header.id,
      localizations: [
        { locale: 'en', title: 'Harbour' },
        { locale: 'de', title: 'Hafen' },
      ],
    }),
    201,
  )
  expectStatus(await w.post('/blogs', { site_ids: [a.id], slug: 'plain', status: 'Published', localizations: [{ locale: 'en', title: 'Plain' }] }), 201)
  expectStatus(
    await w.post('/pages', {
      site_ids: [a.id],
      route: '/harbour',
      status: 'Published',
      sections: [{ section_type: 'hero', cover_image_id: pic.id }, { section_type: 'text' }],
    }),
    201,
  )
})
afterAll(async () => {
  await t?.close()
})

describe('delivery answers embed their images', () => {
  it('a blog by slug carries cover_image and header_image beside their ids', async () => {
    const blog = expectStatus<BlogDetail>(await bySlug(a, 'harbour'), 200)
    expect(blog.cover_image_id).toBe(pic.id)
    expect(blog.cover_image).toEqual<EmbeddedImage>({
      id: pic.id,
      filename: 'harbour.jpg',
      url: pic.public_url,
      image_url: pic.image_url,
      mime_type: 'image/jpeg',
      width: 640,
      height: 400,
      focal_x: 0.5,
      focal_y: 0.5,
      alt: 'Boats at dawn',
      alt_texts: { de: 'Boote im Morgengrauen', en: 'Boats at dawn' },
    })
    expect(blog.header_image).toMatchObject({ id: header.id, mime_type: 'image/png', width: 300, height: 100, alt: null, alt_texts: {} })
    const plain = expectStatus<BlogDetail>(await bySlug(a, 'plain'), 200)
    expect(plain).toMatchObject({ cover_image_id: null, cover_image: null, header_image: null })
  })

  it("the published list embeds them with the alt text of the item's locale", async () => {
    const en = expectStatus<{ data: BlogListItem[] }>(await published(a), 200).data.find((x) => x.slug === 'harbour')
    expect(en?.cover_image).toMatchObject({ id: pic.id, alt: 'Boats at dawn', image_url: pic.image_url, width: 640 })
    const de = expectStatus<{ data: BlogListItem[] }>(await published(a, 'de'), 200).data.find((x) => x.slug === 'harbour')
    expect(de).toMatchObject({ locale: 'de', cover_image: { alt: 'Boote im Morgengrauen' }, header_image: { id: header.id } })
    const admin = expectStatus<{ data: BlogListItem[] }>(await t.as(a.keys.Read).get(`/sites/${a.id}/blogs?locale=de`), 200).data
    expect(admin.find((x) => x.slug === 'harbour')?.cover_image).toMatchObject({ id: pic.id, alt: 'Boote im Morgengrauen', url: pic.public_url })
  })

  it('a page by route embeds each section cover', async () => {
    const page = expectStatus<PageDetail>(await byRoute(a, 'harbour'), 200)
    expect(page.sections.map((s) => s.cover_image?.id ?? null)).toEqual([pic.id, null])
    expect(page.sections[0]?.cover_image).toMatchObject({ url: pic.public_url, image_url: pic.image_url, alt: 'Boats at dawn', focal_x: 0.5 })
  })
})

describe('a change of the embedded image shows in the next delivery read', () => {
  it('focal point: blog by slug, published list and page by route (all cached before)', async () => {
    // Warm every cached answer first: the change must show through the read cache, not around it.
    for (let i = 0; i < 2; i++) {
      expectStatus(await bySlug(a, 'harbour'), 200)
      expectStatus(await published(a), 200)
      expectStatus(await byRoute(a, 'harbour'), 200)
    }
    const moved = expectStatus<Media>(await t.as(a.keys.Write).put(`/media/${pic.id}`, { focal_x: 0.2, focal_y: 0.75 }), 200)
    expect(moved.image_url).not.toBe(pic.image_url)
    expect(await coverOf(a, 'harbour')).toMatchObject({ focal_x: 0.2, focal_y: 0.75, image_url: moved.image_url })
    const item = expectStatus<{ data: BlogListItem[] }>(await published(a), 200).data.find((x) => x.slug === 'harbour')
    expect(item?.cover_image).toMatchObject({ focal_x: 0.2, focal_y: 0.75, image_url: moved.image_url })
    const page = expectStatus<PageDetail>(await byRoute(a, 'harbour'), 200)
    expect(page.sections[0]?.cover_image).toMatchObject({ focal_x: 0.2, focal_y: 0.75, image_url: moved.image_url })
  })

  it('alt text and file name', async () => {
    const w = t.as(a.keys.Write)
    const meta = expectStatus<{ metadata: Array<{ id: string; locale_id: string }> }>(await w.get(`/media/${pic.id}`), 200).metadata
    const en = a.locales.find((l) => l.code === 'en')
    const enMeta = meta.find((m) => m.locale_id === en?.id)
    expectStatus(await w.put(`/media/metadata/${enMeta?.id}`, { alt_text: 'Fishing boats at dawn' }), 200)
    expect(await coverOf(a, 'harbour')).toMatchObject({ alt: 'Fishing boats at dawn', alt_texts: { en: 'Fishing boats at dawn' } })
    expectStatus(await w.put(`/media/${pic.id}`, { filename: 'fishing-boats.jpg' }), 200)
    expect(await coverOf(a, 'harbour')).toMatchObject({ filename: 'fishing-boats.jpg' })
  })

  it("a global image in another site's post: that site's answers are refreshed too", async () => {
    const shared = await uploaded(t, a, await image('jpeg', 200, 200, 43), 'shared.jpg')
    expectStatus(await t.as(a.keys.Master).put(`/media/${shared.id}`, { is_global: true }), 200)
    expectStatus(
      await t.as(b.keys.Write).post('/blogs', {
        site_ids: [b.id],
        slug: 'borrowed',
        status: 'Published',
        cover_image_id: shared.id,
        localizations: [{ locale: 'en', title: 'Borrowed' }],
      }),
      201,
    )
    expect(await coverOf(b, 'borrowed')).toMatchObject({ id: shared.id, focal_x: 0.5 })
    expectStatus(await t.as(a.keys.Write).put(`/media/${shared.id}`, { focal_x: 0.9 }), 200)
    expect(await coverOf(b, 'borrowed')).toMatchObject({ id: shared.id, focal_x: 0.9 })
  })

  it('a deleted image embeds as null; its id stays', async () => {
    expect((await t.as(a.keys.Write).delete(`/media/${header.id}`)).statusCode).toBe(204)
    const blog = expectStatus<BlogDetail>(await bySlug(a, 'harbour'), 200)
    expect(blog).toMatchObject({ header_image_id: header.id, header_image: null })
    expect(blog.cover_image).not.toBeNull()
  })
})
