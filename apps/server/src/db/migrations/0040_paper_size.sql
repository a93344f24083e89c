ALTER TABLE "settings" ADD COLUMN "paper_size" text DEFAULT 'A4' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_paper_size" CHECK ("settings"."paper_size" in ('A4', 'Letter'));--> statement-breakpoint
-- A new database starts on A4. One already in use (settings saved, or an invoice written) printed on
-- Letter until now and keeps Letter until an admin chooses A4: its stored row, or a row of the
-- defaults written now with Letter.
UPDATE "settings" SET "paper_size" = 'Letter';--> statement-breakpoint
INSERT INTO "settings" ("id", "paper_size")
SELECT 1, 'Letter' WHERE EXISTS (SELECT 1 FROM "invoices")
ON CONFLICT ("id") DO NOTHING;
