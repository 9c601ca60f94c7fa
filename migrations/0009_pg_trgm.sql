-- Trigram matching for indexed case-insensitive substring search (content template search: ILIKE '%term%' served
-- by a GIN index with gin_trgm_ops). pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create
-- it; PGlite loads it from @electric-sql/pglite/contrib (src/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
