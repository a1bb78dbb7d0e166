ALTER TABLE "sessions" DROP CONSTRAINT "sessions_one_principal";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "guardian_id" integer;--> statement-breakpoint
ALTER TABLE "schedule_destinations" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "trip_destinations" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_destinations" ADD CONSTRAINT "schedule_destinations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_destinations" ADD CONSTRAINT "trip_destinations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_tenant_guardian_idx" ON "sessions" USING btree ("tenant_id","guardian_id");--> statement-breakpoint
CREATE INDEX "schedule_destinations_tenant_student_idx" ON "schedule_destinations" USING btree ("tenant_id","student_id") WHERE "schedule_destinations"."student_id" is not null;--> statement-breakpoint
CREATE INDEX "trip_destinations_tenant_student_idx" ON "trip_destinations" USING btree ("tenant_id","student_id") WHERE "trip_destinations"."student_id" is not null;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_one_principal" CHECK (num_nonnulls("sessions"."admin_id", "sessions"."driver_id", "sessions"."guardian_id") = 1);--> statement-breakpoint
-- Backfill: a stop planned before stops carried the student's id names the pupil by first and last
-- name only. It gets the id of the tenant's student of that name when exactly one student (live or
-- archived) has it; a name two students share, or none, stays without an id (the stop is then
-- nobody's to see in the guardians' view, which is the safe side).
UPDATE "trip_destinations" AS d SET "student_id" = m."id"
FROM (
  SELECT "tenant_id", lower(trim("fname")) AS f, lower(trim("lname")) AS l, min("id") AS "id"
  FROM "students" GROUP BY 1, 2, 3 HAVING count(*) = 1
) AS m
WHERE d."student_id" IS NULL AND d."student_fname" IS NOT NULL AND d."student_lname" IS NOT NULL
  AND m."tenant_id" = d."tenant_id" AND m.f = lower(trim(d."student_fname")) AND m.l = lower(trim(d."student_lname"));--> statement-breakpoint
UPDATE "schedule_destinations" AS d SET "student_id" = m."id"
FROM (
  SELECT "tenant_id", lower(trim("fname")) AS f, lower(trim("lname")) AS l, min("id") AS "id"
  FROM "students" GROUP BY 1, 2, 3 HAVING count(*) = 1
) AS m
WHERE d."student_id" IS NULL AND d."student_fname" IS NOT NULL AND d."student_lname" IS NOT NULL
  AND m."tenant_id" = d."tenant_id" AND m.f = lower(trim(d."student_fname")) AND m.l = lower(trim(d."student_lname"));
