-- Monthly partitions of the append-only tables (db/partitions.ts; README "Growing tables"): api_key_usage,
-- analytics_events and webhook_attempts become tables partitioned by range of their time column, one partition per
-- UTC month from the oldest row's month to next month, plus a default partition. Existing rows are copied in this
-- migration (the embedded default and small servers); README "Growing tables" gives the procedure for large servers.
-- Audit entries and change history stay whole: change_history's foreign key names an audit entry by its id alone,
-- which a partitioned audit table cannot guarantee unique.
CREATE FUNCTION atrium_month_partitions(tbl text, since timestamptz, upto timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m timestamptz := date_trunc('month', coalesce(since, upto) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
BEGIN
  WHILE m <= upto LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
      tbl || '_p' || to_char(m AT TIME ZONE 'UTC', 'YYYYMM'), tbl, m, (m AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC');
    m := (m AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
  END LOOP;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', tbl || '_default', tbl);
END $$;
--> statement-breakpoint
ALTER TABLE "api_key_usage" RENAME TO "api_key_usage_unpartitioned";--> statement-breakpoint
DROP INDEX "api_key_usage_key_time_idx";--> statement-breakpoint
CREATE TABLE "api_key_usage" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"api_key_id" uuid NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer NOT NULL,
	"ip_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_key_usage_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE INDEX "api_key_usage_key_time_idx" ON "api_key_usage" USING btree ("api_key_id","created_at");--> statement-breakpoint
SELECT atrium_month_partitions('api_key_usage', (SELECT least(min("created_at"), now()) FROM "api_key_usage_unpartitioned"), now() + interval '1 month');--> statement-breakpoint
INSERT INTO "api_key_usage" SELECT "id", "api_key_id", "method", "path", "status_code", "ip_hash", "created_at" FROM "api_key_usage_unpartitioned";--> statement-breakpoint
DROP TABLE "api_key_usage_unpartitioned";--> statement-breakpoint
ALTER TABLE "webhook_attempts" RENAME TO "webhook_attempts_unpartitioned";--> statement-breakpoint
DROP INDEX "webhook_attempts_webhook_idx";--> statement-breakpoint
DROP INDEX "webhook_attempts_created_idx";--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"response_time_ms" integer,
	"error" text,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_headers" jsonb,
	"request_body" text,
	"response_headers" jsonb,
	"response_body" text,
	CONSTRAINT "webhook_attempts_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
SELECT atrium_month_partitions('webhook_attempts', (SELECT least(min("created_at"), now()) FROM "webhook_attempts_unpartitioned"), now() + interval '1 month');--> statement-breakpoint
INSERT INTO "webhook_attempts" ("id", "delivery_id", "webhook_id", "event_type", "attempt", "status_code", "response_time_ms", "error", "success", "created_at", "request_headers", "request_body", "response_headers", "response_body")
	SELECT "id", "delivery_id", "webhook_id", "event_type", "attempt", "status_code", "response_time_ms", "error", "success", "created_at", "request_headers", "request_body", "response_headers", "response_body" FROM "webhook_attempts_unpartitioned";--> statement-breakpoint
DROP TABLE "webhook_attempts_unpartitioned";--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_webhook_idx" ON "webhook_attempts" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_created_idx" ON "webhook_attempts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "analytics_events" RENAME TO "analytics_events_unpartitioned";--> statement-breakpoint
DROP INDEX "analytics_events_site_time_idx";--> statement-breakpoint
ALTER SEQUENCE "analytics_events_id_seq" RENAME TO "analytics_events_unpartitioned_id_seq";--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" uuid NOT NULL,
	"path" text NOT NULL,
	"referrer_domain" text,
	"visitor_hash" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_events_pk" PRIMARY KEY("id","occurred_at")
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
SELECT atrium_month_partitions('analytics_events', (SELECT least(min("occurred_at"), now()) FROM "analytics_events_unpartitioned"), now() + interval '1 month');--> statement-breakpoint
INSERT INTO "analytics_events" ("id", "site_id", "path", "referrer_domain", "visitor_hash", "occurred_at") OVERRIDING SYSTEM VALUE
	SELECT "id", "site_id", "path", "referrer_domain", "visitor_hash", "occurred_at" FROM "analytics_events_unpartitioned";--> statement-breakpoint
SELECT setval('analytics_events_id_seq', coalesce((SELECT max("id") FROM "analytics_events"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "analytics_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_site_time_idx" ON "analytics_events" USING btree ("site_id","occurred_at");--> statement-breakpoint
DROP FUNCTION atrium_month_partitions(text, timestamptz, timestamptz);
