-- Inspection reports: the instruments a report names, as they were when it was signed (name, model,
-- number, calibration dates), so that a signed report keeps printing the calibration validity it was
-- signed with after the instrument is recalibrated or edited (reports/flow.ts signReport writes them
-- in the signing transaction; reports/read.ts shows them for signed reports).
-- Backfill: the reports already signed (signed, pushed, or closed after signing; the demo's pushed
-- reports among them) get the instruments' CURRENT rows, the best record there is of what they were
-- signed with: a recalibration before this migration is not undone.
CREATE TABLE "inspection_report_instrument" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"name" text NOT NULL,
	"model" text,
	"serial_no" text NOT NULL,
	"calibrated_on" date,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_report_instrument" ADD CONSTRAINT "inspection_report_instrument_report_id_inspection_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."inspection_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_report_instrument_uq" ON "inspection_report_instrument" USING btree ("report_id","equipment_id");--> statement-breakpoint
INSERT INTO "inspection_report_instrument" ("report_id", "equipment_id", "name", "model", "serial_no", "calibrated_on", "valid_until")
SELECT r."id", e."id", e."name", e."model", e."serial_no", e."calibrated_on", e."valid_until"
FROM "inspection_report" r
JOIN "inspection_equipment" e ON e."id" = ANY (r."instrument_ids")
WHERE r."signed"
ON CONFLICT ("report_id", "equipment_id") DO NOTHING;
