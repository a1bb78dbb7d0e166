CREATE TABLE "demo_history" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"days" integer NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
