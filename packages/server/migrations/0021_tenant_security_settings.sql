-- 0021: each tenant's security settings, and the two permissions that come with them.
--
-- mfa_policy: who must use two-factor sign-in ('off', 'admins' or 'everyone'). Off by default so
-- that an existing tenant is not locked out before anybody enrolled; the settings screen offers it.
-- screen_lock_minutes: how long a signed-in screen may stay idle before it locks (クリアスクリーン).
-- audit_log_retention_years: how long access-log rows are kept (five years by default, like the
-- retention of medical records).
alter table tenants
  add column mfa_policy text not null default 'off'
    check (mfa_policy in ('off', 'admins', 'everyone')),
  add column screen_lock_minutes integer not null default 10
    check (screen_lock_minutes between 1 and 120),
  add column audit_log_retention_years integer not null default 5
    check (audit_log_retention_years between 1 and 20);

-- audit.read (the access log) and privacy.manage (a person's requests about their data) are new:
-- admins hold every permission by default, so existing admins get them now; nobody else does.
update tenant_users
set permissions = permissions || array['audit.read']
where role = 'admin' and 'audit.read' <> all (permissions);

update tenant_users
set permissions = permissions || array['privacy.manage']
where role = 'admin' and 'privacy.manage' <> all (permissions);
