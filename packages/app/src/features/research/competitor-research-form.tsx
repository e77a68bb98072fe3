import { COMPETITOR_FOCUS_LABELS } from '@tsumiki/api-client';
import { Button, IconButton, Textarea, TextField } from '@tsumiki/ui';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Choices, DepthSelect, FormAlert, type ResearchRequest, RunButton } from './research-choices';
import type { CompetitorFocus, ResearchDepth } from './research-labels';

const FOCUS = Object.keys(COMPETITOR_FOCUS_LABELS) as CompetitorFocus[];
const MAX_COMPETITORS = 5;

interface CompetitorRow {
  key: number;
  name: string;
  url: string;
  notes: string;
}

/** The competitor research form's rows and choices, its checks and the request it sends. */
function useCompetitorResearch(onRun: (request: ResearchRequest) => void) {
  const [rows, setRows] = useState<CompetitorRow[]>([{ key: 0, name: '', url: '', notes: '' }]);
  const [industry, setIndustry] = useState('');
  const [region, setRegion] = useState('');
  const [focus, setFocus] = useState<CompetitorFocus[]>([...FOCUS]);
  const [depth, setDepth] = useState<ResearchDepth>('standard');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = (key: number, change: Partial<CompetitorRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const remove = (key: number) => setRows((current) => current.filter((item) => item.key !== key));
  const add = () =>
    setRows((current) => [
      ...current,
      { key: Math.max(...current.map((row) => row.key)) + 1, name: '', url: '', notes: '' },
    ]);

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

  return {
    rows,
    update,
    remove,
    add,
    industry,
    setIndustry,
    region,
    setRegion,
    focus,
    setFocus,
    depth,
    setDepth,
    errors,
    submit,
  };
}

type CompetitorResearch = ReturnType<typeof useCompetitorResearch>;

function CompetitorRows({ form }: { form: CompetitorResearch }) {
  const { rows, errors, update } = form;
  return (
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
                onClick={() => form.remove(row.key)}
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
  );
}

export function CompetitorResearchForm({
  running,
  onRun,
}: {
  running: boolean;
  onRun: (request: ResearchRequest) => void;
}) {
  const form = useCompetitorResearch(onRun);
  return (
    <form className="grid gap-4" onSubmit={form.submit} noValidate aria-label="競合調査">
      <CompetitorRows form={form} />
      {form.rows.length < MAX_COMPETITORS ? (
        <div>
          <Button variant="outline" onClick={form.add}>
            <Plus aria-hidden="true" />
            競合を追加（最大 {MAX_COMPETITORS} 件）
          </Button>
        </div>
      ) : null}
      <div className="grid gap-3 md:grid-cols-2">
        <TextField
          label="業種"
          value={form.industry}
          onChange={(event) => form.setIndustry(event.target.value)}
        />
        <TextField
          label="地域"
          placeholder="例 世田谷区"
          value={form.region}
          onChange={(event) => form.setRegion(event.target.value)}
        />
      </div>
      <Choices
        legend="比べる観点"
        labels={COMPETITOR_FOCUS_LABELS}
        values={form.focus}
        onChange={form.setFocus}
      />
      <FormAlert message={form.errors.focus} />
      <DepthSelect value={form.depth} onChange={form.setDepth} />
      <RunButton running={running} />
    </form>
  );
}
