import { useMutation } from '@tanstack/react-query';
import { MARKETING_CHANNEL_LABELS } from '@tsumiki/api-client';
import { proposeCampaignMutationOptions } from '@tsumiki/api-client/react';
import { Button, TextField } from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { AiAnswerFooter } from '../ai/ai-answer-footer';
import { AdvertisingFindings } from './advertising-findings';
import { CampaignTimeline } from './campaign-timeline';
import { type Channel, ChannelPicker } from './channel-picker';
import { campaignTexts } from './draft-findings';
import { ResultCard, today } from './marketing-parts';

export function CampaignTool({ initialTarget }: { initialTarget: string }) {
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
          <AdvertisingFindings texts={campaignTexts(data)} findings={data.advertising_findings} />
          <AiAnswerFooter mode={data.mode} sources={data.sources} />
        </ResultCard>
      ) : null}
    </div>
  );
}
