CREATE TABLE "exception_engine_state" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"lease_holder" uuid,
	"lease_until" timestamp with time zone,
	"change_event_id" bigint DEFAULT 0 NOT NULL,
	"swept_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"trip_destination_id" integer,
	"driver_id" integer,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"expected_date" timestamp with time zone,
	"actual_date" timestamp with time zone,
	"message" text NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"seen_date" timestamp with time zone,
	"withdrawn_date" timestamp with time zone,
	"raised_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exceptions_tenant_trip_stop_type_uq" UNIQUE NULLS NOT DISTINCT("tenant_id","trip_id","trip_destination_id","type")
);
--> statement-breakpoint
ALTER TABLE "exception_engine_state" ADD CONSTRAINT "exception_engine_state_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_trip_destination_id_trip_destinations_id_fk" FOREIGN KEY ("trip_destination_id") REFERENCES "public"."trip_destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptions" ADD CONSTRAINT "exceptions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exceptions_tenant_listed_idx" ON "exceptions" USING btree ("tenant_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "exceptions"."withdrawn_date" is null;--> statement-breakpoint
CREATE INDEX "exceptions_tenant_not_seen_idx" ON "exceptions" USING btree ("tenant_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "exceptions"."withdrawn_date" is null and not "exceptions"."seen";