import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDb } from '../../src/db/client.js'
import { migrate } from '../../src/db/migrate.js'
import { PGLITE_EXTENSIONS } from '../../src/db/pglite.js'

declare module 'vitest' {
  export interface ProvidedContext {
    dbMode: 'pglite' | 'server'
    /** pglite: path of the migrated data-dir image; server: name of the migrated template database. */
    dbImage: string
  }
}

/** Migrate once: a PGlite image (embedded) or a template database (server), cloned per test file. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    const template = `atrium_tpl_${process.pid}_${Date.now().toString(36)}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${template}`)
    const dbh = await openDb({ databaseUrl: withDb(url, template), poolSize: 1 })
    await migrate(dbh)
    await dbh.close()
    project.provide('dbMode', 'server')
    project.provide('dbImage', template)
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`atrium_t_${process.pid}_%`])
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`)
      await admin.query(`drop database if exists ${template} with (force)`)
      await admin.end()
    }
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'))
  const pgl = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
  const dbh = await openDb({ pglite: pgl })
  await migrate(dbh)
  const image = await pgl.dumpDataDir('none')
  const file = path.join(dir, 'image.tar')
  writeFileSync(file, Buffer.from(await image.arrayBuffer()))
  await pgl.close()
  project.provide('dbMode', 'pglite')
  project.provide('dbImage', file)
  return () => rmSync(dir, { recursive: true, force: true })
}

export function withDb(url: string, db: string): string {
  const u = new URL(url)
  u.pathname = `/${db}`
  return u.toString()
}
