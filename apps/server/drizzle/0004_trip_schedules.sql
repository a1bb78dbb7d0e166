CREATE TABLE "schedule_destinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"position" integer NOT NULL,
	"destination_id" integer,
	"destination_name" text,
	"destination_lat" double precision,
	"destination_lon" double precision,
	"staying_time" integer,
	"staying_time_range" integer,
	"driving_time" integer,
	"driving_time_range" integer,
	"student_fname" text,
	"student_lname" text
);
--> statement-breakpoint
CREATE TABLE "schedule_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"schedule_destination_id" integer NOT NULL,
	"description" text NOT NULL,
	"order_id" text,
	"client_approval" boolean DEFAULT false NOT NULL,
	"manager_approval" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "trip_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"driver_id" integer,
	"warehouse_id" integer,
	"type_id" integer,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"repeat_type" text NOT NULL,
	"repeat_interval" integer DEFAULT 1 NOT NULL,
	"days_of_week" text,
	"departure_time_range" integer,
	"note" text,
	"time_zone" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_destinations" ADD COLUMN "student_fname" text;--> statement-breakpoint
ALTER TABLE "trip_destinations" ADD COLUMN "student_lname" text;--> statement-breakpoint
ALTER TABLE "trip_destinations" ADD COLUMN "arrived_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trip_destinations" ADD COLUMN "departed_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "schedule_id" integer;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "occurrence_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_destinations" ADD CONSTRAINT "schedule_destinations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_destinations" ADD CONSTRAINT "schedule_destinations_schedule_id_trip_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."trip_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_destinations" ADD CONSTRAINT "schedule_destinations_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_tasks" ADD CONSTRAINT "schedule_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_tasks" ADD CONSTRAINT "schedule_tasks_schedule_destination_id_schedule_destinations_id_fk" FOREIGN KEY ("schedule_destination_id") REFERENCES "public"."schedule_destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_schedules" ADD CONSTRAINT "trip_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_schedules" ADD CONSTRAINT "trip_schedules_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_schedules" ADD CONSTRAINT "trip_schedules_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_schedules" ADD CONSTRAINT "trip_schedules_type_id_trip_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."trip_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_destinations_tenant_schedule_idx" ON "schedule_destinations" USING btree ("tenant_id","schedule_id","position");--> statement-breakpoint
CREATE INDEX "schedule_tasks_tenant_stop_idx" ON "schedule_tasks" USING btree ("tenant_id","schedule_destination_id");--> statement-breakpoint
CREATE INDEX "trip_schedules_tenant_idx" ON "trip_schedules" USING btree ("tenant_id","id");--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_schedule_id_trip_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."trip_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trips_tenant_start_idx" ON "trips" USING btree ("tenant_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "trips_tenant_schedule_occurrence_uq" ON "trips" USING btree ("tenant_id","schedule_id","occurrence_start");