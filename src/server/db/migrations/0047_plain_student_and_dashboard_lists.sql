-- The student list, its searches and the dashboard are plain queries now (issue 47): what was kept
-- for them goes. students_version and its triggers stay while the forms list's kept first page
-- still reads it.
DROP TABLE "student_search_tallies";
--> statement-breakpoint
DROP TABLE "dashboard_student_groups";
--> statement-breakpoint
DROP TABLE "dashboard_answers";
