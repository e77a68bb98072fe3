-- 0020: where a tenant opts in, each member gets one mail a day listing the notifications they
-- have not read (titles and counts only: names stay in the product), at the tenant's chosen hour.

create table notification_digest_settings (
  tenant_id uuid primary key references tenants (id) on delete cascade,
  enabled boolean not null default false,
  -- The hour of the tenant's day (tenants.time_zone) the digest goes out.
  hour smallint not null default 8 check (hour between 0 and 23),
  last_sent_at timestamptz,
  updated_at timestamptz not null default now()
);

select tsumiki_protect_tenant_table('notification_digest_settings');

-- Up to which notification each member's last digest went: the next one lists only newer unread.
create table notification_digest_deliveries (
  tenant_id uuid not null,
  user_id uuid not null,
  through timestamptz not null,
  sent_at timestamptz not null default now(),
  notification_count integer not null check (notification_count > 0),
  primary key (tenant_id, user_id),
  foreign key (tenant_id, user_id) references tenant_users (tenant_id, user_id) on delete cascade
);

select tsumiki_protect_tenant_table('notification_digest_deliveries');
