/**
 * Writes the OpenAPI document to a file (default .tmp/openapi.json): builds the app on an embedded
 * PGlite in a temporary directory, migrates it, and injects GET /api/v1/openapi.json. No network.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { API_PREFIX, buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { openDb } from '../src/db/client.js'
import { prepare } from '../src/server.js'

async function main(out: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-openapi-'))
  try {
    const config = loadConfig({ ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ATRIUM_BOOTSTRAP_KEY: 'atr_openapi_dump_unused_key' })
    const dbh = await openDb({ dataDir })
    const app = await buildApp(config, { dbh, logger: false })
    try {
      await prepare(app, () => undefined)
      await app.ready()
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` })
      if (res.statusCode !== 200) throw new Error(`GET ${API_PREFIX}/openapi.json answered ${res.statusCode}: ${res.body}`)
      mkdirSync(path.dirname(out), { recursive: true })
      writeFileSync(out, `${JSON.stringify(res.json(), null, 2)}\n`)
    } finally {
      await app.close()
      await dbh.close()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const out = path.resolve(process.argv[2] ?? '.tmp/openapi.json')
main(out).then(
  () => process.stderr.write(`OpenAPI document written to ${path.relative(process.cwd(), out)}\n`),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
    process.exitCode = 1
  },
)
