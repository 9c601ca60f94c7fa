CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"folder_id" uuid,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"mime_category" text NOT NULL,
	"size_bytes" bigint,
	"checksum" text,
	"width" integer,
	"height" integer,
	"is_global" boolean DEFAULT false NOT NULL,
	"storage_key" text,
	"external_url" text,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media_metadata" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"media_id" uuid NOT NULL,
	"locale_id" uuid NOT NULL,
	"alt_text" text,
	"caption" text,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_folder_id_media_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."media_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_folders" ADD CONSTRAINT "media_folders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_folders" ADD CONSTRAINT "media_folders_parent_id_media_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."media_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_metadata" ADD CONSTRAINT "media_metadata_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_metadata" ADD CONSTRAINT "media_metadata_locale_id_locales_id_fk" FOREIGN KEY ("locale_id") REFERENCES "public"."locales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_site_idx" ON "media" USING btree ("site_id","created_at") WHERE "media"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_site_category_idx" ON "media" USING btree ("site_id","mime_category","created_at") WHERE "media"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_folder_idx" ON "media" USING btree ("folder_id") WHERE "media"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_site_checksum_idx" ON "media" USING btree ("site_id","checksum") WHERE "media"."deleted_at" is null and "media"."checksum" is not null;--> statement-breakpoint
CREATE INDEX "media_storage_key_idx" ON "media" USING btree ("storage_key") WHERE "media"."storage_key" is not null;--> statement-breakpoint
CREATE INDEX "media_search_idx" ON "media" USING gin (to_tsvector('simple', "search_text")) WHERE "media"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_folders_site_idx" ON "media_folders" USING btree ("site_id","display_order") WHERE "media_folders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_folders_parent_idx" ON "media_folders" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_metadata_media_locale_uq" ON "media_metadata" USING btree ("media_id","locale_id");--> statement-breakpoint
CREATE INDEX "media_metadata_locale_idx" ON "media_metadata" USING btree ("locale_id");