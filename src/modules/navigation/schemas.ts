import { Type, type Static } from 'typebox'
import type { LinkType } from '../../db/schema/navigation.js'
import { Body, Int, LocalizationBody, Nullable, PatchBody, Uuid, presenter } from '../../http/schemas.js'
import { wireRecord } from '../../http/records.js'

/* Navigation wire format. */

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Display name (not blank)' })
const SlugInput = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  description: 'Lowercase letters, digits and single hyphens; unique in the site (409 otherwise). Frontends look up `primary` and `footer`.',
})
const Description = Nullable(Type.String({ maxLength: 5000 }))
const Title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'The title in the default locale (not blank)' })
const LinkTypeSchema = Type.Union([Type.Literal('internal'), Type.Literal('external'), Type.Literal('page')], {
  description: '`internal`: a path of the site in `url` (starting with `/`); `external`: an absolute http(s) `url`; `page`: the page `page_id` (url null)',
})
const Url = Nullable(
  Type.String({ minLength: 1, maxLength: 2000, description: 'A path starting with `/` (internal) or an absolute http(s) URL (external); null for page items' }),
)
const PageId = Nullable(Type.String({ format: 'uuid', description: 'The linked page (page items only, else null)' }))
const Icon = Nullable(Type.String({ maxLength: 200, description: 'Icon name or URL for the frontend; unset: null' }))
const DisplayOrder = Int({ minimum: 0, maximum: 1_000_000, description: 'Ascending sort key among siblings; new items go last unless given' })
const ParentId = Nullable(Type.String({ format: 'uuid', description: 'Another item of the same menu; null: a root item' }))

export const Menu = wireRecord('Menu', { site_id: Uuid, name: Type.String(), slug: Type.String(), description: Nullable(Type.String()) })
export type Menu = Static<typeof Menu>
export const presentMenu = presenter(Menu)

export const CreateMenuBody = Body({ name: Name, slug: Type.Optional(SlugInput), description: Type.Optional(Description) })
export const UpdateMenuBody = PatchBody({ name: Name, slug: SlugInput, description: Description })
export const MenuListQuery = Type.Object({})
export const MenuSlugParams = Type.Object({ site_id: Uuid, slug: Type.String({ minLength: 1, maxLength: 200 }) })
export const MenuParams = Type.Object({ menu_id: Uuid })
export const ParentParams = Type.Object({ parent_id: Uuid })

/** Where an item links and how it shows: the same fields in an item and in a tree node. */
const itemLink = {
  link_type: LinkTypeSchema,
  url: Nullable(Type.String()),
  page_id: Nullable(Uuid),
  icon: Nullable(Type.String()),
  open_in_new_tab: Type.Boolean(),
  display_order: Type.Integer(),
}

export const NavigationItem = wireRecord('NavigationItem', { menu_id: Uuid, parent_id: Nullable(Uuid), title: Type.String(), ...itemLink })
export type NavigationItem = Static<typeof NavigationItem>
export const presentItem = presenter(NavigationItem)

const itemFields = {
  title: Title,
  link_type: LinkTypeSchema,
  url: Url,
  page_id: PageId,
  icon: Icon,
  open_in_new_tab: Type.Boolean(),
  display_order: DisplayOrder,
}
/** POST /sites/{site_id}/navigation: a root item of the primary menu. */
export const CreateRootItemBody = Body({
  title: Title,
  link_type: LinkTypeSchema,
  url: Type.Optional(Url),
  page_id: Type.Optional(PageId),
  icon: Type.Optional(Icon),
  open_in_new_tab: Type.Optional(Type.Boolean({ default: false })),
  display_order: Type.Optional(DisplayOrder),
})
export type CreateRootItemBody = Static<typeof CreateRootItemBody>
export const CreateItemBody = Body({ ...CreateRootItemBody.properties, parent_id: Type.Optional(ParentId) })
export type CreateItemBody = Static<typeof CreateItemBody>
export const UpdateItemBody = PatchBody({ ...itemFields, parent_id: ParentId })
export type UpdateItemBody = Static<typeof UpdateItemBody>

/** Body of a menu reorder: like TreeReorderBody (http/schemas.ts), display_order ≥ 0 as everywhere in navigation. */
export const NavigationReorderBody = Body({
  items: Type.Array(Type.Object({ id: Uuid, display_order: DisplayOrder, parent_id: Type.Optional(Nullable(Uuid)) }, { additionalProperties: false }), {
    minItems: 1,
    maxItems: 1000,
    description: 'Each item once, all of this menu; `parent_id` null moves it to the root, omitted keeps its parent',
  }),
})
export type NavigationReorderBody = Static<typeof NavigationReorderBody>

const TREE_NODE = 'NavigationTreeNode'
/** A node of GET /menus/{menu_id}/tree. */
export interface NavigationTreeNode {
  id: string
  title: string
  link_type: LinkType
  url: string | null
  page_id: string | null
  icon: string | null
  open_in_new_tab: boolean
  display_order: number
  external_url: string | null
  page_slug: string | null
  children: NavigationTreeNode[]
}
/** Recursive: `children` refers to the node schema by its `$id` (fast-json-stringify and the OpenAPI document resolve it). */
export const NavigationTreeNode = Type.Unsafe<NavigationTreeNode>(
  Type.Object(
    {
      id: Uuid,
      title: Type.String({ description: 'The title in the requested locale, else the default-locale title' }),
      ...itemLink,
      external_url: Nullable(Type.String({ description: 'The url of an external item, else null' })),
      page_slug: Nullable(
        Type.String({
          description:
            'A page item: the linked page\'s route without its leading slash (null while the page cannot be resolved); an internal item: its url without the leading slash (the home path `/` gives `""`); else null',
        }),
      ),
      children: Type.Array(Type.Unsafe<NavigationTreeNode>({ $ref: TREE_NODE }), { description: 'Child nodes, by display_order' }),
    },
    { $id: TREE_NODE },
  ),
)
export const NavigationTree = Type.Array(NavigationTreeNode)

export const TreeQuery = Type.Object({
  locale: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        "A locale of the menu's site by code (`de`) or id: titles in that locale, each falling back to the default-locale title. A locale the site does not have falls back entirely; a malformed code is a 400.",
    }),
  ),
})
export type TreeQuery = Static<typeof TreeQuery>

export const NavigationItemLocalization = Type.Object(
  { id: Uuid, navigation_item_id: Uuid, locale_id: Uuid, title: Type.String() },
  { $id: 'NavigationItemLocalization' },
)
export type NavigationItemLocalization = Static<typeof NavigationItemLocalization>
export const presentLocalization = presenter(NavigationItemLocalization)

const locChoice = LocalizationBody({}).properties
export const PutLocalizationBody = Type.Object(
  { ...locChoice, title: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'The title in that locale' }) },
  { additionalProperties: false, description: 'Name the locale by `locale_id` or by code in `locale` (one of them is required).' },
)
export type PutLocalizationBody = Static<typeof PutLocalizationBody>
