CREATE TABLE "elevator_attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"elevator_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "elevator_attachment" ADD CONSTRAINT "elevator_attachment_elevator_id_elevator_id_fk" FOREIGN KEY ("elevator_id") REFERENCES "public"."elevator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_attachment" ADD CONSTRAINT "elevator_attachment_file_id_sys_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_attachment" ADD CONSTRAINT "elevator_attachment_uploaded_by_sys_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "elevator_attachment_uq" ON "elevator_attachment" USING btree ("elevator_id","file_id");--> statement-breakpoint
CREATE INDEX "elevator_attachment_file_idx" ON "elevator_attachment" USING btree ("file_id");