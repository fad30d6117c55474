ALTER TABLE "events" ADD COLUMN "list_item" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- An event as the list shows it, from its own row: eventDto's fields but `registered`, in that
-- order, as the opening of a JSON object's text: no closing brace, so that the list adds its own
-- fields without cutting one off. The list (events.list-page.ts) adds whether its reader is
-- registered. Writing these twenty-one fields for each of a page's rows was most of what the list's
-- statement cost (docs/decisions/002). Timestamps are written as JavaScript's toISOString writes
-- them, the date as YYYY-MM-DD whatever the DateStyle.
CREATE FUNCTION event_list_item(e events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":"' || e.id || '"'
    || ',"title":' || to_json(e.title)::text
    || ',"description":' || to_json(e.description)::text
    || ',"type":' || to_json(e.type)::text
    || ',"date":"' || to_char(e.date, 'YYYY-MM-DD') || '"'
    || ',"time":' || to_json(e.time)::text
    || ',"starts_at":"' || to_char(e.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"location":' || coalesce(to_json(e.location)::text, 'null')
    || ',"is_virtual":' || e.is_virtual::text
    || ',"virtual_link":' || coalesce(to_json(e.virtual_link)::text, 'null')
    || ',"organizer_id":' || coalesce('"' || e.organizer_id || '"', 'null')
    || ',"organizer_name":' || to_json(e.organizer_name)::text
    || ',"max_attendees":' || coalesce(e.max_attendees::text, 'null')
    || ',"current_attendees":' || e.current_attendees::text
    || ',"registration_deadline":"' || to_char(e.registration_deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"status":' || to_json(e.status)::text
    || ',"image_url":' || coalesce(to_json(e.image_url)::text, 'null')
    || ',"requirements":' || coalesce(to_json(e.requirements)::text, 'null')
    || ',"tags":' || to_json(e.tags)::text
    || ',"created_at":"' || to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"updated_at":"' || to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"';
$$;
--> statement-breakpoint
CREATE FUNCTION event_list_item_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_item := event_list_item(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_list_item_keep BEFORE INSERT OR UPDATE ON events
  FOR EACH ROW EXECUTE FUNCTION event_list_item_keep();
--> statement-breakpoint
UPDATE events SET list_item = event_list_item(events);
