CREATE TABLE "admin_audit" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"admin_id" char(24) NOT NULL,
	"admin_username" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" char(24),
	"target_username" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "impersonator_id" char(24);--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;