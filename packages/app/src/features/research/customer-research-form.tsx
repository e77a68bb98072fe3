import { RESEARCH_TOPIC_LABELS } from '@tsumiki/api-client';
import { Textarea, TextField } from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { type Chosen, ExistingCustomer } from './existing-customer';
import { Choices, DepthSelect, FormAlert, type ResearchRequest, RunButton } from './research-choices';
import type { ResearchDepth, ResearchTopic } from './research-labels';

const TOPICS = Object.keys(RESEARCH_TOPIC_LABELS) as ResearchTopic[];

/** The customer research form's values, its checks and the request it sends. */
function useCustomerResearch(onRun: (request: ResearchRequest) => void) {
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

  return {
    target,
    setTarget,
    customer,
    setCustomer,
    name,
    setName,
    companyName,
    setCompanyName,
    industry,
    setIndustry,
    region,
    setRegion,
    notes,
    setNotes,
    periodDays,
    setPeriodDays,
    topics,
    setTopics,
    depth,
    setDepth,
    errors,
    submit,
  };
}

type CustomerResearch = ReturnType<typeof useCustomerResearch>;

function TargetChoice({ form }: { form: CustomerResearch }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">調べる相手</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="inline-flex items-center gap-2">
          <input
            type="radio"
            name="research-target"
            checked={form.target === 'existing'}
            onChange={() => form.setTarget('existing')}
          />
          登録済みの顧客
        </label>
        <label className="inline-flex items-center gap-2">
          <input
            type="radio"
            name="research-target"
            checked={form.target === 'new'}
            onChange={() => form.setTarget('new')}
          />
          新しい相手（名前で調べる）
        </label>
      </div>
    </fieldset>
  );
}

function NewTargetFields({ form }: { form: CustomerResearch }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <TextField
        label="名前"
        required
        value={form.name}
        onChange={(event) => form.setName(event.target.value)}
        error={form.errors.name}
      />
      <TextField
        label="会社名"
        value={form.companyName}
        onChange={(event) => form.setCompanyName(event.target.value)}
      />
      <TextField
        label="業種"
        value={form.industry}
        onChange={(event) => form.setIndustry(event.target.value)}
      />
      <TextField
        label="地域"
        placeholder="例 東京都渋谷区"
        value={form.region}
        onChange={(event) => form.setRegion(event.target.value)}
      />
      <Textarea
        label="分かっていること"
        className="md:col-span-2"
        value={form.notes}
        maxLength={4000}
        onChange={(event) => form.setNotes(event.target.value)}
      />
    </div>
  );
}

export function CustomerResearchForm({
  running,
  onRun,
}: {
  running: boolean;
  onRun: (request: ResearchRequest) => void;
}) {
  const form = useCustomerResearch(onRun);
  return (
    <form className="grid gap-4" onSubmit={form.submit} noValidate aria-label="顧客調査">
      <TargetChoice form={form} />
      {form.target === 'existing' ? (
        <>
          <ExistingCustomer value={form.customer} onChange={form.setCustomer} />
          <FormAlert message={form.errors.customer} />
          <TextField
            label="期間（日数）"
            description="対応履歴をさかのぼる日数（7〜3650）"
            inputMode="numeric"
            value={form.periodDays}
            onChange={(event) => form.setPeriodDays(event.target.value)}
            error={form.errors.period_days}
            className="max-w-80"
          />
        </>
      ) : (
        <NewTargetFields form={form} />
      )}
      <Choices
        legend="調べる項目"
        labels={RESEARCH_TOPIC_LABELS}
        values={form.topics}
        onChange={form.setTopics}
      />
      <FormAlert message={form.errors.topics} />
      <DepthSelect value={form.depth} onChange={form.setDepth} />
      <RunButton running={running} />
    </form>
  );
}
