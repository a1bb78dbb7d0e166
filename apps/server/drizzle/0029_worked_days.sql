CREATE TABLE "worked_days" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"driver_id" integer NOT NULL,
	"first_start" timestamp with time zone NOT NULL,
	"last_end" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "worked_days_tenant_id_day_driver_id_pk" PRIMARY KEY("tenant_id","day","driver_id")
);
--> statement-breakpoint
CREATE TABLE "worked_days_kept" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "worked_days_kept_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
ALTER TABLE "worked_days" ADD CONSTRAINT "worked_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worked_days_kept" ADD CONSTRAINT "worked_days_kept_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A changed trip forgets the kept days it touches (decision 0034). Only a trip that started more
-- than three days ago can touch a kept day (a day is kept once it ended four days ago), so only
-- such a change takes the tenant's lock, waiting for a report that is keeping days to finish; the
-- day's bounds are taken in UTC with two days' margin, wider than any time zone's offset.
CREATE FUNCTION "worked_days_forget"(tenant integer, s timestamptz, e timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF tenant IS NULL OR s IS NULL OR e IS NULL OR s >= now() - interval '3 days' THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(20260034, tenant);
  DELETE FROM "worked_days_kept"
  WHERE "tenant_id" = tenant
    AND "day" BETWEEN (s AT TIME ZONE 'UTC')::date - 2 AND (greatest(s, e) AT TIME ZONE 'UTC')::date + 2;
END $$;
--> statement-breakpoint
CREATE FUNCTION "trips_forget_worked_days"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "worked_days_forget"(OLD."tenant_id", OLD."started_date", OLD."ended_date");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "worked_days_forget"(NEW."tenant_id", NEW."started_date", NEW."ended_date");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "trips_worked_days_insert" AFTER INSERT ON "trips" FOR EACH ROW
  WHEN (NEW."started_date" IS NOT NULL AND NEW."ended_date" IS NOT NULL)
  EXECUTE FUNCTION "trips_forget_worked_days"();
--> statement-breakpoint
CREATE TRIGGER "trips_worked_days_update" AFTER UPDATE OF "started_date", "ended_date", "archived", "driver_id", "tenant_id" ON "trips" FOR EACH ROW
  WHEN (OLD."started_date" IS DISTINCT FROM NEW."started_date" OR OLD."ended_date" IS DISTINCT FROM NEW."ended_date"
        OR OLD."archived" IS DISTINCT FROM NEW."archived" OR OLD."driver_id" IS DISTINCT FROM NEW."driver_id"
        OR OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id")
  EXECUTE FUNCTION "trips_forget_worked_days"();
--> statement-breakpoint
CREATE TRIGGER "trips_worked_days_delete" AFTER DELETE ON "trips" FOR EACH ROW
  WHEN (OLD."started_date" IS NOT NULL AND OLD."ended_date" IS NOT NULL)
  EXECUTE FUNCTION "trips_forget_worked_days"();
--> statement-breakpoint
CREATE FUNCTION "trips_truncated_forget_worked_days"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "worked_days_kept";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "trips_worked_days_truncate" AFTER TRUNCATE ON "trips" FOR EACH STATEMENT
  EXECUTE FUNCTION "trips_truncated_forget_worked_days"();
