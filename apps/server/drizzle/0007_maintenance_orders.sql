CREATE TABLE "maintenance_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"elevator_id" integer NOT NULL,
	"maintenance_company_id" integer,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"plan_date" date NOT NULL,
	"sign_in_at" timestamp with time zone,
	"sign_out_at" timestamp with time zone,
	"workers" text[] DEFAULT '{}'::text[] NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_order_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"operator" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD CONSTRAINT "maintenance_order_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD CONSTRAINT "maintenance_order_maintenance_company_id_enterprise_id_fk" FOREIGN KEY ("maintenance_company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_order_record" ADD CONSTRAINT "maintenance_order_record_order_id_maintenance_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."maintenance_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_order_no_uq" ON "maintenance_order" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "maintenance_order_elevator_idx" ON "maintenance_order" USING btree ("elevator_id","plan_date");--> statement-breakpoint
CREATE INDEX "maintenance_order_record_order_idx" ON "maintenance_order_record" USING btree ("order_id","at");