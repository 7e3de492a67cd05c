CREATE TABLE "media" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"restaurant_id" char(24) NOT NULL,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "cta" jsonb;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "social" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "qr_settings" jsonb;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "selected_qr_template" text DEFAULT 'template_1' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "qr_template_meta" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_restaurant_created_idx" ON "media" USING btree ("restaurant_id","created_at");