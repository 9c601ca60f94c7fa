import type { Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { resource } from '../../shared/api/resource'
import { bulkBodyOf, type BulkAction } from '../../shared/ui/BulkBar'
import { ifMatch, orNull } from '../../shared/api/wire'
import { contentWorkflow, updateContent, versioned } from '../../shared/editor/contentWrites'
import type { Versioned } from '../../shared/editor/useWorkflowAction'
import { DEFAULT_PAGES_PER_PAGE, type PageListSearch } from './search'

/*
 * Pages and their sections (decisions.md "Pages and sections"). The page, each section and each section localization
 * are records of their own with their own ETags: the page saves through PUT /pages/{id}, a section through
 * PUT /pages/sections/{id}, a localization through PUT /pages/sections/{id}/localizations (an upsert), all with If-Match
 * (the writes every editor shares: shared/editor/contentWrites.ts).
 */

export type Page = Schemas['Page']
export type Section = Schemas['PageSection']
export type SectionLocalization = Schemas['PageSectionLocalization']
export type Locale = Schemas['Locale']
export type Template = Schemas['ContentTemplate']

/** The page's own fields the editor edits (one record, one save queue). */
export interface PageValues {
  route: string
  slug: string
  page_type: string
  template: string
  parent_page_id: string | null
  is_in_navigation: boolean
  navigation_order: number
}

export const pageValuesOf = (p: Page): PageValues => ({
  route: p.route,
  slug: p.slug,
  page_type: p.page_type,
  template: p.template ?? '',
  parent_page_id: p.parent_page_id,
  is_in_navigation: p.is_in_navigation,
  navigation_order: p.navigation_order,
})

/** A section's own fields. */
export interface SectionValues {
  section_type: string
  display_order: number
  cover_image_id: string | null
  call_to_action_route: string
  settings: Record<string, unknown>
}

export const sectionValuesOf = (s: Section): SectionValues => ({
  section_type: s.section_type,
  display_order: s.display_order,
  cover_image_id: s.cover_image_id,
  call_to_action_route: s.call_to_action_route ?? '',
  settings: s.settings,
})

/** One section localization's fields. */
export interface SectionLocValues {
  title: string
  text: string
  button_text: string
}

export const sectionLocValuesOf = (l: SectionLocalization | undefined): SectionLocValues => ({
  title: l?.title ?? '',
  text: l?.text ?? '',
  button_text: l?.button_text ?? '',
})

/** The plain list, get and delete of pages (shared/api/resource): keys ['site', siteId, 'pages', …]. */
const pagesResource = resource({ key: 'pages', list: '/api/v1/sites/{site_id}/pages', item: '/api/v1/pages/{id}', create: '/api/v1/pages' })

export const pageQueries = {
  list: (siteId: string, search: PageListSearch) => pagesResource.list(siteId, { page: search.page ?? 1, per_page: search.per_page ?? DEFAULT_PAGES_PER_PAGE }),
  /** Every page of the site (for the parent and call-to-action pickers, and the list's parent column). */
  all: (siteId: string) => pagesResource.all(siteId),
  editor: (siteId: string, id: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'pages', 'editor', id],
      queryFn: async () => {
        const [page, sections, locs] = await Promise.all([
          api().GET('/api/v1/pages/{id}', { params: { path: { id } } }),
          api().GET('/api/v1/pages/{page_id}/sections', { params: { path: { page_id: id } } }),
          api().GET('/api/v1/pages/{page_id}/sections/localizations', { params: { path: { page_id: id } } }),
        ])
        return { page: versioned(page), sections: sections.data!, localizations: locs.data as SectionLocalization[] }
      },
      // The editor owns its copy while open: a refetch must never replace what the form holds.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
  templates: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'content-templates', 'page'],
      queryFn: async () =>
        (await api().GET('/api/v1/sites/{site_id}/content-templates', { params: { path: { site_id: siteId }, query: { per_page: 100 } } })).data!.data.filter(
          (t) => t.content_type === 'page',
        ),
    }),
}

export async function createPage(siteId: string, body: { route: string; slug?: string; parent_page_id: string | null; template_id?: string }): Promise<Page> {
  const res = await api().POST('/api/v1/pages', {
    body: {
      site_ids: [siteId],
      route: body.route,
      ...(body.slug ? { slug: body.slug } : {}),
      parent_page_id: body.parent_page_id,
      ...(body.template_id ? { template_id: body.template_id } : {}),
      status: 'Draft',
    },
  })
  return res.data!
}

export const savePageValues = (id: string, v: PageValues, etag: string | undefined) => updateContent('pages', id, { ...v, template: orNull(v.template) }, etag)

/** The workflow of one page (shared/editor/useWorkflowAction). */
export const pageWorkflow = (id: string, siteId: string) => contentWorkflow('pages', id, siteId, pageValuesOf)

export async function createSection(pageId: string, sectionType: string, displayOrder: number): Promise<Versioned<Section>> {
  return versioned(
    await api().POST('/api/v1/pages/{page_id}/sections', {
      params: { path: { page_id: pageId } },
      body: { section_type: sectionType, display_order: displayOrder, settings: {} },
    }),
  )
}

export async function updateSection(id: string, v: Partial<SectionValues>, etag: string | undefined): Promise<Versioned<Section>> {
  const body = { ...v, ...(v.call_to_action_route !== undefined ? { call_to_action_route: orNull(v.call_to_action_route) } : {}) }
  return versioned(await api().PUT('/api/v1/pages/sections/{id}', { params: { path: { id }, header: ifMatch(etag) }, body }))
}

export async function deleteSection(id: string, etag: string | undefined): Promise<void> {
  await api().DELETE('/api/v1/pages/sections/{id}', { params: { path: { id }, header: ifMatch(etag) } })
}

export async function upsertSectionLocalization(
  sectionId: string,
  localeId: string,
  v: SectionLocValues,
  etag: string | undefined,
): Promise<Versioned<SectionLocalization>> {
  const res = await api().PUT('/api/v1/pages/sections/{section_id}/localizations', {
    params: { path: { section_id: sectionId }, header: ifMatch(etag) },
    body: { locale_id: localeId, title: orNull(v.title), text: orNull(v.text), button_text: orNull(v.button_text) },
  })
  return versioned(res)
}

/** POST /pages/{id}/clone: a new Draft with its sections, texts, categories and tags, at `<route>-copy`. */
export async function clonePage(id: string): Promise<Page> {
  return (await api().POST('/api/v1/pages/{id}/clone', { params: { path: { id } } })).data!
}

export async function deletePage(id: string): Promise<void> {
  await api().DELETE('/api/v1/pages/{id}', { params: { path: { id } } })
}

/**
 * POST /sites/{site_id}/pages/bulk. Pessimistic (admin.md): the screen shows progress, then the server's per-id
 * results; afterwards every page query of the site is refetched, whatever succeeded.
 */
export function useBulkPages(siteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ action, ids }: { action: BulkAction; ids: string[] }) =>
      (await api().POST('/api/v1/sites/{site_id}/pages/bulk', { params: { path: { site_id: siteId } }, body: bulkBodyOf(action, ids) })).data!,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pagesResource.key(siteId) }),
  })
}
