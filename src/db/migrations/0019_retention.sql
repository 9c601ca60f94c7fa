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
ALTER TABLE "audit_logs" ALTER COLUMN "user_id" SET DATA TYPE uuid;--> statement-breakpoint
ALTER TABLE "change_history" ALTER COLUMN "changed_by" SET DATA TYPE uuid;--> statement-breakpoint
CREATE INDEX "api_key_usage_daily_day_idx" ON "api_key_usage_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "audit_logs_key_idx" ON "audit_logs" USING btree ("api_key_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "change_history_key_idx" ON "change_history" USING btree ("api_key_id");--> statement-breakpoint
CREATE INDEX "change_history_changed_idx" ON "change_history" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "change_history_audit_log_idx" ON "change_history" USING btree ("audit_log_id");