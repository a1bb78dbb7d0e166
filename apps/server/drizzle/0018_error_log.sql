CREATE TABLE "logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"file" text NOT NULL,
	"line" integer NOT NULL,
	"error" text NOT NULL,
	"stack" text,
	"user_id" integer,
	"user_type" integer,
	"extra" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logs_tenant_idx" ON "logs" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "logs_created_idx" ON "logs" USING btree ("created_date");