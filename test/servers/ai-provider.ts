import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A stand-in AI provider on 127.0.0.1 speaking every wire format Atrium uses: the Messages API (POST /v1/messages),
 * Chat Completions (POST [/v1]/chat/completions, GET [/v1]/models), and the local model runtime (POST /api/chat,
 * GET /api/tags, GET /v1/models). It records every request. By default it answers each field Atrium asks for:
 * as a JSON object when JSON is requested, in XML tags otherwise (the local provider); `mode` makes it fail.
 */

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: Record<string, unknown> | null
  /** The system prompt, whatever the format. */
  system: string
  /** The user message. */
  user: string
}

export type ProviderMode = 'ok' | 'rate_limit' | 'rate_limit_no_header' | 'error500' | 'garbage' | 'hang' | 'redirect' | 'no_tags'

export interface StandInProvider {
  port: number
  /** http://127.0.0.1:port */
  url: string
  requests: RecordedRequest[]
  mode: ProviderMode
  /** Overrides the model text for a request (default: every requested field filled by `fill`). */
  reply?: (req: RecordedRequest, fields: string[]) => string
  close(): Promise<void>
}

/** Fields named by the output-format instruction at the end of the system prompt. */
export function requestedFields(system: string): string[] {
  const json = /Its keys are ([^;]+);/.exec(system)
  if (json) return [...json[1]!.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!)
  return [...system.matchAll(/<([a-z_]+)>\.\.\.<\/\1>/g)].map((m) => m[1]!)
}

/** Default filler: translations are "[xx] " + the user text; other fields a short sample naming the field. */
export function fill(req: RecordedRequest, field: string): string {
  if (field === 'text') {
    const lang = /Target language: ([^.]+)\./.exec(req.system)?.[1] ?? '??'
    return `[${lang}] ${req.user}`
  }
  if (field === 'outline') return '- Intro\n- Details\n- Wrap-up'
  return `${field} sample`
}

function render(req: RecordedRequest, fields: string[], json: boolean): string {
  if (fields.length === 0) return json ? '{"ok": true}' : '<ok>true</ok>'
  const values = Object.fromEntries(fields.map((f) => [f, fill(req, f)]))
  if (json) return JSON.stringify(values)
  return fields.map((f) => `<${f}>${values[f]}</${f}>`).join('\n')
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body))
}

export async function startProvider(): Promise<StandInProvider> {
  const p = { requests: [] as RecordedRequest[], mode: 'ok' } as StandInProvider
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      let body: Record<string, unknown> | null = null
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null
      } catch {
        body = null
      }
      const messages = (body?.messages as Array<{ role: string; content: string }> | undefined) ?? []
      const system = typeof body?.system === 'string' ? body.system : (messages.find((m) => m.role === 'system')?.content ?? '')
      const user = messages.find((m) => m.role === 'user')?.content ?? ''
      const path = (req.url ?? '/').split('?')[0]!
      const rec: RecordedRequest = { method: req.method ?? 'GET', path, headers: req.headers, body, system, user }
      p.requests.push(rec)

      switch (p.mode) {
        case 'hang':
          return // never answers
        case 'rate_limit':
          return send(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '17' })
        case 'rate_limit_no_header':
          return send(res, 429, { error: { message: 'slow down' } })
        case 'error500':
          return send(res, 500, { error: { message: `internal failure, your key was ${String(req.headers['x-api-key'] ?? req.headers.authorization)}` } })
        case 'garbage':
          return send(res, 200, '{"choices": [ this is not json')
        case 'redirect':
          return send(res, 302, '', { location: 'http://169.254.169.254/latest/meta-data' })
        default:
          break
      }

      const fields = requestedFields(system)
      const text = () => (p.reply ? p.reply(rec, fields) : render(rec, fields, system.includes('JSON object')))
      if (req.method === 'GET' && path === '/api/tags') {
        if (p.mode === 'no_tags') return send(res, 404, { error: 'not found' })
        return send(res, 200, { models: [{ name: 'llama3.2:latest' }, { name: 'qwen2.5:7b' }] })
      }
      if (req.method === 'GET' && (path === '/v1/models' || path === '/models'))
        return send(res, 200, { object: 'list', data: [{ id: 'model-a' }, { id: 'model-b' }] })
      if (req.method === 'POST' && path === '/v1/messages') {
        return send(res, 200, { id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'text', text: text() }], stop_reason: 'end_turn' })
      }
      if (req.method === 'POST' && path === '/api/chat')
        return send(res, 200, { model: body?.model, message: { role: 'assistant', content: text() }, done: true })
      if (req.method === 'POST' && path.endsWith('/chat/completions')) {
        return send(res, 200, {
          id: 'c1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: text() }, finish_reason: 'stop' }],
        })
      }
      return send(res, 404, { error: 'no such endpoint' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  p.port = (server.address() as AddressInfo).port
  p.url = `http://127.0.0.1:${p.port}`
  p.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return p
}
