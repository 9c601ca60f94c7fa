import { Ajv, type Options } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'

/*
 * One Ajv per HTTP part. Query strings and path params arrive as text, so they are coerced;
 * JSON bodies are not (a "5" for an integer field is a client mistake, not a 5).
 * allErrors stays off: with it on, a crafted body can make validation expensive.
 */
const base: Options = { useDefaults: true, removeAdditional: true, allErrors: false, strict: false }

function makeAjv(opts: Options): Ajv {
  const ajv = new Ajv({ ...base, ...opts })
  addFormats.default(ajv)
  return ajv
}

const bodyAjv = makeAjv({ coerceTypes: false })
const textAjv = makeAjv({ coerceTypes: 'array' })

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>
}
