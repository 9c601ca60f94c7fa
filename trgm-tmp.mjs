import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
const db = await PGlite.create({ extensions: { pg_trgm } })
await db.exec(`create extension if not exists pg_trgm; create table t (id serial primary key, site int, name text not null, description text);
create index t_trgm on t using gin (name gin_trgm_ops, description gin_trgm_ops);
insert into t (site, name, description) select i % 50, 'Template ' || i, 'descr ' || md5(i::text) from generate_series(1, 20000) i; analyze t;`)
const r = await db.query(`explain select * from t where site = 3 and (name ilike '%plate 12%' or description ilike '%abc1%')`)
console.log(r.rows.map(x => x['QUERY PLAN']).join('\n'))
const blob = await db.dumpDataDir('none'); await db.close()
const db2 = await PGlite.create({ loadDataDir: blob, extensions: { pg_trgm } })
console.log((await db2.query(`select count(*) from t where name ilike '%PLATE 1999%'`)).rows)
