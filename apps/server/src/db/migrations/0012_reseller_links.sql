-- The reseller's registration and client invitations keep their links in action_tokens (identity's
-- mailed links, issue 20): kind 'dma-registration' / 'dma-client-invitation', subject_id = the row's id.
-- First every invitation's token moves there (all of them, not only the pending ones, so the licence
-- history keeps its expiry); an answered, cancelled or used invitation's link is marked used. The id
-- is made as db/ids.ts makes one: 8 hex of the creation second, then 16 random hex.
INSERT INTO "action_tokens" ("id", "subject_id", "kind", "token_hash", "expires_at", "used_at", "created_at")
SELECT lpad(to_hex(extract(epoch from "created_at")::bigint), 8, '0') || substr(md5(random()::text || "id"), 1, 16),
  "id", 'dma-registration', "token_hash", "expires_at", coalesce("used_at", "canceled_at"), "created_at"
FROM "dma_register_invitations";--> statement-breakpoint
INSERT INTO "action_tokens" ("id", "subject_id", "kind", "token_hash", "expires_at", "used_at", "created_at")
SELECT lpad(to_hex(extract(epoch from "created_at")::bigint), 8, '0') || substr(md5(random()::text || "id"), 1, 16),
  "id", 'dma-client-invitation', "token_hash", "expires_at",
  CASE WHEN "status" = 'pending' THEN NULL ELSE coalesce("responded_at", "created_at") END, "created_at"
FROM "dma_client_invitations";--> statement-breakpoint
DROP INDEX "dma_client_invitations_hash_idx";--> statement-breakpoint
DROP INDEX "dma_register_invitations_hash_idx";--> statement-breakpoint
ALTER TABLE "dma_client_invitations" DROP COLUMN "token_hash";--> statement-breakpoint
ALTER TABLE "dma_client_invitations" DROP COLUMN "expires_at";--> statement-breakpoint
ALTER TABLE "dma_register_invitations" DROP COLUMN "token_hash";--> statement-breakpoint
ALTER TABLE "dma_register_invitations" DROP COLUMN "expires_at";--> statement-breakpoint
ALTER TABLE "dma_register_invitations" DROP COLUMN "used_at";
