-- The last kept pages (migration 0038) and the version of the students they were counted at
-- (migration 0030) go: every list now reads its page afresh (docs/decisions/009), so nothing reads
-- them, and a write to students no longer takes the one-row version lock first.
DROP TRIGGER students_version_next ON students;
--> statement-breakpoint
DROP TRIGGER students_version_next_on_rename ON users;
--> statement-breakpoint
DROP FUNCTION students_version_next();
--> statement-breakpoint
DROP TABLE "students_version";
--> statement-breakpoint
DROP TABLE "kept_list_pages";
