-- The role asked for at registration becomes a pending role request (docs/product.md D3), kept
-- with its date, before the column that held it goes.
INSERT INTO "role_requests" ("user_id", "role", "status", "created_at")
SELECT "id", "requested_role", 'pending', "created_at" FROM "users"
WHERE "requested_role" IS NOT NULL AND "requested_role" <> "role";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "requested_role";
