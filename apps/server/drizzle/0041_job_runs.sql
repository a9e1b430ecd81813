CREATE TABLE "job_run" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"node" text NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "job_state" ADD COLUMN "fail_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_state" ADD COLUMN "fail_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "job_run_name_idx" ON "job_run" USING btree ("name","id");