CREATE TABLE "driver_ignored_fixes" (
	"tenant_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"last_reason" text NOT NULL,
	"last_detail" text NOT NULL,
	"last_received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_ignored_fixes_tenant_id_driver_id_pk" PRIMARY KEY("tenant_id","driver_id")
);
--> statement-breakpoint
ALTER TABLE "driver_ignored_fixes" ADD CONSTRAINT "driver_ignored_fixes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_ignored_fixes" ADD CONSTRAINT "driver_ignored_fixes_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;