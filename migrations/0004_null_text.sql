ALTER TABLE "sites" ALTER COLUMN "description" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sites" ALTER COLUMN "description" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "description" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "description" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "title" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "subtitle" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "subtitle" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "excerpt" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "excerpt" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "body" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "meta_title" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "meta_title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "meta_description" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blog_localizations" ALTER COLUMN "meta_description" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ALTER COLUMN "author" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blogs" ALTER COLUMN "author" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "description" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "description" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "favicon_url" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "post_path" text DEFAULT '/blog/{slug}' NOT NULL;--> statement-breakpoint
UPDATE "sites" SET "description" = NULL WHERE "description" = '';--> statement-breakpoint
UPDATE "api_keys" SET "description" = NULL WHERE "description" = '';--> statement-breakpoint
UPDATE "blogs" SET "author" = NULL WHERE "author" = '';--> statement-breakpoint
UPDATE "categories" SET "description" = NULL WHERE "description" = '';--> statement-breakpoint
UPDATE "blog_localizations" SET "title" = NULLIF("title", ''), "subtitle" = NULLIF("subtitle", ''), "excerpt" = NULLIF("excerpt", ''), "body" = NULLIF("body", ''), "meta_title" = NULLIF("meta_title", ''), "meta_description" = NULLIF("meta_description", '') WHERE '' IN ("title", "subtitle", "excerpt", "body", "meta_title", "meta_description");
