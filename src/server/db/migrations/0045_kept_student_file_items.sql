ALTER TABLE "student_files" ADD COLUMN "list_item" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A student file as the list shows it, from its own row: fileDto's fields but the student's and
-- the uploader's names, in that order, as the opening of a JSON object's text: no closing brace,
-- so that the list adds its own fields without cutting one off. The list
-- (forms-files/file-list-page.ts) adds the two names. Writing each field of a page's rows was much
-- of what the list's statement cost (docs/decisions/002). The time is written as JavaScript's
-- toISOString writes it. A form or an account deleted sets its id here to null: an update, which
-- the trigger writes again.
CREATE FUNCTION student_file_list_item(f student_files) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":"' || f.id || '"'
    || ',"name":' || to_json(f.name)::text
    || ',"mime_type":' || to_json(f.mime_type)::text
    || ',"size":' || f.size::text
    || ',"category":' || to_json(f.category)::text
    || ',"student_id":"' || f.student_id || '"'
    || ',"form_id":' || coalesce('"' || f.form_id || '"', 'null')
    || ',"uploaded_by_id":' || coalesce('"' || f.uploaded_by_id || '"', 'null')
    || ',"created_at":"' || to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"';
$$;
--> statement-breakpoint
CREATE FUNCTION student_file_list_item_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_item := student_file_list_item(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER student_file_list_item_keep BEFORE INSERT OR UPDATE ON student_files
  FOR EACH ROW EXECUTE FUNCTION student_file_list_item_keep();
--> statement-breakpoint
UPDATE student_files SET list_item = student_file_list_item(student_files);
