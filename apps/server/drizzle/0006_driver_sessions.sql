ALTER TABLE "sessions" ALTER COLUMN "admin_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "driver_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_tenant_driver_idx" ON "sessions" USING btree ("tenant_id","driver_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_one_principal" CHECK (("sessions"."admin_id" is null) <> ("sessions"."driver_id" is null));