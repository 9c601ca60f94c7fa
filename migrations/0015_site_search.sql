-- Site search (decisions.md "Search"), hand-written (drizzle-kit cannot express functions or triggers).
-- Every localization row that search reads (blog, page section, document) carries a tsvector built with the text-search
-- configuration of its locale's language, kept current by triggers, and GIN-indexed. The search_vector columns are not
-- declared in src/db/schema on purpose: Drizzle selects declared columns only, so the vectors never reach answers,
-- audit entries or change history.

-- The text-search configuration of a BCP 47 locale code: its primary language subtag, else 'simple'. Only configurations
-- present in PostgreSQL 13+ and PGlite (estonian is missing on PostgreSQL 15). Stored vectors and queries both use this
-- one function, so they always agree.
CREATE OR REPLACE FUNCTION "atrium_search_config"(code text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE lower(split_part(code, '-', 1))
    WHEN 'en' THEN 'english' WHEN 'de' THEN 'german' WHEN 'fr' THEN 'french' WHEN 'es' THEN 'spanish'
    WHEN 'it' THEN 'italian' WHEN 'nl' THEN 'dutch' WHEN 'pt' THEN 'portuguese' WHEN 'sv' THEN 'swedish'
    WHEN 'da' THEN 'danish' WHEN 'fi' THEN 'finnish' WHEN 'nb' THEN 'norwegian' WHEN 'no' THEN 'norwegian'
    WHEN 'nn' THEN 'norwegian' WHEN 'ru' THEN 'russian' WHEN 'hu' THEN 'hungarian' WHEN 'ro' THEN 'romanian'
    WHEN 'tr' THEN 'turkish' WHEN 'el' THEN 'greek' WHEN 'ga' THEN 'irish' WHEN 'id' THEN 'indonesian'
    WHEN 'ar' THEN 'arabic' WHEN 'hy' THEN 'armenian' WHEN 'eu' THEN 'basque' WHEN 'ca' THEN 'catalan'
    WHEN 'hi' THEN 'hindi' WHEN 'lt' THEN 'lithuanian' WHEN 'ne' THEN 'nepali' WHEN 'sr' THEN 'serbian'
    WHEN 'ta' THEN 'tamil' WHEN 'yi' THEN 'yiddish'
    ELSE 'simple' END)::regconfig
$$;--> statement-breakpoint

ALTER TABLE "blog_localizations" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
ALTER TABLE "page_section_localizations" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
ALTER TABLE "document_localizations" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint

-- Weights: A title, B subtitle/excerpt (blogs) or description (documents), C body, section text, file name.
CREATE OR REPLACE FUNCTION "blog_localizations_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cfg regconfig := (SELECT "atrium_search_config"("code") FROM "locales" WHERE "id" = NEW."locale_id");
BEGIN
  cfg := coalesce(cfg, 'simple'::regconfig);
  NEW."search_vector" :=
    setweight(to_tsvector(cfg, coalesce(NEW."title", '')), 'A') ||
    setweight(to_tsvector(cfg, concat_ws(' ', NEW."subtitle", NEW."excerpt")), 'B') ||
    setweight(to_tsvector(cfg, coalesce(NEW."body", '')), 'C');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "blog_localizations_search_vector" BEFORE INSERT OR UPDATE OF "locale_id", "title", "subtitle", "excerpt", "body" ON "blog_localizations" FOR EACH ROW EXECUTE FUNCTION "blog_localizations_search_vector"();--> statement-breakpoint

CREATE OR REPLACE FUNCTION "page_section_localizations_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cfg regconfig := (SELECT "atrium_search_config"("code") FROM "locales" WHERE "id" = NEW."locale_id");
BEGIN
  cfg := coalesce(cfg, 'simple'::regconfig);
  NEW."search_vector" :=
    setweight(to_tsvector(cfg, coalesce(NEW."title", '')), 'A') ||
    setweight(to_tsvector(cfg, coalesce(NEW."text", '')), 'C');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "page_section_localizations_search_vector" BEFORE INSERT OR UPDATE OF "locale_id", "title", "text" ON "page_section_localizations" FOR EACH ROW EXECUTE FUNCTION "page_section_localizations_search_vector"();--> statement-breakpoint

CREATE OR REPLACE FUNCTION "document_localizations_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cfg regconfig := (SELECT "atrium_search_config"("code") FROM "locales" WHERE "id" = NEW."locale_id");
  file text := (SELECT "file_name" FROM "documents" WHERE "id" = NEW."document_id");
BEGIN
  cfg := coalesce(cfg, 'simple'::regconfig);
  NEW."search_vector" :=
    setweight(to_tsvector(cfg, coalesce(NEW."title", '')), 'A') ||
    setweight(to_tsvector(cfg, coalesce(NEW."description", '')), 'B') ||
    -- The parser reads "q3-report.pdf" as one file token: index its parts too, so "report" finds it.
    setweight(to_tsvector(cfg, concat_ws(' ', file, translate(file, './_-', '    '))), 'C');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "document_localizations_search_vector" BEFORE INSERT OR UPDATE OF "locale_id", "title", "description" ON "document_localizations" FOR EACH ROW EXECUTE FUNCTION "document_localizations_search_vector"();--> statement-breakpoint

-- A renamed file or a locale whose code changes language: recompute the vectors that depend on it
-- (assigning locale_id to itself fires the row triggers above).
CREATE OR REPLACE FUNCTION "documents_search_file_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "document_localizations" SET "locale_id" = "locale_id" WHERE "document_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "documents_search_file_name" AFTER UPDATE OF "file_name" ON "documents" FOR EACH ROW WHEN (OLD."file_name" IS DISTINCT FROM NEW."file_name") EXECUTE FUNCTION "documents_search_file_name"();--> statement-breakpoint

CREATE OR REPLACE FUNCTION "locales_search_config"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "blog_localizations" SET "locale_id" = "locale_id" WHERE "locale_id" = NEW."id";
  UPDATE "page_section_localizations" SET "locale_id" = "locale_id" WHERE "locale_id" = NEW."id";
  UPDATE "document_localizations" SET "locale_id" = "locale_id" WHERE "locale_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "locales_search_config" AFTER UPDATE OF "code" ON "locales" FOR EACH ROW WHEN ("atrium_search_config"(OLD."code") IS DISTINCT FROM "atrium_search_config"(NEW."code")) EXECUTE FUNCTION "locales_search_config"();--> statement-breakpoint

UPDATE "blog_localizations" SET "locale_id" = "locale_id";--> statement-breakpoint
UPDATE "page_section_localizations" SET "locale_id" = "locale_id";--> statement-breakpoint
UPDATE "document_localizations" SET "locale_id" = "locale_id";--> statement-breakpoint

CREATE INDEX "blog_localizations_search_idx" ON "blog_localizations" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "page_section_localizations_search_idx" ON "page_section_localizations" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "document_localizations_search_idx" ON "document_localizations" USING gin ("search_vector");
