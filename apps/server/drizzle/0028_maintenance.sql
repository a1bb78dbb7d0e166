CREATE TABLE "maintenance_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"interval_distance" double precision,
	"interval_days" integer,
	"unplanned" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenances" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"bus_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"cost" numeric(12, 2),
	"completed_by" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_types" ADD CONSTRAINT "maintenance_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenances" ADD CONSTRAINT "maintenances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenances" ADD CONSTRAINT "maintenances_bus_id_vehicles_id_fk" FOREIGN KEY ("bus_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenances" ADD CONSTRAINT "maintenances_type_id_maintenance_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."maintenance_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_types_tenant_idx" ON "maintenance_types" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_types_tenant_name_idx" ON "maintenance_types" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "maintenances_tenant_bus_date_idx" ON "maintenances" USING btree ("tenant_id","bus_id","date");--> statement-breakpoint
CREATE INDEX "maintenances_tenant_date_idx" ON "maintenances" USING btree ("tenant_id","date");--> statement-breakpoint
-- Every existing tenant starts with the default types (new tenants get them when they are made).
INSERT INTO "maintenance_types" ("tenant_id", "name", "interval_distance", "interval_days", "unplanned")
SELECT t."id", d."name", d."interval_distance", d."interval_days", d."unplanned"
FROM "tenants" t
CROSS JOIN (VALUES
	('Oil change', 10000::double precision, 180, false),
	('Tyres', 40000::double precision, 730, false),
	('Brakes', 30000::double precision, 365, false),
	('Inspection', NULL::double precision, 365, false),
	('Breakdown repair', NULL::double precision, NULL::integer, true)
) AS d("name", "interval_distance", "interval_days", "unplanned");
