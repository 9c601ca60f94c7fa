/*
 * Every webhook event type Atrium can emit: the closed list the webhooks module
 * offers for subscription. An entity definition names the subset it fires; mutate() accepts nothing else.
 */
const CRUD_ENTITIES = [
  'blog',
  'page',
  'document',
  'media',
  'legal',
  'navigation',
  'redirect',
  'social',
  'skill',
  'cv',
  'tag',
  'category',
  'content_template',
  'site',
] as const
type CrudEntity = (typeof CRUD_ENTITIES)[number]
type CrudEvent = `${CrudEntity}.${'created' | 'updated' | 'deleted'}`

export const EVENT_TYPES = [
  ...CRUD_ENTITIES.flatMap((e) => [`${e}.created`, `${e}.updated`, `${e}.deleted`] as const),
  'blog.reviewed',
  'page.reviewed',
  'blog.published',
  'page.published',
] as readonly EventType[]

export type EventType = CrudEvent | 'blog.reviewed' | 'page.reviewed' | 'blog.published' | 'page.published'

/** The three CRUD events of an entity that has them. */
export const crudEvents = <E extends CrudEntity>(e: E) => [`${e}.created`, `${e}.updated`, `${e}.deleted`] as const

export const isEventType = (v: string): v is EventType => (EVENT_TYPES as readonly string[]).includes(v)
