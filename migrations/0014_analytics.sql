CREATE TABLE "analytics_daily_stats" (
	"site_id" uuid NOT NULL,
	"date" date NOT NULL,
	"path" text NOT NULL,
	"views" integer NOT NULL,
	"unique_visitors" integer NOT NULL,
	CONSTRAINT "analytics_daily_stats_pk" PRIMARY KEY("site_id","date","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_totals" (
	"site_id" uuid NOT NULL,
	"date" date NOT NULL,
	"views" integer NOT NULL,
	"unique_visitors" integer NOT NULL,
	CONSTRAINT "analytics_daily_totals_pk" PRIMARY KEY("site_id","date")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" uuid NOT NULL,
	"path" text NOT NULL,
	"referrer_domain" text,
	"visitor_hash" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_state" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"aggregated_before" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_daily_stats" ADD CONSTRAINT "analytics_daily_stats_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily_totals" ADD CONSTRAINT "analytics_daily_totals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_rollup_state" ADD CONSTRAINT "analytics_rollup_state_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_site_time_idx" ON "analytics_events" USING btree ("site_id","occurred_at");