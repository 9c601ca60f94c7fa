import type { Multipart } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { ApiError, tooLarge, unsupportedType } from './errors.js'

/*
 * Reading a multipart/form-data body. The parser (busboy) fails with plain errors and no status: no
 * or an empty boundary, a boundary the body never uses, a malformed part header, a body cut short. Unmapped,
 * those would be 500s. Every multipart route reads its parts through formParts(), which turns each into a problem:
 * 413 for a limit (parts, fields, files, a field value or name cut at its size), 400 for everything else.
 */

export interface FormLimits {
  fields: number
  fieldSize: number
  files: number
  parts: number
  fileSize: number
}

const malformed = (detail: string) => new ApiError(400, 'VALIDATION_FAILED', 'Malformed request', `Malformed multipart/form-data body: ${detail}`)

/** The problem for an error the multipart parser raised. */
function multipartProblem(err: unknown): unknown {
  if (err instanceof ApiError) return err
  const e = err as { code?: unknown; statusCode?: unknown; message?: unknown } | undefined
  const code = typeof e?.code === 'string' ? e.code : ''
  if (e?.statusCode === 413)
    return new ApiError(
      413,
      'PAYLOAD_TOO_LARGE',
      'Payload too large',
      `The form exceeds a limit (${code.replace(/^FST_/, '').toLowerCase().replace(/_/g, ' ')})`,
    )
  if (code === 'FST_PROTO_VIOLATION') return malformed('a prototype property is not allowed as a field name')
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return malformed('a field declared as JSON is not valid JSON')
  if (code === 'FST_MP_PREMATURE_CLOSE') return malformed('the request ended before the form did')
  // busboy's own errors ("Multipart: Boundary not found", "Unexpected end of multipart data", …) carry no status.
  return malformed(typeof e?.message === 'string' && e.message.length < 200 ? e.message : 'unreadable')
}

/** The parts of a multipart/form-data request in order; 415 for another content type, 400/413 for a malformed form. */
export async function* formParts(req: FastifyRequest, limits: FormLimits, expected: string): AsyncGenerator<Multipart> {
  if (!req.isMultipart()) unsupportedType(`Send multipart/form-data with ${expected}`)
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'field' && (part.valueTruncated || part.fieldnameTruncated)) {
        tooLarge(`The form field ${JSON.stringify(part.fieldname.slice(0, 100))} exceeds ${limits.fieldSize} bytes`)
      }
      yield part
    }
  } catch (err) {
    throw multipartProblem(err)
  }
}
