-- 0006: each tenant's time zone (an IANA name), the basis of the times the app shows and of
-- "this month". A clinic in Japan expects JST whatever the device says, hence the default.
-- The name is checked against the runtime's zone database (Intl) where tenants are written; the
-- check here only keeps out what cannot be a zone name at all.

alter table tenants
  add column time_zone text not null default 'Asia/Tokyo'
    check (time_zone ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$' and length(time_zone) <= 64);
