ALTER TABLE "audit_logs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "change_history" ALTER COLUMN "changed_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "change_history" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
-- hand-written: begin
-- The actor (decisions.md "Audit and history"): `api_key:<id>` becomes api_key_id with no user, `user:<id>` the
-- bare user UUID; a value that is not a UUID afterwards (`system`, `anonymous`) becomes null (work of the service
-- itself is the entry with neither a user nor a key). Both columns become uuid here, with the cast drizzle-kit does
-- not write; the next migration's generated SET DATA TYPE uuid then changes nothing.
UPDATE "audit_logs" SET "api_key_id" = substr("user_id", 9)::uuid, "user_id" = NULL WHERE "user_id" LIKE 'api_key:%';--> statement-breakpoint
UPDATE "audit_logs" SET "user_id" = substr("user_id", 6) WHERE "user_id" LIKE 'user:%';--> statement-breakpoint
UPDATE "audit_logs" SET "user_id" = NULL WHERE "user_id" !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
UPDATE "change_history" SET "api_key_id" = substr("changed_by", 9)::uuid, "changed_by" = NULL WHERE "changed_by" LIKE 'api_key:%';--> statement-breakpoint
UPDATE "change_history" SET "changed_by" = substr("changed_by", 6) WHERE "changed_by" LIKE 'user:%';--> statement-breakpoint
UPDATE "change_history" SET "changed_by" = NULL WHERE "changed_by" !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "user_id" SET DATA TYPE uuid USING "user_id"::uuid;--> statement-breakpoint
ALTER TABLE "change_history" ALTER COLUMN "changed_by" SET DATA TYPE uuid USING "changed_by"::uuid;
-- hand-written: end
