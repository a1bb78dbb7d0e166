ALTER TABLE "students" ADD COLUMN "destination_id" integer;--> statement-breakpoint
-- Each pupil's bus stop becomes one of the tenant's destinations (archived with an archived pupil):
-- the id is drawn first, then the destination made with it.
UPDATE "students" SET "destination_id" = nextval(pg_get_serial_sequence('"destinations"', 'id'))
WHERE "stop_lat" IS NOT NULL AND "stop_lon" IS NOT NULL;--> statement-breakpoint
INSERT INTO "destinations" ("id", "tenant_id", "name", "lat", "lon", "archived")
SELECT "destination_id", "tenant_id", coalesce(nullif(trim("stop_name"), ''), "fname" || ' ' || "lname"),
  "stop_lat", "stop_lon", "archived"
FROM "students" WHERE "destination_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE no action ON UPDATE no action;