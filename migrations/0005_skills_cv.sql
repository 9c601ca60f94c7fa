CREATE TABLE "cv_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"entry_type" text NOT NULL,
	"title" text NOT NULL,
	"organization" text,
	"organization_url" text,
	"location" text,
	"description" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"is_current" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "cv_entries_end_after_start" CHECK ("cv_entries"."end_date" is null or "cv_entries"."end_date" >= "cv_entries"."start_date"),
	CONSTRAINT "cv_entries_current_no_end" CHECK (not ("cv_entries"."is_current" and "cv_entries"."end_date" is not null))
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"category" text,
	"proficiency" integer DEFAULT 0 NOT NULL,
	"icon" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "skills_proficiency_range" CHECK ("skills"."proficiency" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "cv_entries" ADD CONSTRAINT "cv_entries_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cv_entries" ADD CONSTRAINT "cv_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cv_entries_content_uq" ON "cv_entries" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "cv_entries_site_idx" ON "cv_entries" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_content_uq" ON "skills" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "skills_site_idx" ON "skills" USING btree ("site_id");