import { useMutation } from '@tanstack/react-query';
import { CUSTOMER_SEGMENT_BASIS_LABELS, type components } from '@tsumiki/api-client';
import { analyzeCustomersForMarketingMutationOptions } from '@tsumiki/api-client/react';
import { BarChart, Button, Select, TextField } from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { AiAnswerFooter } from '../ai/ai-answer-footer';
import { List, lines, ResultCard } from './marketing-parts';

type Schemas = components['schemas'];
type Basis = Schemas['CustomerSegmentBasis'];

const BASIS_OPTIONS = (Object.keys(CUSTOMER_SEGMENT_BASIS_LABELS) as Basis[]).map((value) => ({
  value,
  label: CUSTOMER_SEGMENT_BASIS_LABELS[value],
}));

export function SegmentsTool({ onCampaign }: { onCampaign: (label: string) => void }) {
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
