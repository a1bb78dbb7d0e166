CREATE TABLE "guardians" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"fname" text NOT NULL,
	"lname" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"folder" text NOT NULL,
	"record_id" integer NOT NULL,
	"title" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"driver_id" integer,
	"admin_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_guardians" (
	"tenant_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"guardian_id" integer NOT NULL,
	CONSTRAINT "student_guardians_tenant_id_student_id_guardian_id_pk" PRIMARY KEY("tenant_id","student_id","guardian_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"old_bus_id" integer,
	"new_bus_id" integer NOT NULL,
	"note" text,
	"status" integer DEFAULT 0 NOT NULL,
	"resolution" text,
	"decided_date" timestamp with time zone,
	"decided_by" integer,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_photos" ADD CONSTRAINT "record_photos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_photos" ADD CONSTRAINT "record_photos_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_photos" ADD CONSTRAINT "record_photos_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_old_bus_id_vehicles_id_fk" FOREIGN KEY ("old_bus_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_new_bus_id_vehicles_id_fk" FOREIGN KEY ("new_bus_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD CONSTRAINT "vehicle_requests_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardians_tenant_idx" ON "guardians" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_email_live_idx" ON "guardians" USING btree (lower("email")) WHERE "guardians"."archived" = false;--> statement-breakpoint
CREATE INDEX "record_photos_tenant_record_idx" ON "record_photos" USING btree ("tenant_id","folder","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "record_photos_tenant_title_idx" ON "record_photos" USING btree ("tenant_id","folder","title");--> statement-breakpoint
CREATE INDEX "student_guardians_tenant_guardian_idx" ON "student_guardians" USING btree ("tenant_id","guardian_id");--> statement-breakpoint
CREATE INDEX "vehicle_requests_tenant_status_idx" ON "vehicle_requests" USING btree ("tenant_id","status","creation_date");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_requests_tenant_driver_pending_idx" ON "vehicle_requests" USING btree ("tenant_id","driver_id") WHERE "vehicle_requests"."status" = 0;