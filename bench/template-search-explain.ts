/*
 * EXPLAIN ANALYZE of a content-template search (README "Content templates"): 20 sites, one with 20,000 templates,
 * one with 200, the others 500 each, then the list query of `?search=` in the big and the small site.
 *   npx tsx bench/template-search-explain.ts                                   # PGlite, in memory
 *   npx tsx bench/template-search-explain.ts postgres://…/<scratch database>   # a server (migrates it; writes rows)
 */
import { sql } from 'drizzle-orm'
import { openDb } from '../src/db/client.js'
import { migrate, rowsOf } from '../src/db/migrate.js'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from '../src/db/pglite.js'

const url = process.argv[2]
const dbh = url ? await openDb({ databaseUrl: url, poolSize: 2 }) : await openDb({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) })
await migrate(dbh)
const db = dbh.db
const ex = async (q: string) =>
  rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql.raw(q)))
    .map((r) => r['QUERY PLAN'])
    .join('\n')
const [others] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from sites where slug not like 'explain-%'`)))
if ((others?.n ?? 0) > 0) throw new Error('the database has sites of its own: point this at a scratch database')
await db.execute(sql.raw(`delete from sites where slug like 'explain-%'`))
const sites: string[] = []
for (let s = 0; s < 20; s++) {
  const r = rowsOf<{ id: string }>(await db.execute(sql.raw(`insert into sites (name, slug) values ('Explain ${s}', 'explain-${s}') returning id`)))
  sites.push(r[0]!.id)
}
for (const [i, per] of [
  [0, 20000],
  [1, 200],
] as const) {
  await db.execute(
    sql.raw(`insert into content_templates (site_id, name, description, content_type, template_data)
    select '${sites[i]}', 'Template ' || g || ' ' || md5(g::text), 'About ' || md5((g*7)::text), 'blog', '{}' from generate_series(1, ${per}) g`),
  )
}
await db.execute(
  sql.raw(`insert into content_templates (site_id, name, description, content_type, template_data)
  select s.id, 'T ' || s.slug || ' ' || g, md5(g::text), 'blog', '{}' from sites s, generate_series(1, 500) g where s.slug like 'explain-%' and s.id not in ('${sites[0]}', '${sites[1]}')`),
)
await db.execute(sql.raw('analyze content_templates'))
for (const [label, site] of [
  ['big site (20000)', sites[0]],
  ['small site (200)', sites[1]],
] as const) {
  const q = `explain analyze select * from content_templates where site_id = '${site}' and deleted_at is null and (name ilike '%abc12%' or description ilike '%abc12%') order by name, id limit 10`
  console.log(`--- ${url ? 'server' : 'pglite'}: ${label}\n${await ex(q)}`)
}
await dbh.close()
