/*
 * The from-memory server: Fastify answering each benchmark request with the bytes Atrium answered it with
 * (fetched once, with the site keys, by the bench), from a Map keyed by the request's path and query. No
 * authentication, no database, no cache logic: the ceiling of serving these answers over HTTP in Node.
 *
 * Run by the bench as its own process (node --import tsx bench/memory-server.ts) with PORT and
 * MEMORY_ANSWERS, a JSON file of [{ path, contentType, body }].
 */
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

interface StoredAnswer {
  path: string
  contentType: string
  body: string
}

async function main(): Promise<void> {
  const file = process.env.MEMORY_ANSWERS
  if (!file) throw new Error('set MEMORY_ANSWERS')
  const answers = new Map<string, StoredAnswer>()
  for (const a of JSON.parse(readFileSync(file, 'utf8')) as StoredAnswer[]) answers.set(a.path, a)
  const app = Fastify({ logger: false })
  app.get('/api/v1/health', async (_req, reply) => reply.type('application/json; charset=utf-8').send('{"status":"ok"}'))
  app.get('/*', async (req, reply) => {
    const a = answers.get(req.url)
    if (!a) return reply.code(404).type('application/json; charset=utf-8').send('{"status":404,"title":"not in memory"}')
    return reply.type(a.contentType).send(a.body)
  })
  await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' })
  const shutdown = () => void app.close().finally(() => process.exit(0))
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
}

main().catch((err: unknown) => {
  process.stderr.write(`memory server: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
