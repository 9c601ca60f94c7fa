CREATE TABLE "legal_document_localizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legal_document_id" uuid NOT NULL,
	"locale_id" uuid NOT NULL,
	"title" text,
	"intro" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"cookie_name" text,
	"document_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "legal_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legal_document_id" uuid NOT NULL,
	"cookie_name" text,
	"title" text NOT NULL,
	"description" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"default_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"provider" text,
	"purpose" text,
	"expiry" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"content_type" text NOT NULL,
	"template_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "legal_document_localizations" ADD CONSTRAINT "legal_document_localizations_legal_document_id_legal_documents_id_fk" FOREIGN KEY ("legal_document_id") REFERENCES "public"."legal_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_localizations" ADD CONSTRAINT "legal_document_localizations_locale_id_locales_id_fk" FOREIGN KEY ("locale_id") REFERENCES "public"."locales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_groups" ADD CONSTRAINT "legal_groups_legal_document_id_legal_documents_id_fk" FOREIGN KEY ("legal_document_id") REFERENCES "public"."legal_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_items" ADD CONSTRAINT "legal_items_group_id_legal_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."legal_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_templates" ADD CONSTRAINT "content_templates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_document_localizations_doc_locale_uq" ON "legal_document_localizations" USING btree ("legal_document_id","locale_id");--> statement-breakpoint
CREATE INDEX "legal_document_localizations_locale_idx" ON "legal_document_localizations" USING btree ("locale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_site_slug_uq" ON "legal_documents" USING btree ("site_id","slug") WHERE "legal_documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "legal_documents_site_type_idx" ON "legal_documents" USING btree ("site_id","document_type","created_at") WHERE "legal_documents"."deleted_at" is null and "legal_documents"."is_active";--> statement-breakpoint
CREATE INDEX "legal_groups_document_order_idx" ON "legal_groups" USING btree ("legal_document_id","display_order");--> statement-breakpoint
CREATE INDEX "legal_items_group_order_idx" ON "legal_items" USING btree ("group_id","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "content_templates_site_name_uq" ON "content_templates" USING btree ("site_id",lower("name")) WHERE "content_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "content_templates_site_idx" ON "content_templates" USING btree ("site_id","name") WHERE "content_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "content_templates_search_idx" ON "content_templates" USING gin ("name" gin_trgm_ops,"description" gin_trgm_ops) WITH (fastupdate=false) WHERE "content_templates"."deleted_at" is null;