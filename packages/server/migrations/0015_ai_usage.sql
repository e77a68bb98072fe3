-- 0015: what each tenant spends on the AI provider, per day, and its daily limit.
--
-- A call is refused (AI_001) once the day's tokens reach the limit: the tenant's own
-- `ai_daily_token_limit` when set, otherwise the server's AI_TENANT_DAILY_TOKENS. The day is the
-- tenant's own (tenants.time_zone), so the limit resets at the clinic's midnight. Rows are kept
-- per day for the record; nothing reads old days on the request path.

alter table tenants
  add column ai_daily_token_limit integer
    check (ai_daily_token_limit is null or ai_daily_token_limit >= 0);

comment on column tenants.ai_daily_token_limit is
  'Tokens per day this tenant may spend on the AI provider (null: the server default AI_TENANT_DAILY_TOKENS; 0: no AI calls).';

create table ai_usage (
  tenant_id uuid not null references tenants (id) on delete cascade,
  day date not null,
  calls integer not null default 0 check (calls >= 0),
  prompt_tokens bigint not null default 0 check (prompt_tokens >= 0),
  completion_tokens bigint not null default 0 check (completion_tokens >= 0),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, day)
);

select tsumiki_protect_tenant_table('ai_usage');
