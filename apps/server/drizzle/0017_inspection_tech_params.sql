CREATE TABLE "inspection_tech_param" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"elevator_id" integer NOT NULL,
	"variety" text,
	"stops" integer,
	"doors" integer,
	"rated_load" real,
	"rated_speed" real,
	"rise_m" real,
	"length_m" real,
	"control_mode" text,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_tech_param" ADD CONSTRAINT "inspection_tech_param_org_id_enterprise_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_tech_param" ADD CONSTRAINT "inspection_tech_param_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_tech_param_org_lift_uq" ON "inspection_tech_param" USING btree ("org_id","elevator_id");--> statement-breakpoint
CREATE INDEX "inspection_tech_param_lift_idx" ON "inspection_tech_param" USING btree ("elevator_id");