CREATE TABLE "trusted_devices" (
	"token_hash" text NOT NULL,
	"account" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "trusted_devices_token_hash_account_pk" PRIMARY KEY("token_hash","account")
);
--> statement-breakpoint
DROP INDEX "admins_email_live_idx";--> statement-breakpoint
DROP INDEX "drivers_email_live_idx";--> statement-breakpoint
DROP INDEX "guardians_email_live_idx";--> statement-breakpoint
CREATE INDEX "trusted_devices_expires_idx" ON "trusted_devices" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admins_tenant_email_live_idx" ON "admins" USING btree ("tenant_id",lower("email")) WHERE "admins"."archived" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_tenant_email_live_idx" ON "drivers" USING btree ("tenant_id",lower("email")) WHERE "drivers"."archived" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_tenant_email_live_idx" ON "guardians" USING btree ("tenant_id",lower("email")) WHERE "guardians"."archived" = false;--> statement-breakpoint
CREATE INDEX "admins_email_live_idx" ON "admins" USING btree (lower("email")) WHERE "admins"."archived" = false;--> statement-breakpoint
CREATE INDEX "drivers_email_live_idx" ON "drivers" USING btree (lower("email")) WHERE "drivers"."archived" = false;--> statement-breakpoint
CREATE INDEX "guardians_email_live_idx" ON "guardians" USING btree (lower("email")) WHERE "guardians"."archived" = false;