-- The dashboard's students by category, status and start year, kept per scope (an officer's
-- students, or everyone's under the nil uuid) with the students_version they were summed at:
-- summing student_counts into those groups was half of the dashboard statement's time on every
-- view, while the students change seldom. The dashboard's statement reads the row only while its
-- version is the current one (moved on by every write to students, migration 0030) and sums afresh
-- otherwise, then overwrites the row; an older version never replaces a newer one. One row per
-- scope, so nothing needs clearing (schema/dashboard-student-groups.ts, docs/decisions/002).
CREATE TABLE "dashboard_student_groups" (
	"scope" uuid PRIMARY KEY NOT NULL,
	"students_version" bigint NOT NULL,
	"groups" text NOT NULL
);
