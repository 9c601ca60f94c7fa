CREATE TABLE "page_section_localizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_section_id" uuid NOT NULL,
	"locale_id" uuid NOT NULL,
	"title" text,
	"text" text,
	"button_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"section_type" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"cover_image_id" uuid,
	"call_to_action_route" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"route" text NOT NULL,
	"slug" text NOT NULL,
	"page_type" text DEFAULT 'standard' NOT NULL,
	"template" text,
	"is_in_navigation" boolean DEFAULT false NOT NULL,
	"navigation_order" integer DEFAULT 0 NOT NULL,
	"parent_page_id" uuid,
	"status" text DEFAULT 'Draft' NOT NULL,
	"published_at" timestamp with time zone,
	"publish_start" timestamp with time zone,
	"publish_end" timestamp with time zone,
	"created_by" text,
	"created_by_idp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_sites" ADD COLUMN "route" text;--> statement-breakpoint
ALTER TABLE "page_section_localizations" ADD CONSTRAINT "page_section_localizations_page_section_id_page_sections_id_fk" FOREIGN KEY ("page_section_id") REFERENCES "public"."page_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_section_localizations" ADD CONSTRAINT "page_section_localizations_locale_id_locales_id_fk" FOREIGN KEY ("locale_id") REFERENCES "public"."locales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_sections" ADD CONSTRAINT "page_sections_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_parent_page_id_pages_id_fk" FOREIGN KEY ("parent_page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_section_localizations_section_locale_uq" ON "page_section_localizations" USING btree ("page_section_id","locale_id");--> statement-breakpoint
CREATE INDEX "page_section_localizations_locale_idx" ON "page_section_localizations" USING btree ("locale_id");--> statement-breakpoint
CREATE INDEX "page_sections_page_order_idx" ON "page_sections" USING btree ("page_id","display_order","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_content_uq" ON "pages" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "pages_scheduled_idx" ON "pages" USING btree ("publish_start") WHERE "pages"."status" = 'Scheduled' and "pages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pages_parent_idx" ON "pages" USING btree ("parent_page_id") WHERE "pages"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_sites_route_uq" ON "content_sites" USING btree ("site_id","content_type","route") WHERE "content_sites"."is_live" and "content_sites"."route" is not null;