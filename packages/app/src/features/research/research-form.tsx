import { useQuery } from '@tanstack/react-query';
import { COMPETITOR_FOCUS_LABELS, RESEARCH_TOPIC_LABELS } from '@tsumiki/api-client';
import { customersQueryOptions } from '@tsumiki/api-client/react';
import {
  Button,
  Checkbox,
  IconButton,
  SearchInput,
  Select,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
  TextField,
} from '@tsumiki/ui';
import { Plus, Search, Trash2, UserRound, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import type { AiStreamParams, AiStreamPath } from '../ai/use-ai-stream';
import {
  type CompetitorFocus,
  DEPTH_OPTIONS,
  type ResearchDepth,
  type ResearchTopic,
} from './research-labels';

/** What the form asks the page to run: the operation's path, its JSON body and path id. */
export interface ResearchRequest {
  path: AiStreamPath;
  body: unknown;
  params?: AiStreamParams;
}

const TOPICS = Object.keys(RESEARCH_TOPIC_LABELS) as ResearchTopic[];
const FOCUS = Object.keys(COMPETITOR_FOCUS_LABELS) as CompetitorFocus[];
const MAX_COMPETITORS = 5;

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((value) => value !== item);
}

function Choices<T extends string>({
  legend,
  labels,
  values,
  onChange,
}: {
  legend: string;
  labels: Readonly<Record<T, string>>;
  values: readonly T[];
  onChange: (values: T[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {(Object.keys(labels) as T[]).map((value) => (
          <Checkbox
            key={value}
            label={labels[value]}
            checked={values.includes(value)}
            onCheckedChange={(checked) => onChange(toggle(values, value, checked === true))}
          />
        ))}
      </div>
    </fieldset>
  );
}

function DepthSelect({
  value,
  onChange,
}: {
  value: ResearchDepth;
  onChange: (value: ResearchDepth) => void;
}) {
  return (
    <Select
      label="調査の深さ"
      options={DEPTH_OPTIONS}
      placeholder={false}
      value={value}
      onChange={(event) => onChange(event.target.value as ResearchDepth)}
      className="max-w-48"
    />
  );
}

interface Chosen {
  id: string;
  name: string;
}

/** Search the tenant's customers by name or kana and choose one to research. */
function ExistingCustomer({
  value,
  onChange,
}: {
  value: Chosen | null;
  onChange: (value: Chosen | null) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const [search, setSearch] = useState('');
  const results = useQuery({
    ...customersQueryOptions(api, tenantId, { search, limit: 8 }),
    enabled: search.length > 0 && value === null,
  });
  if (value) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="research-customer">
        <UserRound aria-hidden="true" className="size-4 text-muted-foreground" />
        <span>
          調べる顧客: <strong>{value.name}</strong>
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange(null)}
          aria-label={`${value.name} を選び直す`}
        >
          <X aria-hidden="true" />
          選び直す
        </Button>
      </div>
    );
  }
  const customers = results.data?.customers ?? [];
  return (
    <div className="grid gap-2">
      <SearchInput
        label="登録済みの顧客を検索"
        placeholder="名前・フリガナで検索"
        onValueChange={(text) => {
          if (text === '') setSearch('');
        }}
        onSearch={setSearch}
        loading={results.isFetching}
      />
      {search && results.isSuccess ? (
        customers.length === 0 ? (
          <p className="text-xs text-muted-foreground">「{search}」に当てはまる顧客はいません。</p>
        ) : (
          <ul aria-label="顧客の検索結果" className="flex flex-wrap gap-2">
            {customers.map((customer) => {
              const name = `${customer.last_name} ${customer.first_name}`;
              return (
                <li key={customer.id}>
                  <Button variant="outline" size="sm" onClick={() => onChange({ id: customer.id, name })}>
                    {name}
                    {customer.company_name ? `（${customer.company_name}）` : ''}
                  </Button>
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </div>
  );
}

function CustomerResearchForm({
  running,
  onRun,
}: {
  running: boolean;
  onRun: (request: ResearchRequest) => void;
}) {
  const [target, setTarget] = useState<'existing' | 'new'>('existing');
  const [customer, setCustomer] = useState<Chosen | null>(null);
  const [name, setName] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [industry, setIndustry] = useState('');
  const [region, setRegion] = useState('');
  const [notes, setNotes] = useState('');
  const [periodDays, setPeriodDays] = useState('365');
  const [topics, setTopics] = useState<ResearchTopic[]>([...TOPICS]);
  const [depth, setDepth] = useState<ResearchDepth>('standard');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (topics.length === 0) found.topics = '調べる項目を 1 つ以上選んでください。';
    if (target === 'existing') {
      if (!customer) found.customer = '調べる顧客を選んでください。';
      const days = Number(periodDays);
      if (!Number.isInteger(days) || days < 7 || days > 3650)
        found.period_days = '期間（日数）は 7〜3650 の整数で入力してください。';
    } else if (!name.trim()) found.name = '名前を入力してください。';
    else if (name.trim().length > 200) found.name = '名前は 200 文字以内で入力してください。';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (target === 'existing' && customer) {
      onRun({
        path: '/api/research/customer/{id}',
        params: { path: { id: customer.id } },
        body: { topics, depth, period_days: Number(periodDays) },
      });
    } else {
      const optional = (value: string) => value.trim() || null;
      onRun({
        path: '/api/research/customer',
        body: {
          name: name.trim(),
          company_name: optional(companyName),
          industry: optional(industry),
          region: optional(region),
          notes: optional(notes),
          topics,
          depth,
        },
      });
    }
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="顧客調査">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">調べる相手</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              name="research-target"
              checked={target === 'existing'}
              onChange={() => setTarget('existing')}
            />
            登録済みの顧客
          </label>
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              name="research-target"
              checked={target === 'new'}
              onChange={() => setTarget('new')}
            />
            新しい相手（名前で調べる）
          </label>
        </div>
      </fieldset>
      {target === 'existing' ? (
        <>
          <ExistingCustomer value={customer} onChange={setCustomer} />
          {errors.customer ? (
            <p role="alert" className="text-sm text-error">
              {errors.customer}
            </p>
          ) : null}
          <TextField
            label="期間（日数）"
            description="対応履歴をさかのぼる日数（7〜3650）"
            inputMode="numeric"
            value={periodDays}
            onChange={(event) => setPeriodDays(event.target.value)}
            error={errors.period_days}
            className="max-w-80"
          />
        </>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          <TextField
            label="名前"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
          />
          <TextField
            label="会社名"
            value={companyName}
            onChange={(event) => setCompanyName(event.target.value)}
          />
          <TextField label="業種" value={industry} onChange={(event) => setIndustry(event.target.value)} />
          <TextField
            label="地域"
            placeholder="例 東京都渋谷区"
            value={region}
            onChange={(event) => setRegion(event.target.value)}
          />
          <Textarea
            label="分かっていること"
            className="md:col-span-2"
            value={notes}
            maxLength={4000}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
      )}
      <Choices legend="調べる項目" labels={RESEARCH_TOPIC_LABELS} values={topics} onChange={setTopics} />
      {errors.topics ? (
        <p role="alert" className="text-sm text-error">
          {errors.topics}
        </p>
      ) : null}
      <DepthSelect value={depth} onChange={setDepth} />
      <div>
        <Button type="submit" disabled={running}>
          <Search aria-hidden="true" />
          調査する
        </Button>
      </div>
    </form>
  );
}

interface CompetitorRow {
  key: number;
  name: string;
  url: string;
  notes: string;
}

function CompetitorResearchForm({
  running,
  onRun,
}: {
  running: boolean;
  onRun: (request: ResearchRequest) => void;
}) {
  const [rows, setRows] = useState<CompetitorRow[]>([{ key: 0, name: '', url: '', notes: '' }]);
  const [industry, setIndustry] = useState('');
  const [region, setRegion] = useState('');
  const [focus, setFocus] = useState<CompetitorFocus[]>([...FOCUS]);
  const [depth, setDepth] = useState<ResearchDepth>('standard');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = (key: number, change: Partial<CompetitorRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const row of rows) {
      if (!row.name.trim()) found[`name-${row.key}`] = '競合の名前を入力してください。';
      else if (row.name.trim().length > 100)
        found[`name-${row.key}`] = '競合の名前は 100 文字以内で入力してください。';
      if (row.url.trim() && !/^https?:\/\/\S+$/.test(row.url.trim()))
        found[`url-${row.key}`] = 'URL は http:// または https:// で始めてください。';
    }
    if (focus.length === 0) found.focus = '比べる観点を 1 つ以上選んでください。';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onRun({
      path: '/api/research/competitor',
      body: {
        competitors: rows.map((row) => ({
          name: row.name.trim(),
          url: row.url.trim() || null,
          notes: row.notes.trim() || null,
        })),
        industry: industry.trim() || null,
        region: region.trim() || null,
        focus,
        depth,
      },
    });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="競合調査">
      <ol className="grid gap-3" aria-label="調べる競合">
        {rows.map((row, index) => (
          <li key={row.key} className="grid gap-2 rounded-md border p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium">競合 {index + 1}</span>
              {rows.length > 1 ? (
                <IconButton
                  label={`競合 ${index + 1} を外す`}
                  variant="ghost"
                  size="sm"
                  onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
                >
                  <Trash2 aria-hidden="true" />
                </IconButton>
              ) : null}
            </div>
            <div className="grid gap-2 md:grid-cols-2">
              <TextField
                label="名前"
                required
                value={row.name}
                onChange={(event) => update(row.key, { name: event.target.value })}
                error={errors[`name-${row.key}`]}
              />
              <TextField
                label="URL"
                type="url"
                placeholder="https://"
                value={row.url}
                onChange={(event) => update(row.key, { url: event.target.value })}
                error={errors[`url-${row.key}`]}
              />
              <Textarea
                label="分かっていること（価格・特徴・評判など）"
                className="md:col-span-2"
                maxLength={2000}
                value={row.notes}
                onChange={(event) => update(row.key, { notes: event.target.value })}
              />
            </div>
          </li>
        ))}
      </ol>
      {rows.length < MAX_COMPETITORS ? (
        <div>
          <Button
            variant="outline"
            onClick={() =>
              setRows((current) => [
                ...current,
                { key: Math.max(...current.map((row) => row.key)) + 1, name: '', url: '', notes: '' },
              ])
            }
          >
            <Plus aria-hidden="true" />
            競合を追加（最大 {MAX_COMPETITORS} 件）
          </Button>
        </div>
      ) : null}
      <div className="grid gap-3 md:grid-cols-2">
        <TextField label="業種" value={industry} onChange={(event) => setIndustry(event.target.value)} />
        <TextField
          label="地域"
          placeholder="例 世田谷区"
          value={region}
          onChange={(event) => setRegion(event.target.value)}
        />
      </div>
      <Choices legend="比べる観点" labels={COMPETITOR_FOCUS_LABELS} values={focus} onChange={setFocus} />
      {errors.focus ? (
        <p role="alert" className="text-sm text-error">
          {errors.focus}
        </p>
      ) : null}
      <DepthSelect value={depth} onChange={setDepth} />
      <div>
        <Button type="submit" disabled={running}>
          <Search aria-hidden="true" />
          調査する
        </Button>
      </div>
    </form>
  );
}

/** The two research forms, customer and competitor, as tabs. */
export function ResearchForm({
  running,
  onRun,
}: {
  running: boolean;
  onRun: (request: ResearchRequest) => void;
}) {
  return (
    <Tabs defaultValue="customer">
      <TabsList aria-label="調査の種類">
        <TabsTrigger value="customer">顧客調査</TabsTrigger>
        <TabsTrigger value="competitor">競合調査</TabsTrigger>
      </TabsList>
      <TabsContent value="customer">
        <CustomerResearchForm running={running} onRun={onRun} />
      </TabsContent>
      <TabsContent value="competitor">
        <CompetitorResearchForm running={running} onRun={onRun} />
      </TabsContent>
    </Tabs>
  );
}
