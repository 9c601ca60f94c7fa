import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import { openDb, type DbHandle } from '../../src/db/client.js'
import { PGLITE_EXTENSIONS } from '../../src/db/pglite.js'
import { withDb } from '../setup/global.js'

/** A database of its own for one test file: a clone of the migrated image (PGlite) or template (server). */
export async function freshDb(): Promise<DbHandle> {
  const mode = inject('dbMode')
  const image = inject('dbImage')
  if (mode === 'server') {
    const url = process.env.DATABASE_URL as string
    const name = `atrium_t_${process.ppid}_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      await admin.query(`create database ${name} template ${image}`)
    } finally {
      await admin.end()
    }
    const dbh = await openDb({ databaseUrl: withDb(url, name), poolSize: 5 })
    const close = () => dbh.close()
    return {
      ...dbh,
      close: async () => {
        await close()
        const a = new pg.Client({ connectionString: url })
        await a.connect()
        await a.query(`drop database if exists ${name} with (force)`).catch(() => undefined)
        await a.end()
      },
    }
  }
  const pgl = await PGlite.create({ loadDataDir: new Blob([readFileSync(image)]), extensions: PGLITE_EXTENSIONS })
  return openDb({ pglite: pgl })
}
