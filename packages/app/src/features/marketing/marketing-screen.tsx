import { useMutation } from '@tanstack/react-query';
import { type components, MARKETING_CHANNEL_LABELS } from '@tsumiki/api-client';
import {
  analyzeCompetitorsMutationOptions,
  analyzeCustomersForMarketingMutationOptions,
  planContentCalendarMutationOptions,
  proposeCampaignMutationOptions,
} from '@tsumiki/api-client/react';
import {
  BarChart,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Select,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
  TextField,
} from '@tsumiki/ui';
import { Plus } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { AiAnswerFooter } from '../ai/ai-answer-footer';
import { CampaignTimeline } from './campaign-timeline';
import { type Channel, ChannelPicker } from './channel-picker';
import { ContentCalendarView } from './content-calendar-view';

type Schemas = components['schemas'];
type Basis = Schemas['CustomerSegmentBasis'];

const BASIS_OPTIONS: { value: Basis; label: string }[] = [
  { value: 'activity', label: '最近の対応と回数' },
  { value: 'lifecycle', label: '新規とリピート' },
  { value: 'prefecture', label: '都道府県' },
  { value: 'tags', label: 'タグ' },
  { value: 'company', label: '会社の有無' },
];

const lines = (text: string) =>
  text
    .split(/[\n、,]/)
    .map((line) => line.trim())
    .filter(Boolean);

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

function List({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="grid gap-1">
      <h3 className="font-semibold text-sm">{label}</h3>
      <ul className="list-disc pl-5 text-sm">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function ResultCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">{children}</CardContent>
    </Card>
  );
}

/** /marketing: customer segments, a campaign, competitors and a content calendar, in tabs. */
export function MarketingScreen() {
  const [tab, setTab] = useState('segments');
  const [campaignTarget, setCampaignTarget] = useState('');
  return (
    <Tabs value={tab} onValueChange={setTab} className="grid gap-4">
      <TabsList className="flex h-auto flex-wrap justify-start">
        <TabsTrigger value="segments">顧客分析</TabsTrigger>
        <TabsTrigger value="campaign">キャンペーン</TabsTrigger>
        <TabsTrigger value="competitors">競合分析</TabsTrigger>
        <TabsTrigger value="calendar">コンテンツカレンダー</TabsTrigger>
      </TabsList>
      <TabsContent value="segments" forceMount hidden={tab !== 'segments'}>
        <SegmentsTool
          onCampaign={(label) => {
            setCampaignTarget(label);
            setTab('campaign');
          }}
        />
      </TabsContent>
      <TabsContent value="campaign" forceMount hidden={tab !== 'campaign'}>
        <CampaignTool key={campaignTarget} initialTarget={campaignTarget} />
      </TabsContent>
      <TabsContent value="competitors" forceMount hidden={tab !== 'competitors'}>
        <CompetitorsTool />
      </TabsContent>
      <TabsContent value="calendar" forceMount hidden={tab !== 'calendar'}>
        <CalendarTool />
      </TabsContent>
    </Tabs>
  );
}

function SegmentsTool({ onCampaign }: { onCampaign: (label: string) => void }) {
  const { api, tenantId } = useTenantApi();
  const [basis, setBasis] = useState<Basis>('activity');
  const [days, setDays] = useState('90');
  const [tags, setTags] = useState('');
  const analyze = useMutation(analyzeCustomersForMarketingMutationOptions(api, tenantId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    analyze.mutate({ segment_by: basis, period_days: Number(days), tags: lines(tags).slice(0, 20) });
  };
  const data = analyze.data;
  return (
    <div className="grid gap-4">
      <form
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_minmax(0,1fr)] sm:items-end"
      >
        <Select
          label="分け方"
          options={BASIS_OPTIONS}
          placeholder={false}
          value={basis}
          onChange={(event) => setBasis(event.target.value as Basis)}
        />
        <TextField
          label="期間（日数）"
          type="number"
          inputMode="numeric"
          min={7}
          max={730}
          value={days}
          onChange={(event) => setDays(event.target.value)}
        />
        <TextField
          label="タグで絞る（読点区切り）"
          value={tags}
          onChange={(event) => setTags(event.target.value)}
        />
        <div>
          <Button type="submit" loading={analyze.isPending}>
            分析する
          </Button>
        </div>
      </form>
      {data ? (
        <ResultCard title={`顧客層（${data.total_customers} 人）`}>
          <p>{data.summary}</p>
          <BarChart
            title="顧客層ごとの人数"
            data={data.segments.map((segment) => ({
              label: segment.label,
              value: segment.customer_count,
              hint: `${Math.round(segment.share * 1000) / 10}%`,
            }))}
            valueFormatter={(value) => `${value.toLocaleString('ja-JP')} 人`}
          />
          <List label="気づき" items={data.insights} />
          <div className="grid gap-1">
            <h3 className="font-semibold text-sm">この顧客層でキャンペーンを作る</h3>
            <div className="flex flex-wrap gap-2">
              {data.segments.slice(0, 6).map((segment) => (
                <Button
                  key={segment.label}
                  variant="outline"
                  size="sm"
                  onClick={() => onCampaign(segment.label)}
                >
                  {segment.label}
                </Button>
              ))}
            </div>
          </div>
          <AiAnswerFooter mode={data.mode} sources={data.sources} />
        </ResultCard>
      ) : null}
    </div>
  );
}

function CampaignTool({ initialTarget }: { initialTarget: string }) {
  const { api, tenantId } = useTenantApi();
  const [objective, setObjective] = useState('');
  const [target, setTarget] = useState(initialTarget);
  const [channels, setChannels] = useState<Channel[]>(['email', 'line']);
  const [start, setStart] = useState(today());
  const [end, setEnd] = useState('');
  const [budget, setBudget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const propose = useMutation(proposeCampaignMutationOptions(api, tenantId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!objective.trim()) return setError('目的を入力してください。');
    setError(null);
    propose.mutate({
      objective: objective.trim(),
      target: target.trim() || null,
      channels,
      start_date: start || null,
      end_date: end || null,
      budget_yen: budget === '' ? null : Number(budget),
    });
  };
  const data = propose.data;
  return (
    <div className="grid gap-4">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="目的"
            required
            maxLength={1000}
            placeholder="例: 休眠患者の再来院を増やす"
            value={objective}
            error={error}
            onChange={(event) => setObjective(event.target.value)}
          />
          <TextField
            label="対象"
            maxLength={500}
            placeholder="例: 1 年以上来院のない方、タグ名、都道府県"
            value={target}
            onChange={(event) => setTarget(event.target.value)}
          />
        </div>
        <ChannelPicker legend="チャネル" value={channels} onChange={setChannels} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="開始日"
            type="date"
            value={start}
            onChange={(event) => setStart(event.target.value)}
          />
          <TextField
            label="終了日"
            type="date"
            value={end}
            onChange={(event) => setEnd(event.target.value)}
          />
          <TextField
            label="予算（円）"
            type="number"
            inputMode="numeric"
            min={0}
            value={budget}
            onChange={(event) => setBudget(event.target.value)}
          />
        </div>
        <div>
          <Button type="submit" loading={propose.isPending}>
            企画案を作る
          </Button>
        </div>
      </form>
      {data ? (
        <ResultCard title={data.title}>
          <p>{data.summary}</p>
          <p>
            <span className="font-semibold">対象: </span>
            {data.target}
            <span className="ml-3 font-semibold">チャネル: </span>
            {data.channels.map((channel) => MARKETING_CHANNEL_LABELS[channel]).join('・')}
          </p>
          <CampaignTimeline phases={data.phases} />
          <div className="grid gap-1">
            <h3 className="font-semibold text-sm">KPI</h3>
            <dl className="grid gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
              {data.kpis.map((kpi) => (
                <div key={kpi.name} className="contents">
                  <dt className="text-muted-foreground">{kpi.name}</dt>
                  <dd>{kpi.target}</dd>
                </div>
              ))}
            </dl>
          </div>
          <p>
            費用の見込み:{' '}
            {data.estimated_cost_yen === null
              ? '未入力'
              : `${data.estimated_cost_yen.toLocaleString('ja-JP')} 円`}
          </p>
          <AiAnswerFooter mode={data.mode} sources={data.sources} />
        </ResultCard>
      ) : null}
    </div>
  );
}

function CompetitorsTool() {
  const { api, tenantId } = useTenantApi();
  const [rows, setRows] = useState([{ key: 1, name: '', notes: '' }]);
  const [strengths, setStrengths] = useState('');
  const [error, setError] = useState<string | null>(null);
  const analyze = useMutation(analyzeCompetitorsMutationOptions(api, tenantId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const competitors = rows
      .filter((row) => row.name.trim())
      .map((row) => ({ name: row.name.trim(), notes: row.notes.trim() || null }));
    if (competitors.length === 0) return setError('競合の名前を 1 つ以上入力してください。');
    setError(null);
    analyze.mutate({ competitors, own_strengths: strengths.trim() || null });
  };
  const data = analyze.data;
  return (
    <div className="grid gap-4">
      <form onSubmit={submit} noValidate className="grid gap-4">
        {rows.map((row, index) => (
          <fieldset
            key={row.key}
            className="grid gap-3 rounded-md border p-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]"
          >
            <legend className="px-1 font-medium text-sm">競合 {index + 1}</legend>
            <TextField
              label="競合の名前"
              maxLength={100}
              value={row.name}
              error={index === 0 ? error : undefined}
              onChange={(event) =>
                setRows(rows.map((r) => (r.key === row.key ? { ...r, name: event.target.value } : r)))
              }
            />
            <Textarea
              label="分かっていること（価格・特徴・評判など）"
              rows={2}
              maxLength={2000}
              value={row.notes}
              onChange={(event) =>
                setRows(rows.map((r) => (r.key === row.key ? { ...r, notes: event.target.value } : r)))
              }
            />
          </fieldset>
        ))}
        {rows.length < 5 ? (
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setRows([...rows, { key: Date.now(), name: '', notes: '' }])}
            >
              <Plus aria-hidden="true" />
              競合を追加
            </Button>
          </div>
        ) : null}
        <Textarea
          label="自社の強み"
          rows={2}
          maxLength={2000}
          value={strengths}
          onChange={(event) => setStrengths(event.target.value)}
        />
        <div>
          <Button type="submit" loading={analyze.isPending}>
            比較する
          </Button>
        </div>
      </form>
      {data ? (
        <ResultCard title="競合の比較">
          <p>{data.summary}</p>
          {data.competitors.map((competitor) => (
            <section key={competitor.name} className="grid gap-2 rounded-md border p-3">
              <h3 className="font-semibold">{competitor.name}</h3>
              <p className="text-muted-foreground">{competitor.summary}</p>
              <div className="grid gap-3 md:grid-cols-2">
                <List label="強み" items={competitor.strengths} />
                <List label="弱み" items={competitor.weaknesses} />
              </div>
            </section>
          ))}
          <List label="機会" items={data.opportunities} />
          <List label="脅威" items={data.threats} />
          <List label="打ち手" items={data.recommendations} />
          <AiAnswerFooter mode={data.mode} sources={data.sources} />
        </ResultCard>
      ) : null}
    </div>
  );
}

function CalendarTool() {
  const { api, tenantId } = useTenantApi();
  const [start, setStart] = useState(today());
  const [weeks, setWeeks] = useState('4');
  const [perWeek, setPerWeek] = useState('2');
  const [channels, setChannels] = useState<Channel[]>(['sns', 'website']);
  const [themes, setThemes] = useState('');
  const plan = useMutation(planContentCalendarMutationOptions(api, tenantId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    plan.mutate({
      start_date: start,
      weeks: Number(weeks),
      posts_per_week: Number(perWeek),
      channels,
      themes: lines(themes).slice(0, 20),
    });
  };
  const data = plan.data;
  return (
    <div className="grid gap-4">
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="開始日"
            type="date"
            required
            value={start}
            onChange={(event) => setStart(event.target.value)}
          />
          <TextField
            label="週数"
            type="number"
            inputMode="numeric"
            min={1}
            max={12}
            value={weeks}
            onChange={(event) => setWeeks(event.target.value)}
          />
          <TextField
            label="週あたりの投稿数"
            type="number"
            inputMode="numeric"
            min={1}
            max={14}
            value={perWeek}
            onChange={(event) => setPerWeek(event.target.value)}
          />
        </div>
        <ChannelPicker legend="チャネル" value={channels} onChange={setChannels} />
        <TextField
          label="テーマ（読点区切り）"
          placeholder="例: 花粉症対策、健診の案内"
          value={themes}
          onChange={(event) => setThemes(event.target.value)}
        />
        <div>
          <Button type="submit" loading={plan.isPending}>
            カレンダーを作る
          </Button>
        </div>
      </form>
      {data ? (
        <ResultCard title={`コンテンツカレンダー（${data.entries.length} 件）`}>
          <ContentCalendarView entries={data.entries} />
          <AiAnswerFooter mode={data.mode} sources={data.sources} />
        </ResultCard>
      ) : null}
    </div>
  );
}
