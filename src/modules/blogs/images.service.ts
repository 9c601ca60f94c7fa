import type { Ctx } from '../../core/context.js'
import { presentImage } from '../media/present.service.js'
import type { WithImageRows } from './public-read.queries.js'
import type { BlogDetail, BlogListItem } from './schemas.js'

/** A list item or detail with its embedded images finished: their URLs follow the service's settings (public URL, S3). */
export function withImages<T extends BlogListItem | BlogDetail>(ctx: Ctx, x: WithImageRows<T>): T {
  return { ...x, cover_image: presentImage(ctx, x.cover_image), header_image: presentImage(ctx, x.header_image) } as T
}
