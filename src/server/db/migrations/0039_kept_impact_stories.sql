-- The impact stories' first pages (readers' and management's) are kept while no story and no
-- category has changed (db/kept-list-pages.ts, list_version_next from migration 0038).
INSERT INTO "list_versions" ("list", "version") VALUES ('impact_stories', 0);
--> statement-breakpoint
CREATE TRIGGER impact_stories_list_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON impact_stories
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_next('impact_stories');
--> statement-breakpoint
CREATE TRIGGER story_categories_list_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON story_categories
  FOR EACH STATEMENT EXECUTE FUNCTION list_version_next('impact_stories');
