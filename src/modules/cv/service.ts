import type { Ctx } from '../../core/context.js'
import type { RawJson } from '../../core/read-cache.js'
import { cvEntryResource } from './cv.resource.js'
import type { CreateCvEntryBody, CvEntry, CvListQuery, UpdateCvEntryBody } from './schemas.js'

/* CV entries: shared records on kits/shared-resource/rules.ts; rules in cv.resource.ts. */

export const list = (ctx: Ctx, siteId: string, query: CvListQuery): Promise<RawJson> => cvEntryResource.list(ctx, siteId, query)
export const get = (ctx: Ctx, id: string): Promise<CvEntry> => cvEntryResource.get(ctx, id)
export const create = (ctx: Ctx, body: CreateCvEntryBody): Promise<CvEntry> => cvEntryResource.create(ctx, body)
export const update = (ctx: Ctx, id: string, body: UpdateCvEntryBody): Promise<CvEntry> => cvEntryResource.update(ctx, id, body)
export const remove = (ctx: Ctx, id: string): Promise<void> => cvEntryResource.remove(ctx, id)
