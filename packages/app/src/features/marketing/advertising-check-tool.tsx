import { useMutation } from '@tanstack/react-query';
import { checkAdvertisingMutationOptions } from '@tsumiki/api-client/react';
import { AiModeNotice, Button, Textarea } from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';
import { AdvertisingFindings } from './advertising-findings';

const MAX_LENGTH = 10_000;

/** An example a clinic might write, with several kinds of finding (the tool's first try). */
const EXAMPLE =
  '地域No.1の実績！当院の花粉症治療は必ず治ります。今だけ初診料が無料。患者様の声「先生のおかげですっかり治りました」（40代女性）';

/** The 広告チェック tool: paste a text, see its findings under the guideline, marked in the text. */
export function AdvertisingCheckTool() {
  const { api, tenantId } = useTenantApi();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useMutation(checkAdvertisingMutationOptions(api, tenantId));
  const [checked, setChecked] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return setError('確かめる文面を入力してください。');
    setError(null);
    setChecked(value);
    check.mutate({ text: value });
  };
  const data = check.data;
  return (
    <div className="grid gap-4">
      <form onSubmit={submit} noValidate className="grid gap-3">
        <Textarea
          label="文面"
          required
          rows={6}
          maxLength={MAX_LENGTH}
          placeholder="ウェブサイト・チラシ・SNS の投稿など、広告の文面を貼り付けてください。"
          description="厚生労働省「医療広告ガイドライン」の区分（誇大広告・比較優良広告・体験談など）に当たる表現を探します。"
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={check.isPending}>
            チェックする
          </Button>
          <Button type="button" variant="outline" onClick={() => setText(EXAMPLE)}>
            例文を入れる
          </Button>
        </div>
      </form>
      {data ? (
        <div className="grid gap-3" aria-live="polite">
          <AdvertisingFindings
            texts={[{ field: 'text', label: '文面', text: checked }]}
            findings={data.findings}
            headingLevel={2}
          />
          <AiModeNotice mode={data.mode} />
        </div>
      ) : null}
    </div>
  );
}
