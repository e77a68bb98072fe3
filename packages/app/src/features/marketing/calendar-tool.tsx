import { useMutation } from '@tanstack/react-query';
import { planContentCalendarMutationOptions } from '@tsumiki/api-client/react';
import { Button, TextField } from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { AiAnswerFooter } from '../ai/ai-answer-footer';
import { type Channel, ChannelPicker } from './channel-picker';
import { ContentCalendarView } from './content-calendar-view';
import { CalendarFindings } from './draft-findings';
import { lines, ResultCard, today } from './marketing-parts';

export function CalendarTool() {
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
          <CalendarFindings entries={data.entries} />
          <AiAnswerFooter mode={data.mode} sources={data.sources} />
        </ResultCard>
      ) : null}
    </div>
  );
}
