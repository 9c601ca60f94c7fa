import { isUtf8 } from 'node:buffer'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError } from './errors.js'

/*
 * The one JSON body parser. Fastify's own parser decodes any charset as UTF-8 and turns invalid
 * bytes into U+FFFD, and lets a body nest as deep as JSON.parse allows: a free JSON object (`settings`,
 * `template_data`) 5,000 levels deep then overflows the stack of the first recursive code that touches it
 * (JSON.stringify in a size check, the change-history diff, the serializer). Here every JSON body is refused
 * before anything else sees it: a charset other than UTF-8 is a 415, bytes that are not UTF-8 a 400, and a
 * value nested more than MAX_JSON_DEPTH levels below the body a 400 naming the field, found without recursion.
 */

/** Deepest nesting of a JSON body: the body's own properties are level 1, their members level 2, … */
export const MAX_JSON_DEPTH = 32

const UTF8 = /^"?utf-?8"?$/i

/** The charset parameter of a Content-Type, lower-cased; undefined when there is none. */
function charsetOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined
  const at = contentType.toLowerCase().indexOf('charset=')
  if (at < 0) return undefined
  return contentType
    .slice(at + 8)
    .split(';')[0]
    ?.trim()
}

/**
 * The path of the first container nested deeper than `max` levels below `root` (root's members are level 1), or
 * undefined. Breadth first over an explicit queue: no recursion, so no depth can overflow the stack; each entry
 * keeps its parent's index so only the offending path is ever built.
 */
export function tooDeep(root: unknown, max = MAX_JSON_DEPTH): string[] | undefined {
  if (root === null || typeof root !== 'object') return undefined
  const values: object[] = [root]
  const parents: number[] = [-1]
  const keys: string[] = ['']
  const depths: number[] = [0]
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as Record<string, unknown> | unknown[]
    const depth = (depths[i] as number) + 1
    const visit = (child: unknown, key: string): boolean => {
      if (child === null || typeof child !== 'object') return false
      values.push(child)
      parents.push(i)
      keys.push(key)
      depths.push(depth)
      return depth > max
    }
    let deep = false
    if (Array.isArray(v)) {
      for (let j = 0; j < v.length && !deep; j++) deep = visit(v[j], String(j))
    } else {
      for (const k in v) {
        if (visit(v[k], k)) {
          deep = true
          break
        }
      }
    }
    if (deep) {
      const path: string[] = []
      for (let at = values.length - 1; at > 0; at = parents[at] as number) path.push(keys[at] as string)
      return path.reverse()
    }
  }
  return undefined
}

/** 400 naming the body's top-level field that holds too deep a value (the full path, cut short, in the message). */
function depthError(path: string[]): ApiError {
  const field = path[0] ?? 'body'
  const shown = path.length > 8 ? `${path.slice(0, 8).join('.')}.…` : path.join('.')
  const message = `nests deeper than ${MAX_JSON_DEPTH} levels (at ${shown})`
  return new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', `${field}: ${message}`, [{ field, message }])
}

/** Replaces Fastify's application/json parser (same limits, same prototype-poisoning refusal) with the checks above. */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req: FastifyRequest, body: Buffer | string, done) => {
    const charset = charsetOf(req.headers['content-type'])
    if (charset !== undefined && !UTF8.test(charset)) {
      done(
        new ApiError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Unsupported media type',
          'JSON bodies are UTF-8: send Content-Type: application/json or application/json; charset=utf-8',
        ),
        undefined,
      )
      return
    }
    if (typeof body !== 'string' && !isUtf8(body)) {
      done(new ApiError(400, 'VALIDATION_FAILED', 'Malformed request', 'The request body is not valid UTF-8'), undefined)
      return
    }
    void parse(req, body as unknown as string, (err, value) => {
      if (err) return done(err, undefined)
      const path = tooDeep(value)
      if (path) return done(depthError(path), undefined)
      done(null, value)
    })
  })
}
