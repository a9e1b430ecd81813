-- Files have an owner: the uploader and the uploader's organisation. Everyone else reads a file only
-- through a record that references it (platform/files/references.ts); the indexes below make that
-- lookup, from the file to the records, one index probe per referencing column.
ALTER TABLE "sys_file" ADD COLUMN "owner_company_id" integer;--> statement-breakpoint
ALTER TABLE "sys_file" ADD CONSTRAINT "sys_file_owner_company_id_enterprise_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."enterprise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "sys_file" SET "owner_company_id" = "sys_user"."company_id" FROM "sys_user" WHERE "sys_user"."id" = "sys_file"."uploader_id";--> statement-breakpoint
CREATE INDEX "maintenance_unit_profile_licence_file_idx" ON "maintenance_unit_profile" USING btree ("licence_file_id");--> statement-breakpoint
CREATE INDEX "maintenance_unit_profile_business_file_idx" ON "maintenance_unit_profile" USING btree ("business_licence_file_id");--> statement-breakpoint
CREATE INDEX "use_unit_profile_business_file_idx" ON "use_unit_profile" USING btree ("business_licence_file_id");--> statement-breakpoint
CREATE INDEX "inspection_org_profile_approval_file_idx" ON "inspection_org_profile" USING btree ("approval_file_id");--> statement-breakpoint
CREATE INDEX "inspection_org_profile_business_file_idx" ON "inspection_org_profile" USING btree ("business_licence_file_id");--> statement-breakpoint
CREATE INDEX "staff_profile_cert_file_idx" ON "staff_profile" USING btree ("cert_file_id");--> statement-breakpoint
CREATE INDEX "staff_profile_photo_file_idx" ON "staff_profile" USING btree ("photo_file_id");--> statement-breakpoint
CREATE INDEX "maintenance_contract_file_idx" ON "maintenance_contract" USING btree ("contract_file_id");
