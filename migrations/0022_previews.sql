CREATE TABLE "previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"token_digest" text NOT NULL,
	"type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"locale" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by_user_id" uuid,
	"created_by_api_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "previews_token_digest_uq" UNIQUE("token_digest")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "preview_url" text;--> statement-breakpoint
ALTER TABLE "previews" ADD CONSTRAINT "previews_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previews" ADD CONSTRAINT "previews_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "previews_site_expires_idx" ON "previews" USING btree ("site_id","expires_at");--> statement-breakpoint
CREATE INDEX "previews_record_idx" ON "previews" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "previews_content_idx" ON "previews" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "previews_expires_idx" ON "previews" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sites_preview_url_idx" ON "sites" USING btree ("preview_url") WHERE "sites"."preview_url" is not null and "sites"."deleted_at" is null;