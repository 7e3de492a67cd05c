ALTER TABLE "restaurants" ADD COLUMN "menu_shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "checklist_dismissed_at" timestamp with time zone;--> statement-breakpoint
-- Restaurants that already publish a menu are past their first run: no checklist for them (issue 11).
UPDATE "restaurants" SET "checklist_dismissed_at" = now() WHERE "id" IN (SELECT "restaurant_id" FROM "menus" WHERE "draft" = false);
