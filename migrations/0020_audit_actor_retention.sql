CREATE TABLE "api_key_usage_daily" (
	"api_key_id" uuid NOT NULL,
	"day" date NOT NULL,
	"total" integer NOT NULL,
	"status_2xx" integer NOT NULL,
	"status_3xx" integer NOT NULL,
	"status_4xx" integer NOT NULL,
	"status_5xx" integer NOT NULL,
	CONSTRAINT "api_key_usage_daily_pk" PRIMARY KEY("api_key_id","day")
);
--> statement-breakpoint
CREATE TABLE "api_key_usage_rollup_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_before" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "maintenance_runs_pk" PRIMARY KEY("job","day")
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "change_history" ALTER COLUMN "changed_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "change_history" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
-- hand-written: begin
-- The actor (decisions.md "Audit and history"): `api_key:<id>` becomes api_key_id with no user, `user:<id>` the
-- bare user UUID; a value that is not a UUID afterwards (`system`, `anonymous`) becomes null (work of the service
-- itself is the entry with neither a user nor a key). Both columns become uuid here, with the cast drizzle-kit does
-- not write (its generated SET DATA TYPE uuid without USING was taken out).
UPDATE "audit_logs" SET "api_key_id" = substr("user_id", 9)::uuid, "user_id" = NULL WHERE "user_id" LIKE 'api_key:%';--> statement-breakpoint
UPDATE "audit_logs" SET "user_id" = substr("user_id", 6) WHERE "user_id" LIKE 'user:%';--> statement-breakpoint
UPDATE "audit_logs" SET "user_id" = NULL WHERE "user_id" !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
UPDATE "change_history" SET "api_key_id" = substr("changed_by", 9)::uuid, "changed_by" = NULL WHERE "changed_by" LIKE 'api_key:%';--> statement-breakpoint
UPDATE "change_history" SET "changed_by" = substr("changed_by", 6) WHERE "changed_by" LIKE 'user:%';--> statement-breakpoint
UPDATE "change_history" SET "changed_by" = NULL WHERE "changed_by" !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "user_id" SET DATA TYPE uuid USING "user_id"::uuid;--> statement-breakpoint
ALTER TABLE "change_history" ALTER COLUMN "changed_by" SET DATA TYPE uuid USING "changed_by"::uuid;--> statement-breakpoint
-- hand-written: end

CREATE INDEX "api_key_usage_daily_day_idx" ON "api_key_usage_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "audit_logs_key_idx" ON "audit_logs" USING btree ("api_key_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "change_history_key_idx" ON "change_history" USING btree ("api_key_id");--> statement-breakpoint
CREATE INDEX "change_history_changed_idx" ON "change_history" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "change_history_audit_log_idx" ON "change_history" USING btree ("audit_log_id");