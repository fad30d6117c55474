ALTER TABLE "users" ADD COLUMN "directory_item" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- An account as the user directory lists it, from its own row: directoryUserDto's fields from id to
-- updated_at, in that order, as the opening of a JSON object's text: no closing brace, so that the
-- list adds its own fields without cutting one off. The list (users/list-items.ts) adds the
-- creator's name, the role's permissions and the pending request, which other rows or the code
-- decide. Writing these nineteen fields for each of a page's rows was most of what the directory's
-- statement cost (docs/decisions/002). Timestamps are written as JavaScript's toISOString writes
-- them, the date of birth as YYYY-MM-DD whatever the DateStyle.
CREATE FUNCTION users_directory_item(u users) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":"' || u.id || '"'
    || ',"name":' || to_json(u.name)::text
    || ',"staff_id":' || coalesce(to_json(u.staff_id)::text, 'null')
    || ',"email":' || to_json(u.email)::text
    || ',"role":' || to_json(u.role)::text
    || ',"department":' || coalesce(to_json(u.department)::text, 'null')
    || ',"phone_number":' || coalesce(to_json(u.phone_number)::text, 'null')
    || ',"address":' || coalesce(to_json(u.address)::text, 'null')
    || ',"date_of_birth":' || coalesce('"' || to_char(u.date_of_birth, 'YYYY-MM-DD') || '"', 'null')
    || ',"emergency_contact_name":' || coalesce(to_json(u.emergency_contact_name)::text, 'null')
    || ',"emergency_contact_phone":' || coalesce(to_json(u.emergency_contact_phone)::text, 'null')
    || ',"emergency_contact_relationship":' || coalesce(to_json(u.emergency_contact_relationship)::text, 'null')
    || ',"is_active":' || u.is_active::text
    || ',"sign_in":' || CASE WHEN u.staff_id IS NOT NULL THEN '"staff"' ELSE '"google"' END
    || ',"invitation_pending":' || (u.staff_id IS NOT NULL AND u.password_hash IS NULL AND u.auth_id IS NULL)::text
    || ',"email_verified":' || (u.email_verified_at IS NOT NULL)::text
    || ',"last_login":' || coalesce('"' || to_char(u.last_login AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
    || ',"created_at":"' || to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"updated_at":"' || to_char(u.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"';
$$;
--> statement-breakpoint
CREATE FUNCTION users_directory_item_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.directory_item := users_directory_item(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_directory_item_keep BEFORE INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_directory_item_keep();
--> statement-breakpoint
UPDATE users SET directory_item = users_directory_item(users);
