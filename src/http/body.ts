import type { FastifyRequest } from 'fastify'

/** Route hook for POSTs whose body is optional (block, unblock, revoke): no body reads as `{}`. */
export async function optionalBody(req: FastifyRequest): Promise<void> {
  if (req.body === undefined || req.body === null) req.body = {}
  await Promise.resolve()
}
