CREATE TABLE "inspection_cost" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"variety" text NOT NULL,
	"base_fee" integer NOT NULL,
	"base_stops" integer,
	"extra_stop_fee" integer,
	"load_threshold_kg" integer,
	"load_percent_per_tonne" integer,
	"rise_threshold_m" numeric(8, 2),
	"rise_step_m" numeric(8, 2),
	"rise_percent_per_step" integer,
	"length_threshold_m" numeric(8, 2),
	"length_step_m" numeric(8, 2),
	"length_percent_per_step" integer,
	"supervision_percent" integer DEFAULT 150 NOT NULL,
	"governor_included" boolean DEFAULT true NOT NULL,
	"effective_from" date NOT NULL,
	"note" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"code" text NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"content" text,
	"method" text NOT NULL,
	"key_item" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_item_variety" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"variety" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_cost" ADD CONSTRAINT "inspection_cost_org_id_enterprise_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_item" ADD CONSTRAINT "inspection_item_org_id_enterprise_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_item_variety" ADD CONSTRAINT "inspection_item_variety_item_id_inspection_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inspection_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_cost_org_variety_uq" ON "inspection_cost" USING btree ("org_id","variety");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_item_org_code_uq" ON "inspection_item" USING btree ("org_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_item_variety_uq" ON "inspection_item_variety" USING btree ("item_id","variety");--> statement-breakpoint
CREATE INDEX "inspection_item_variety_variety_idx" ON "inspection_item_variety" USING btree ("variety");