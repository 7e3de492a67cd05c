ALTER TABLE "action_tokens" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "action_tokens" ADD COLUMN "subject_id" char(24);--> statement-breakpoint
CREATE INDEX "action_tokens_subject_idx" ON "action_tokens" USING btree ("subject_id");