CREATE TABLE "navigation_item_localizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"navigation_item_id" uuid NOT NULL,
	"locale_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "navigation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"menu_id" uuid NOT NULL,
	"parent_id" uuid,
	"title" text NOT NULL,
	"link_type" text NOT NULL,
	"url" text,
	"page_id" uuid,
	"icon" text,
	"open_in_new_tab" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "navigation_items_link_type_ck" CHECK ("navigation_items"."link_type" in ('internal', 'external', 'page'))
);
--> statement-breakpoint
CREATE TABLE "navigation_menus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "navigation_item_localizations" ADD CONSTRAINT "navigation_item_localizations_navigation_item_id_navigation_items_id_fk" FOREIGN KEY ("navigation_item_id") REFERENCES "public"."navigation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_item_localizations" ADD CONSTRAINT "navigation_item_localizations_locale_id_locales_id_fk" FOREIGN KEY ("locale_id") REFERENCES "public"."locales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_items" ADD CONSTRAINT "navigation_items_menu_id_navigation_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."navigation_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_items" ADD CONSTRAINT "navigation_items_parent_id_navigation_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."navigation_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation_menus" ADD CONSTRAINT "navigation_menus_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "navigation_item_localizations_item_locale_uq" ON "navigation_item_localizations" USING btree ("navigation_item_id","locale_id");--> statement-breakpoint
CREATE INDEX "navigation_item_localizations_locale_idx" ON "navigation_item_localizations" USING btree ("locale_id");--> statement-breakpoint
CREATE INDEX "navigation_items_menu_parent_idx" ON "navigation_items" USING btree ("menu_id","parent_id","display_order");--> statement-breakpoint
CREATE INDEX "navigation_items_parent_idx" ON "navigation_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "navigation_items_page_idx" ON "navigation_items" USING btree ("page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "navigation_menus_site_slug_uq" ON "navigation_menus" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "navigation_menus_site_created_idx" ON "navigation_menus" USING btree ("site_id","created_at");