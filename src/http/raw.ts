import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { tagOfRaw, type RawJson } from '../core/read-cache.js'

/** Sends an answer the read cache already serialised through the route's response schema. */
export function sendRaw(reply: FastifyReply, raw: RawJson): FastifyReply {
  // One record's answer carries its version (core/versions.ts), kept with the cached bytes.
  const tag = tagOfRaw(raw)
  if (tag !== undefined) void reply.header('etag', tag)
  return sendBytes(reply, 'application/json; charset=utf-8', raw)
}

/** Sends bytes already rendered for the route (Fastify passes a Buffer through untouched, past the serializer). */
export function sendBytes(reply: FastifyReply, contentType: string, body: Buffer): FastifyReply {
  return reply.type(contentType).send(body)
}

/** Streams a JSON document produced piece by piece (large exports), bypassing the response serializer. */
export function sendJsonStream(reply: FastifyReply, chunks: AsyncIterable<string>, filename?: string): FastifyReply {
  if (filename) void reply.header('content-disposition', `attachment; filename="${filename}"`)
  return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(Readable.from(chunks))
}
