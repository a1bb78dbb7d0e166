CREATE TABLE "crm_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"label" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"delivery_notes" text,
	"destination_id" integer,
	"archived" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"phone" text,
	"email" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"notes" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"weight" double precision,
	"volume" double precision,
	"archived" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"item_id" integer,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" double precision NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_order_pets" (
	"tenant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"pet_id" integer NOT NULL,
	CONSTRAINT "crm_order_pets_tenant_id_order_id_pet_id_pk" PRIMARY KEY("tenant_id","order_id","pet_id")
);
--> statement-breakpoint
CREATE TABLE "crm_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"requested_date" date NOT NULL,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"status" text NOT NULL,
	"status_date" timestamp with time zone DEFAULT now() NOT NULL,
	"notes" text,
	"total" numeric(16, 2) NOT NULL,
	"line_count" integer NOT NULL,
	"trip_id" integer,
	"task_id" integer,
	"delivered_date" timestamp with time zone,
	"archived" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_pets" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"species" text NOT NULL,
	"breed" text,
	"birth_date" date,
	"weight" double precision,
	"special_needs" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_tracking_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"token" text NOT NULL,
	"expires_date" timestamp with time zone,
	"revoked_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_addresses" ADD CONSTRAINT "crm_addresses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_addresses" ADD CONSTRAINT "crm_addresses_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_addresses" ADD CONSTRAINT "crm_addresses_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customers" ADD CONSTRAINT "crm_customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_items" ADD CONSTRAINT "crm_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_order_history" ADD CONSTRAINT "crm_order_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_order_history" ADD CONSTRAINT "crm_order_history_order_id_crm_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."crm_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_order_lines" ADD CONSTRAINT "crm_order_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_order_lines" ADD CONSTRAINT "crm_order_lines_order_id_crm_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."crm_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_order_lines" ADD CONSTRAINT "crm_order_lines_item_id_crm_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."crm_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_order_pets" ADD CONSTRAINT "crm_order_pets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_order_pets" ADD CONSTRAINT "crm_order_pets_order_id_crm_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."crm_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_order_pets" ADD CONSTRAINT "crm_order_pets_pet_id_crm_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."crm_pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_orders" ADD CONSTRAINT "crm_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_orders" ADD CONSTRAINT "crm_orders_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_orders" ADD CONSTRAINT "crm_orders_address_id_crm_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."crm_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_orders" ADD CONSTRAINT "crm_orders_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_orders" ADD CONSTRAINT "crm_orders_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_pets" ADD CONSTRAINT "crm_pets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_pets" ADD CONSTRAINT "crm_pets_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tracking_links" ADD CONSTRAINT "crm_tracking_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tracking_links" ADD CONSTRAINT "crm_tracking_links_order_id_crm_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."crm_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_addresses_tenant_live_idx" ON "crm_addresses" USING btree ("tenant_id","id") WHERE "crm_addresses"."archived" = false;--> statement-breakpoint
CREATE INDEX "crm_addresses_tenant_customer_idx" ON "crm_addresses" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "crm_contacts_tenant_live_idx" ON "crm_contacts" USING btree ("tenant_id","id") WHERE "crm_contacts"."archived" = false;--> statement-breakpoint
CREATE INDEX "crm_contacts_tenant_customer_idx" ON "crm_contacts" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "crm_customers_tenant_live_idx" ON "crm_customers" USING btree ("tenant_id","id") WHERE "crm_customers"."archived" = false;--> statement-breakpoint
CREATE INDEX "crm_items_tenant_live_idx" ON "crm_items" USING btree ("tenant_id","id") WHERE "crm_items"."archived" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_items_tenant_sku_live_idx" ON "crm_items" USING btree ("tenant_id",lower("sku")) WHERE "crm_items"."archived" = false;--> statement-breakpoint
CREATE INDEX "crm_order_history_tenant_order_idx" ON "crm_order_history" USING btree ("tenant_id","order_id","id");--> statement-breakpoint
CREATE INDEX "crm_order_lines_tenant_order_idx" ON "crm_order_lines" USING btree ("tenant_id","order_id","position");--> statement-breakpoint
CREATE INDEX "crm_orders_tenant_live_idx" ON "crm_orders" USING btree ("tenant_id","id") WHERE "crm_orders"."archived" = false;--> statement-breakpoint
CREATE INDEX "crm_orders_tenant_status_idx" ON "crm_orders" USING btree ("tenant_id","status","id") WHERE "crm_orders"."archived" = false;--> statement-breakpoint
CREATE INDEX "crm_orders_tenant_customer_idx" ON "crm_orders" USING btree ("tenant_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "crm_orders_tenant_address_idx" ON "crm_orders" USING btree ("tenant_id","address_id");--> statement-breakpoint
CREATE INDEX "crm_orders_tenant_day_idx" ON "crm_orders" USING btree ("tenant_id","requested_date","id") WHERE "crm_orders"."archived" = false;--> statement-breakpoint
CREATE INDEX "crm_orders_tenant_task_idx" ON "crm_orders" USING btree ("tenant_id","task_id") WHERE "crm_orders"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "crm_orders_tenant_trip_idx" ON "crm_orders" USING btree ("tenant_id","trip_id") WHERE "crm_orders"."trip_id" is not null;--> statement-breakpoint
CREATE INDEX "crm_pets_tenant_live_idx" ON "crm_pets" USING btree ("tenant_id","id") WHERE "crm_pets"."archived" = false;--> statement-breakpoint
CREATE INDEX "crm_pets_tenant_customer_idx" ON "crm_pets" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_tracking_links_token_idx" ON "crm_tracking_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "crm_tracking_links_tenant_order_idx" ON "crm_tracking_links" USING btree ("tenant_id","order_id");