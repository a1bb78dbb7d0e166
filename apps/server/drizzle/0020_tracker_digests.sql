ALTER TABLE "drivers" ADD COLUMN "tracker_digest" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "tracker_kind" text;--> statement-breakpoint
-- Tracker IDs set before they had to be strong keep working as legacy ones, by their digest alone.
UPDATE "drivers" SET "tracker_digest" = encode(sha256(convert_to("device_id", 'UTF8')), 'hex'), "tracker_kind" = 'legacy' WHERE "device_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_tracker_live_idx" ON "drivers" USING btree ("tracker_digest") WHERE "drivers"."archived" = false and "drivers"."tracker_digest" is not null;