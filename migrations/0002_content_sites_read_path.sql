ALTER TABLE "content_sites" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_sites" ADD COLUMN "status" text DEFAULT 'Draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_sites" ADD COLUMN "published_date" date;--> statement-breakpoint
ALTER TABLE "content_sites" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_sites" ADD COLUMN "publish_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_sites" ADD COLUMN "is_featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "content_sites_published_idx" ON "content_sites" USING btree ("site_id","content_type","published_date" DESC NULLS LAST,"published_at" DESC NULLS LAST,"content_id" DESC NULLS LAST) WHERE "content_sites"."is_live" and "content_sites"."status" = 'Published';--> statement-breakpoint
CREATE INDEX "content_sites_featured_idx" ON "content_sites" USING btree ("site_id","content_type","published_date" DESC NULLS LAST,"published_at" DESC NULLS LAST,"content_id" DESC NULLS LAST) WHERE "content_sites"."is_live" and "content_sites"."status" = 'Published' and "content_sites"."is_featured";--> statement-breakpoint
UPDATE "content_sites" AS cs SET "status" = b."status", "published_date" = b."published_date", "published_at" = b."published_at", "publish_end" = b."publish_end", "is_featured" = b."is_featured" FROM "blogs" AS b WHERE b."content_id" = cs."content_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "blogs_sync_content_sites"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Keeps the read-path copies in content_sites equal to the blog, whoever writes it (service, review, scheduler).
  UPDATE "content_sites"
     SET "status" = NEW."status", "published_date" = NEW."published_date", "published_at" = NEW."published_at",
         "publish_end" = NEW."publish_end", "is_featured" = NEW."is_featured"
   WHERE "content_id" = NEW."content_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "blogs_sync_content_sites" AFTER INSERT OR UPDATE OF "status", "published_date", "published_at", "publish_end", "is_featured" ON "blogs" FOR EACH ROW EXECUTE FUNCTION "blogs_sync_content_sites"();
