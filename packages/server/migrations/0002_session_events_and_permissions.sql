-- Session manager: security events of the embedded auth service (sign-in, sign-out, extension,
-- revocation), shown in the session status. Like auth_sessions they belong to a user, not to a
-- tenant, so they are not under row-level security; every query filters by user_id.
create table auth_session_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  session_id uuid references auth_sessions (id) on delete set null,
  type text not null check (
    type in ('sign_in', 'signed_out', 'session_extended', 'session_revoked', 'refresh_token_reused')
  ),
  occurred_at timestamptz not null default now(),
  ip text,
  user_agent text,
  detail jsonb not null default '{}'
);
create index auth_session_events_user_idx on auth_session_events (user_id, occurred_at desc, id desc);

grant select, insert on auth_session_events to tsumiki_app;
grant usage on all sequences in schema public to tsumiki_app;

-- Permission catalogue of the whole contract (src/domain/permissions.ts). sessions.manage is
-- gone: one's own sessions need no permission, only the session_management feature.
update tenant_users set permissions = array_remove(permissions, 'sessions.manage');

-- The role defaults grew with the contract. Existing memberships get what their role now has by
-- default, appended in catalogue order; nothing an admin granted is taken away. (A snapshot of
-- ROLE_PERMISSIONS at this version; later changes need their own migration.)
update tenant_users
set permissions = permissions || array(
  select permission
  from unnest(array[
    'customers.read', 'customers.write', 'customers.delete',
    'interactions.read', 'interactions.write', 'interactions.delete',
    'products.read', 'products.write', 'products.delete',
    'documents.read', 'documents.write', 'documents.delete',
    'staff.read', 'staff.write', 'staff.delete',
    'invitations.read', 'invitations.write', 'invitations.delete',
    'tenant_users.read', 'tenant_users.write',
    'notifications.read', 'notifications.write',
    'knowledge.read', 'knowledge.write', 'knowledge.delete',
    'ai.use', 'research.use'
  ]::text[]) with ordinality as catalogue(permission, position)
  where permission <> all (tenant_users.permissions)
  order by position
)
where role = 'admin';

update tenant_users
set permissions = permissions || array(
  select permission
  from unnest(array[
    'customers.read', 'customers.write', 'interactions.read', 'interactions.write',
    'products.read', 'documents.read', 'documents.write', 'staff.read',
    'notifications.read', 'notifications.write', 'knowledge.read', 'ai.use', 'research.use'
  ]::text[]) with ordinality as catalogue(permission, position)
  where permission <> all (tenant_users.permissions)
  order by position
)
where role = 'staff';

update tenant_users
set permissions = permissions || array(
  select permission
  from unnest(array[
    'customers.read', 'interactions.read', 'products.read', 'documents.read',
    'notifications.read', 'notifications.write', 'knowledge.read'
  ]::text[]) with ordinality as catalogue(permission, position)
  where permission <> all (tenant_users.permissions)
  order by position
)
where role = 'user';

-- The contract's Prefecture: one of the 47, or nothing.
alter table customers add constraint customers_prefecture_check check (
  prefecture is null or prefecture in (
    '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県',
    '栃木県', '群馬県', '埼玉県', '千葉県', '東京都', '神奈川県', '新潟県', '富山県',
    '石川県', '福井県', '山梨県', '長野県', '岐阜県', '静岡県', '愛知県', '三重県',
    '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県', '鳥取県', '島根県',
    '岡山県', '広島県', '山口県', '徳島県', '香川県', '愛媛県', '高知県', '福岡県',
    '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県'
  )
);
