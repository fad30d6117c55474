-- A version 7 UUID (RFC 9562): 48 bits of Unix time in milliseconds, then random bits, from a
-- version 4 UUID whose first six bytes are replaced and whose version nibble becomes 7.
CREATE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
              PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
              FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid;
$$;
--> statement-breakpoint
ALTER TABLE "allowance_comments" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "allowances" ALTER COLUMN "id" SET DEFAULT uuid_v7();