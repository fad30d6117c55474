-- Tasks, issues, the user directory and events are listed by plain queries whose items are made in
-- Node by the record's own answer (issue 47): the JSON items triggers kept for them go.
DROP TRIGGER IF EXISTS case_list_items_staff_renamed ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS case_list_items_student_renamed ON students;--> statement-breakpoint
DROP TRIGGER IF EXISTS issue_list_item_comment_added ON issue_comments;--> statement-breakpoint
DROP TRIGGER IF EXISTS issue_list_item_comment_removed ON issue_comments;--> statement-breakpoint
DROP TRIGGER IF EXISTS task_list_item_keep ON tasks;--> statement-breakpoint
DROP TRIGGER IF EXISTS issue_list_item_keep ON issues;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_directory_item_keep ON users;--> statement-breakpoint
DROP TRIGGER IF EXISTS event_list_item_keep ON events;--> statement-breakpoint
DROP FUNCTION IF EXISTS case_list_items_renamed();--> statement-breakpoint
DROP FUNCTION IF EXISTS issue_list_item_thread();--> statement-breakpoint
DROP FUNCTION IF EXISTS task_list_item_keep();--> statement-breakpoint
DROP FUNCTION IF EXISTS issue_list_item_keep();--> statement-breakpoint
DROP FUNCTION IF EXISTS users_directory_item_keep();--> statement-breakpoint
DROP FUNCTION IF EXISTS event_list_item_keep();--> statement-breakpoint
DROP FUNCTION IF EXISTS task_list_item(tasks);--> statement-breakpoint
DROP FUNCTION IF EXISTS issue_list_item(issues);--> statement-breakpoint
DROP FUNCTION IF EXISTS users_directory_item(users);--> statement-breakpoint
DROP FUNCTION IF EXISTS event_list_item(events);--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN IF EXISTS "list_item";--> statement-breakpoint
ALTER TABLE "issues" DROP COLUMN IF EXISTS "list_item";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN IF EXISTS "directory_item";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN IF EXISTS "list_item";
