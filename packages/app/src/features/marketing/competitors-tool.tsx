import { useMutation } from '@tanstack/react-query';
import { analyzeCompetitorsMutationOptions } from '@tsumiki/api-client/react';
import { Button, Textarea, TextField } from '@tsumiki/ui';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { AiAnswerFooter } from '../ai/ai-answer-footer';
import { List, ResultCard } from './marketing-parts';

export function CompetitorsTool() {
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
