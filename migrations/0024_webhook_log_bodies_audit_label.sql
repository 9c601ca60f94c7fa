ALTER TABLE "audit_logs" ADD COLUMN "record_label" text;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "request_headers" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "request_body" text;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "response_headers" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "response_body" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "attempt_limit" integer DEFAULT 6 NOT NULL;