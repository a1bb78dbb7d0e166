ALTER TABLE "login_failures" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "not_before" timestamp with time zone;