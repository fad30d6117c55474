ALTER TABLE "yearbook_entries" ADD COLUMN "list_item" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A yearbook entry as the list shows it, from its own row: entryDto's fields but `photo_url`, in
-- that order, as the opening of a JSON object's text: no closing brace, so that the list adds its
-- own fields without cutting one off. The list (yearbook/entry-list-page.ts) adds the photo, the
-- entry's own or else the student record's. Writing each field of a page's rows was most of what
-- the list's statement cost (docs/decisions/002). Timestamps are written as JavaScript's
-- toISOString writes them, the approval date as YYYY-MM-DD whatever the DateStyle.
CREATE FUNCTION yearbook_entry_list_item(e yearbook_entries) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":"' || e.id || '"'
    || ',"yearbook_id":"' || e.yearbook_id || '"'
    || ',"student_id":"' || e.student_id || '"'
    || ',"student_name":' || to_json(e.student_name)::text
    || ',"student_photo_url":' || coalesce(to_json(e.student_photo_url)::text, 'null')
    || ',"program":' || coalesce(to_json(e.program)::text, 'null')
    || ',"quote":' || coalesce(to_json(e.quote)::text, 'null')
    || ',"achievements":' || coalesce(to_json(e.achievements)::text, 'null')
    || ',"status":' || to_json(e.status)::text
    || ',"approved_by":' || coalesce('"' || e.approved_by || '"', 'null')
    || ',"approved_date":' || coalesce('"' || to_char(e.approved_date, 'YYYY-MM-DD') || '"', 'null')
    || ',"created_at":"' || to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"updated_at":"' || to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"';
$$;
--> statement-breakpoint
CREATE FUNCTION yearbook_entry_list_item_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_item := yearbook_entry_list_item(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER yearbook_entry_list_item_keep BEFORE INSERT OR UPDATE ON yearbook_entries
  FOR EACH ROW EXECUTE FUNCTION yearbook_entry_list_item_keep();
--> statement-breakpoint
UPDATE yearbook_entries SET list_item = yearbook_entry_list_item(yearbook_entries);
