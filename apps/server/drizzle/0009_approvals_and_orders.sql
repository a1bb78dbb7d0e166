ALTER TABLE "tasks" ADD COLUMN "manager_decided_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "manager_decided_by" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_manager_decided_by_admins_id_fk" FOREIGN KEY ("manager_decided_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_tenant_manager_approval_idx" ON "tasks" USING btree ("tenant_id","manager_approval_status","completed_date") WHERE "tasks"."manager_approval";--> statement-breakpoint
CREATE INDEX "tasks_tenant_client_approval_idx" ON "tasks" USING btree ("tenant_id") WHERE "tasks"."client_approval";--> statement-breakpoint
CREATE INDEX "tasks_tenant_orders_idx" ON "tasks" USING btree ("tenant_id","completed_date" DESC NULLS LAST,"id") WHERE "tasks"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_tenant_order_status_idx" ON "tasks" USING btree ("tenant_id","status","completed_date" DESC NULLS LAST) WHERE "tasks"."order_id" is not null;
