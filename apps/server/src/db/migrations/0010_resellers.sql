CREATE TABLE "dma_client_invitations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"dma_id" char(24) NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"restaurant_id" char(24),
	"restaurant_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dma_register_invitations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"added_by" char(24),
	"added_by_username" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "discount" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dma_id" char(24);--> statement-breakpoint
ALTER TABLE "dma_client_invitations" ADD CONSTRAINT "dma_client_invitations_dma_id_users_id_fk" FOREIGN KEY ("dma_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dma_client_invitations" ADD CONSTRAINT "dma_client_invitations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dma_register_invitations" ADD CONSTRAINT "dma_register_invitations_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dma_client_invitations_hash_idx" ON "dma_client_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "dma_client_invitations_dma_idx" ON "dma_client_invitations" USING btree ("dma_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "dma_register_invitations_hash_idx" ON "dma_register_invitations" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dma_id_users_id_fk" FOREIGN KEY ("dma_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_dma_idx" ON "users" USING btree ("dma_id");