import { Ajv, type Options } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'

/*
 * One Ajv per HTTP part. Query strings and path params arrive as text, so they are coerced;
 * JSON bodies are not (a "5" for an integer field is a client mistake, not a 5).
 * allErrors stays off: with it on, a crafted body can make validation expensive.
 */
const base: Options = { useDefaults: true, removeAdditional: true, allErrors: false, strict: false }

type FormatCheck = (s: string) => boolean

function makeAjv(opts: Options): Ajv {
  const ajv = new Ajv({ ...base, ...opts })
  addFormats.default(ajv)
  // RFC 3339 allows a leap second (23:59:60) that JavaScript dates cannot hold: such a value must be a 400,
  // not an Invalid Date that fails later.
  const rfc = ajv.formats['date-time'] as FormatCheck | { validate: FormatCheck }
  const check = typeof rfc === 'function' ? rfc : rfc.validate
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => check(s) && !Number.isNaN(Date.parse(s)) })
  return ajv
}

const bodyAjv = makeAjv({ coerceTypes: false })
const textAjv = makeAjv({ coerceTypes: 'array' })

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>
}
