-- 0005: domain events and the notifications they become.
--
-- A module records what happened (a customer created, an interaction added, …) in the same
-- transaction as the change itself (src/platform/events): if the change rolls back, so does the
-- event and every notification made from it. The notifications module turns events into
-- notifications for the right people of the tenant, and pg_notify, which PostgreSQL delivers only
-- on commit, tells listening server processes that someone has news.

create table domain_events (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  type text not null check (type ~ '^[a-z_]+\.[a-z_]+$'),
  actor_id uuid,
  subject_id uuid,
  payload jsonb not null default '{}',
  occurred_at timestamptz not null default now(),
  primary key (tenant_id, id),
  -- The actor is a user of the tenant (or nobody: the system); a removed member keeps the event.
  constraint domain_events_actor_id_fkey foreign key (tenant_id, actor_id)
    references tenant_users (tenant_id, user_id) on delete set null (actor_id)
);
create index domain_events_recent_idx on domain_events (tenant_id, occurred_at desc);

create table notifications (
  tenant_id uuid not null,
  id uuid not null default gen_random_uuid(),
  user_id uuid not null,
  event_id uuid,
  title text not null check (length(title) between 1 and 200),
  message text not null check (length(message) <= 2000),
  type text not null check (type in ('success', 'warning', 'error', 'info')),
  category text not null
    check (category in ('customer', 'interaction', 'document', 'ai_analysis', 'user', 'system')),
  link text check (link is null or link ~ '^/[^/]'),
  read_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  -- A notification belongs to one member of the tenant and leaves with them.
  constraint notifications_user_id_fkey foreign key (tenant_id, user_id)
    references tenant_users (tenant_id, user_id) on delete cascade,
  constraint notifications_event_id_fkey foreign key (tenant_id, event_id)
    references domain_events (tenant_id, id) on delete set null (event_id)
);
-- The bell and /notifications: one user's newest first, and the unread ones.
create index notifications_inbox_idx on notifications (tenant_id, user_id, created_at desc, id desc);
create index notifications_unread_idx on notifications (tenant_id, user_id, created_at desc)
  where read_at is null;

select tsumiki_protect_tenant_table('domain_events');
select tsumiki_protect_tenant_table('notifications');
