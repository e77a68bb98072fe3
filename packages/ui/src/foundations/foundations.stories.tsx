import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bell, FileText, House, Search, Users } from 'lucide-react';
import { expect } from 'storybook/test';
import { Alert } from '../components/alert/alert';
import { Button } from '../components/button/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/card/card';
import { Chip } from '../components/chip/chip';
import { Progress } from '../components/progress/progress';
import { TextField } from '../components/text-field/text-field';

function Swatch({ name, className }: { name: string; className: string }) {
  return (
    <div className="grid gap-1">
      <div className={`h-12 rounded-md border ${className}`} />
      <code className="text-xs">{name}</code>
    </div>
  );
}

/** Class names are written out in full so that Tailwind's scanner sees them. */
const scales = [
  ['primary', 'bg-primary', 'bg-primary-subtle'],
  ['success', 'bg-success', 'bg-success-subtle'],
  ['warning', 'bg-warning', 'bg-warning-subtle'],
  ['error', 'bg-error', 'bg-error-subtle'],
  ['info', 'bg-info', 'bg-info-subtle'],
] as const;

function Tokens() {
  return (
    <div className="grid gap-8">
      <section className="grid gap-3">
        <h2 className="text-lg font-semibold">色</h2>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {scales.map(([name, solid, subtle]) => (
            <div key={name} className="grid gap-2">
              <Swatch name={`--${name}`} className={solid} />
              <Swatch name={`--${name}-subtle`} className={subtle} />
            </div>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <Swatch name="--background" className="bg-background" />
          <Swatch name="--surface" className="bg-surface" />
          <Swatch name="--muted" className="bg-muted" />
          <Swatch name="--border" className="bg-border" />
          <Swatch name="--foreground" className="bg-foreground" />
        </div>
      </section>
      <section className="grid gap-3">
        <h2 className="text-lg font-semibold">角丸と影</h2>
        <div className="flex flex-wrap gap-4">
          {(
            [
              'rounded-sm shadow-sm',
              'rounded-md shadow-md',
              'rounded-lg shadow-lg',
              'rounded-xl shadow-sm',
            ] as const
          ).map((classes) => (
            <div
              key={classes}
              className={`grid size-24 place-items-center border bg-surface text-xs ${classes}`}
            >
              {classes}
            </div>
          ))}
        </div>
      </section>
      <section className="grid gap-3">
        <h2 className="text-lg font-semibold">余白</h2>
        <div className="flex flex-wrap items-end gap-3">
          {(['w-1', 'w-2', 'w-3', 'w-4', 'w-6', 'w-8', 'w-12', 'w-16'] as const).map((width) => (
            <div key={width} className="grid justify-items-center gap-1">
              <div className={`h-4 bg-primary ${width}`} />
              <code className="text-xs">{width}</code>
            </div>
          ))}
        </div>
      </section>
      <section className="grid gap-3">
        <h2 className="text-lg font-semibold">文字</h2>
        <p className="text-2xl font-bold">見出し 2xl：顧客管理ダッシュボード</p>
        <p className="text-base">
          本文 base・行間 1.5（UI）：「山田 太郎」様の予約を 2026/11/22 14:00 に変更しました。
        </p>
        <p className="max-w-prose text-base leading-prose">
          長文 leading-prose・行間
          1.7：この文書は、さくら内科クリニックにおける個人情報の取り扱いについて定めたものです。（第1条）当院は、患者さまからお預かりした情報を、診療およびそれに付随する業務の範囲でのみ利用します。
        </p>
        <p className="text-sm text-muted-foreground">補足 sm・muted：最終更新 2026年11月22日</p>
      </section>
      <section className="grid gap-3">
        <h2 className="text-lg font-semibold">アイコン（lucide-react）</h2>
        <div className="flex gap-4 text-muted-foreground">
          <House role="img" aria-label="ホーム" />
          <Users role="img" aria-label="顧客" />
          <FileText role="img" aria-label="文書" />
          <Bell role="img" aria-label="通知" />
          <Search role="img" aria-label="検索" />
        </div>
      </section>
    </div>
  );
}

function Sample() {
  return (
    <div className="grid max-w-lg gap-4 bg-background p-4 text-foreground">
      <Card>
        <CardHeader>
          <CardTitle>
            <h3>今月の活動</h3>
          </CardTitle>
          <CardDescription>2026年11月</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="text-3xl font-bold tabular-nums">312</p>
          <Progress value={64} label="目標達成率" tone="success" />
          <div className="flex flex-wrap gap-2">
            <Chip variant="primary">管理者</Chip>
            <Chip variant="success">有効</Chip>
            <Chip variant="warning">期限間近</Chip>
            <Chip variant="error">エラー</Chip>
            <Chip variant="info">スタンダード</Chip>
          </div>
        </CardContent>
      </Card>
      <Alert variant="warning" title="まもなく期限切れ" description="セッションの残りは 8 分です。" />
      <TextField label="メールアドレス" type="email" defaultValue="admin@sakura-clinic.example" />
      <div className="flex flex-wrap gap-2">
        <Button>保存する</Button>
        <Button variant="outline">キャンセル</Button>
        <Button variant="destructive">削除する</Button>
      </div>
    </div>
  );
}

const meta = {
  title: 'Foundations/Tokens',
  component: Tokens,
  tags: ['autodocs'],
} satisfies Meta<typeof Tokens>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Colour scales, radii, shadows, spacing, type (Japanese font stack, 1.5 / 1.7) and icons. */
export const Overview: Story = {
  play: async ({ canvasElement }) => {
    const html = getComputedStyle(document.documentElement);
    await expect(html.fontFamily).toContain('Hiragino Sans');
    await expect(html.lineHeight).not.toBe('normal');
    const prose = canvasElement.querySelector('.leading-prose') as HTMLElement;
    const proseStyle = getComputedStyle(prose);
    await expect(
      Number.parseFloat(proseStyle.lineHeight) / Number.parseFloat(proseStyle.fontSize),
    ).toBeCloseTo(1.7, 2);
    await expect(document.documentElement.lang).toBe('ja');
  },
};

/** Light and dark side by side: `.dark` on a wrapper (or <html>) swaps every variable. */
export const LightAndDark: Story = {
  render: () => (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-label="ライトテーマ">
        <Sample />
      </section>
      <section aria-label="ダークテーマ" className="dark">
        <Sample />
      </section>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [light, dark] = [...canvasElement.querySelectorAll('section')].map(
      (section) => getComputedStyle(section.firstElementChild as HTMLElement).backgroundColor,
    );
    await expect(light).not.toBe(dark);
  },
};
