CREATE TABLE "finance_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"month" text NOT NULL,
	"status" text NOT NULL,
	"file_type" integer NOT NULL,
	"recipient" text NOT NULL,
	"file_name" text,
	"reason" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finance_runs" ADD CONSTRAINT "finance_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_runs_tenant_month_idx" ON "finance_runs" USING btree ("tenant_id","month");--> statement-breakpoint
CREATE INDEX "finance_runs_tenant_idx" ON "finance_runs" USING btree ("tenant_id","id");