CREATE TABLE "idp_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idp_user_id" text NOT NULL,
	"email" text,
	"name" text,
	"avatar_url" text,
	"role" text DEFAULT 'User' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "idp_users_idp_user_id_uq" ON "idp_users" USING btree ("idp_user_id");--> statement-breakpoint
CREATE INDEX "idp_users_created_idx" ON "idp_users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "api_keys_created_by_idx" ON "api_keys" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "site_members_one_owner_uq" ON "site_members" USING btree ("site_id") WHERE "site_members"."role" = 'Owner';