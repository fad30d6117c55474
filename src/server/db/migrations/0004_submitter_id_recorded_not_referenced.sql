ALTER TABLE "allowances" DROP CONSTRAINT "allowances_submitted_by_id_users_id_fk";
