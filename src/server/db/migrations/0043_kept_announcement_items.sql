ALTER TABLE "announcements" ADD COLUMN "list_item" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- An announcement as the list shows it, from its own row: announcementDto's fields but its
-- attachments, read count and whether the reader read it, in that order, as the opening of a JSON
-- object's text: no closing brace, so that the list adds its own fields without cutting one off.
-- The list (announcements.list-page.ts) adds those three. Writing each field of a page's rows was
-- most of what the list's statement cost (docs/decisions/002). Timestamps are written as
-- JavaScript's toISOString writes them, the dates as YYYY-MM-DD whatever the DateStyle.
CREATE FUNCTION announcement_list_item(a announcements) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":"' || a.id || '"'
    || ',"title":' || to_json(a.title)::text
    || ',"content":' || to_json(a.content)::text
    || ',"type":' || to_json(a.type)::text
    || ',"priority":' || to_json(a.priority)::text
    || ',"target_audience":' || to_json(a.target_audience)::text
    || ',"author_id":' || coalesce('"' || a.author_id || '"', 'null')
    || ',"author_name":' || to_json(a.author_name)::text
    || ',"created_date":"' || to_char(a.created_date, 'YYYY-MM-DD') || '"'
    || ',"expiry_date":' || coalesce('"' || to_char(a.expiry_date, 'YYYY-MM-DD') || '"', 'null')
    || ',"is_active":' || a.is_active::text
    || ',"created_at":"' || to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"updated_at":"' || to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"';
$$;
--> statement-breakpoint
CREATE FUNCTION announcement_list_item_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_item := announcement_list_item(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER announcement_list_item_keep BEFORE INSERT OR UPDATE ON announcements
  FOR EACH ROW EXECUTE FUNCTION announcement_list_item_keep();
--> statement-breakpoint
UPDATE announcements SET list_item = announcement_list_item(announcements);
