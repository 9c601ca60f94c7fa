import type { FastifyReply } from 'fastify'
import type { RawJson } from '../core/read-cache.js'

/** Sends an answer the read cache already serialised through the route's response schema. */
export function sendRaw(reply: FastifyReply, raw: RawJson): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(raw)
}
