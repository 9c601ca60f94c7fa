CREATE TABLE "media_renditions" (
	"key" text PRIMARY KEY NOT NULL,
	"source_key" text NOT NULL,
	"focal" text DEFAULT '' NOT NULL,
	"size_bytes" integer NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "focal_x" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "focal_y" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
CREATE INDEX "media_renditions_source_idx" ON "media_renditions" USING btree ("source_key","focal");--> statement-breakpoint
CREATE INDEX "media_renditions_lru_idx" ON "media_renditions" USING btree ("last_used_at");--> statement-breakpoint
CREATE INDEX "blogs_cover_image_idx" ON "blogs" USING btree ("cover_image_id") WHERE "blogs"."deleted_at" is null and "blogs"."cover_image_id" is not null;--> statement-breakpoint
CREATE INDEX "blogs_header_image_idx" ON "blogs" USING btree ("header_image_id") WHERE "blogs"."deleted_at" is null and "blogs"."header_image_id" is not null;--> statement-breakpoint
CREATE INDEX "page_sections_cover_image_idx" ON "page_sections" USING btree ("cover_image_id") WHERE "page_sections"."cover_image_id" is not null;