import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { record } from '../../http/access.js'
import { IdParams } from '../../http/schemas.js'
import { categoryEntity } from './categories.resource.js'
import * as merges from './merge.service.js'
import { Category, MergeTermBody, Tag } from './schemas.js'
import { tagEntity } from './tags.resource.js'
const extension = '**Atrium extension** (not in the interface specification). '
const common =
  'Needs what deleting it needs (Author on its site). `into_id` must be a live one of the same site, not the merged one itself ' +
  '(400 on `into_id` otherwise). One change, audited: a Delete entry on the merged one, an Update entry on the target and on every ' +
  'content item whose assignments moved (with their history).'

const route = operations('Taxonomy', {
  mergeTag: [
    'Merge a tag into another',
    extension +
      'Moves every content assignment of the tag to the tag `into_id` (an item that has both keeps one), then soft-deletes the tag. ' +
      common +
      ' Fires `tag.deleted` (with `merged_into`) and the `*.updated` event of every content item that changed. Answers the target tag.',
  ],
  mergeCategory: [
    'Merge a category into another',
    extension +
      'Moves every content assignment of the category to the category `into_id` (an item that has both keeps one; where the merged ' +
      'category was primary, the target becomes primary), moves its child categories under the target, then soft-deletes it. A target ' +
      'that lies below the merged category first moves up to its parent. ' +
      common +
      ' Fires `category.deleted` (with `merged_into`), `category.updated` for every moved category and the `*.updated` event of every ' +
      'content item that changed. Answers the target category.',
  ],
})

export const taxonomyMergeRoutes: AppPlugin = async (app) => {
  app.post(
    '/tags/:id/merge',
    route('mergeTag', { access: record(tagEntity, 'Author'), params: IdParams, body: MergeTermBody, response: { 200: Tag } }),
    (req) => merges.mergeTag(req.ctx, req.params.id, req.body),
  )
  app.post(
    '/categories/:id/merge',
    route('mergeCategory', { access: record(categoryEntity, 'Author'), params: IdParams, body: MergeTermBody, response: { 200: Category } }),
    (req) => merges.mergeCategory(req.ctx, req.params.id, req.body),
  )
}
