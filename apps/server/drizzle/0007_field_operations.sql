CREATE TABLE "change_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"type" text NOT NULL,
	"ids" jsonb NOT NULL,
	"actor" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_last_positions" (
	"tenant_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"trip_id" integer,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"speed" double precision,
	"course" double precision,
	"accuracy" double precision,
	"battery" double precision,
	"source" text NOT NULL,
	CONSTRAINT "driver_last_positions_tenant_id_driver_id_pk" PRIMARY KEY("tenant_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "task_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"driver_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Positions become a table partitioned by day of the fix (PostgreSQL declarative partitioning, also
-- on the embedded database): old days are dropped whole, and every index starts with tenant_id.
ALTER TABLE "driver_locations" RENAME TO "driver_locations_before_partitioning";--> statement-breakpoint
ALTER INDEX "driver_locations_tenant_driver_time_idx" RENAME TO "driver_locations_before_partitioning_idx";--> statement-breakpoint
ALTER TABLE "driver_locations_before_partitioning" RENAME CONSTRAINT "driver_locations_pkey" TO "driver_locations_before_partitioning_pkey";--> statement-breakpoint
ALTER SEQUENCE "driver_locations_id_seq" RENAME TO "driver_locations_before_partitioning_id_seq";--> statement-breakpoint
CREATE TABLE "driver_locations" (
	"id" bigserial NOT NULL,
	"tenant_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"trip_id" integer,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"speed" double precision,
	"course" double precision,
	"altitude" double precision,
	"accuracy" double precision,
	"battery" double precision,
	"source" text NOT NULL,
	"attributes" jsonb,
	CONSTRAINT "driver_locations_tenant_id_driver_id_recorded_at_pk" PRIMARY KEY("tenant_id","driver_id","recorded_at")
) PARTITION BY RANGE ("recorded_at");--> statement-breakpoint
-- Fixes of a day with no partition yet (far past, far future) land here rather than being refused.
CREATE TABLE "driver_locations_default" PARTITION OF "driver_locations" DEFAULT;--> statement-breakpoint
INSERT INTO "driver_locations" ("tenant_id", "driver_id", "lat", "lon", "recorded_at", "source")
	SELECT "tenant_id", "driver_id", "lat", "lon", "recorded_at", 'app' FROM "driver_locations_before_partitioning"
	ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "driver_locations_before_partitioning";--> statement-breakpoint
ALTER TABLE "driver_locations" ADD CONSTRAINT "driver_locations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_locations" ADD CONSTRAINT "driver_locations_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "completed_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "completed_by_driver_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "driver_note" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "manager_approval_status" text;--> statement-breakpoint
UPDATE "tasks" SET "manager_approval_status" = 'awaiting_submission' WHERE "manager_approval";--> statement-breakpoint
ALTER TABLE "trip_destinations" ADD COLUMN "skipped_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trip_destinations" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "active_trip_destination_id" integer;--> statement-breakpoint
ALTER TABLE "driver_last_positions" ADD CONSTRAINT "driver_last_positions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_last_positions" ADD CONSTRAINT "driver_last_positions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_photos" ADD CONSTRAINT "task_photos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_photos" ADD CONSTRAINT "task_photos_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_photos" ADD CONSTRAINT "task_photos_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_events_tenant_idx" ON "change_events" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "task_photos_tenant_task_idx" ON "task_photos" USING btree ("tenant_id","task_id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_driver_id_drivers_id_fk" FOREIGN KEY ("completed_by_driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_device_live_idx" ON "drivers" USING btree ("device_id") WHERE "drivers"."archived" = false and "drivers"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "driver_locations_tenant_time_idx" ON "driver_locations" USING btree ("tenant_id","recorded_at");