-- Lists written plainly (issue 47): the yearbook entries, announcements and student files lists
-- make their items in Node from the rows they read, so the items kept by triggers go.
DROP TRIGGER yearbook_entry_list_item_keep ON yearbook_entries;
--> statement-breakpoint
DROP FUNCTION yearbook_entry_list_item_keep();
--> statement-breakpoint
DROP FUNCTION yearbook_entry_list_item(yearbook_entries);
--> statement-breakpoint
ALTER TABLE "yearbook_entries" DROP COLUMN "list_item";
--> statement-breakpoint
DROP TRIGGER announcement_list_item_keep ON announcements;
--> statement-breakpoint
DROP FUNCTION announcement_list_item_keep();
--> statement-breakpoint
DROP FUNCTION announcement_list_item(announcements);
--> statement-breakpoint
ALTER TABLE "announcements" DROP COLUMN "list_item";
--> statement-breakpoint
DROP TRIGGER student_file_list_item_keep ON student_files;
--> statement-breakpoint
DROP FUNCTION student_file_list_item_keep();
--> statement-breakpoint
DROP FUNCTION student_file_list_item(student_files);
--> statement-breakpoint
ALTER TABLE "student_files" DROP COLUMN "list_item";
--> statement-breakpoint
-- The forms and impact stories lists no longer keep their first pages: their versions go.
DROP TRIGGER forms_list_version ON forms;
--> statement-breakpoint
DROP TRIGGER student_files_forms_list_version ON student_files;
--> statement-breakpoint
DROP TRIGGER impact_stories_list_version ON impact_stories;
--> statement-breakpoint
DROP TRIGGER story_categories_list_version ON story_categories;
--> statement-breakpoint
DROP FUNCTION list_version_next();
--> statement-breakpoint
DROP TABLE "list_versions";
--> statement-breakpoint
DELETE FROM "kept_list_pages" WHERE "key" LIKE 'forms:%' OR "key" LIKE 'impact_stories:%';
