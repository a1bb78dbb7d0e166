CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"fname" text NOT NULL,
	"lname" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"bus_id" integer,
	"hourly_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"language" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"reference" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"mileage" double precision,
	"archived" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_bus_id_vehicles_id_fk" FOREIGN KEY ("bus_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drivers_tenant_idx" ON "drivers" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "drivers_tenant_bus_idx" ON "drivers" USING btree ("tenant_id","bus_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_email_live_idx" ON "drivers" USING btree (lower("email")) WHERE "drivers"."archived" = false;--> statement-breakpoint
CREATE INDEX "vehicles_tenant_idx" ON "vehicles" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_tenant_reference_live_idx" ON "vehicles" USING btree ("tenant_id",lower("reference")) WHERE "vehicles"."archived" = false;