import type { PGlite } from '@electric-sql/pglite'

/*
 * V8 compiles PGlite's WebAssembly function by function, the first time each runs, and with `--no-liftoff` (as
 * `npm start` runs) straight to optimised code (README "Memory"). Start-up and the first reads compile what reads
 * need. Nothing compiled PostgreSQL's write path until the first save, which then held the event loop for it while
 * every other request waited: the first `PUT /blogs/{id}` of a server cost 330–440 ms of CPU against about 20 for the
 * next ones (bench/README "Embedded editor writes under read load"). Two parts of it:
 *  - the regular-expression engine, whose first compilation of a `\S` class (the save's audit label, blogs/queries.ts
 *    `updateBlogTitled`) alone took 650–770 ms of wall time on a loaded machine;
 *  - a row update that fires a PL/pgSQL trigger which updates another table with partial indexes, foreign-key checks,
 *    and rows routed into a partition (the audit trail's monthly partitions), with parameters bound as drizzle binds
 *    them.
 * So before the port opens the embedded server runs each once: the regular expression on a constant, the writes on
 * temporary tables in a transaction it rolls back. No user table is read or written and nothing stays.
 */
const SETUP = `
create temporary table warm_parent (id uuid primary key, label text not null) on commit drop;
create temporary table warm_rows (
  id uuid primary key, parent_id uuid not null references warm_parent (id), status text not null default 'Draft',
  author text, payload jsonb, day date, at timestamptz, live boolean not null default true
) on commit drop;
create index on warm_rows (parent_id, day desc nulls last, at desc nulls last) where live and status = 'Published';
create temporary table warm_copies (id uuid primary key, status text, at timestamptz, live boolean not null default true) on commit drop;
create index on warm_copies (status, at desc nulls last) where live and status = 'Published';
create temporary table warm_log (id uuid not null, row_id uuid, payload jsonb, created_at timestamptz not null) partition by range (created_at) on commit drop;
create temporary table warm_log_all partition of warm_log for values from (minvalue) to (maxvalue);
create function pg_temp.warm_sync() returns trigger language plpgsql as $$
begin
  update warm_copies set status = new.status, at = new.at where id = new.id;
  return null;
end
$$;
create trigger warm_sync after insert or update of status, at on warm_rows for each row execute function pg_temp.warm_sync();
`

const PARENT = '00000000-0000-4000-8000-000000000001'
const ROW = '00000000-0000-4000-8000-000000000002'
const LOG = ['00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004']

/** Runs what a save runs once, and rolls it back (see above). */
export async function warmWritePath(db: PGlite): Promise<void> {
  await db.query(`select 'a' ~ '\\S' as matched`)
  await db.transaction(async (tx) => {
    await tx.exec(SETUP)
    const at = new Date().toISOString()
    await tx.query('insert into warm_parent (id, label) values ($1, $2)', [PARENT, 'warm'])
    await tx.query('insert into warm_copies (id, status, at) values ($1, $2, $3)', [ROW, 'Draft', at])
    await tx.query('insert into warm_rows (id, parent_id, author, payload, day, at) values ($1, $2, $3, $4, $5, $6) returning id', [
      ROW,
      PARENT,
      'warm',
      JSON.stringify({ a: 1 }),
      at.slice(0, 10),
      at,
    ])
    await tx.query('select id, status, author from warm_rows where id = $1 for update', [ROW])
    await tx.query(
      `update warm_rows set author = $1, status = $2, day = $3, at = $4 where id = $5
       returning id, status, author, payload, day, at, (select p.label from warm_parent p where p.id = warm_rows.parent_id and p.label ~ '\\S' limit 1) as label`,
      ['warm again', 'Published', null, at, ROW],
    )
    await tx.query(
      `with w0 as (insert into warm_log (id, row_id, payload, created_at) values ($1, $2, $3, $4)),
            w1 as (insert into warm_log (id, row_id, payload, created_at) values ($5, $2, $3, $4) returning id, row_id, payload)
       insert into warm_log (id, row_id, payload, created_at)
       select gen_random_uuid(), w1.row_id, w1.payload, $4::timestamptz from w1 join warm_parent p on p.id = $6`,
      [LOG[0], ROW, JSON.stringify({ b: [1, 'x'] }), at, LOG[1], PARENT],
    )
    await tx.rollback()
  })
}
