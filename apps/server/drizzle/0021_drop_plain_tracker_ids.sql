DROP INDEX "drivers_device_live_idx";--> statement-breakpoint
ALTER TABLE "drivers" DROP COLUMN "device_id";