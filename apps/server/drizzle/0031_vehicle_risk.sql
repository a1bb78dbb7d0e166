CREATE TABLE "risk_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"version" integer NOT NULL,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"training_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_trainings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "vehicle_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"message" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vehicle_risk_days" (
	"tenant_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"day" date NOT NULL,
	"model_version" integer NOT NULL,
	"probability" double precision NOT NULL,
	"confidence" double precision NOT NULL,
	"factors" jsonb NOT NULL,
	CONSTRAINT "vehicle_risk_days_tenant_id_day_vehicle_id_pk" PRIMARY KEY("tenant_id","day","vehicle_id")
);
--> statement-breakpoint
ALTER TABLE "maintenances" ADD COLUMN "odometer" double precision;--> statement-breakpoint
ALTER TABLE "risk_models" ADD CONSTRAINT "risk_models_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_trainings" ADD CONSTRAINT "risk_trainings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_alerts" ADD CONSTRAINT "vehicle_alerts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_alerts" ADD CONSTRAINT "vehicle_alerts_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_risk_days" ADD CONSTRAINT "vehicle_risk_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_risk_days" ADD CONSTRAINT "vehicle_risk_days_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_models_tenant_version_idx" ON "risk_models" USING btree ("tenant_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_alerts_open_idx" ON "vehicle_alerts" USING btree ("tenant_id","vehicle_id","kind") WHERE "vehicle_alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "vehicle_alerts_tenant_raised_idx" ON "vehicle_alerts" USING btree ("tenant_id","raised_at" DESC NULLS LAST,"id" DESC NULLS LAST);