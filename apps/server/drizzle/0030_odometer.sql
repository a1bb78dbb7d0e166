CREATE TABLE "odometer_tracks" (
	"tenant_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"jumps" integer DEFAULT 0 NOT NULL,
	"read_until" timestamp with time zone NOT NULL,
	CONSTRAINT "odometer_tracks_tenant_id_driver_id_pk" PRIMARY KEY("tenant_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_distance_days" (
	"tenant_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"day" date NOT NULL,
	"km" double precision NOT NULL,
	CONSTRAINT "vehicle_distance_days_tenant_id_vehicle_id_day_pk" PRIMARY KEY("tenant_id","vehicle_id","day")
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "mileage_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "gps_km" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "odometer_tracks" ADD CONSTRAINT "odometer_tracks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odometer_tracks" ADD CONSTRAINT "odometer_tracks_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_distance_days" ADD CONSTRAINT "vehicle_distance_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_distance_days" ADD CONSTRAINT "vehicle_distance_days_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Vehicles made before the odometer had their mileage recorded when they were made.
UPDATE "vehicles" SET "mileage_at" = "created_date";
