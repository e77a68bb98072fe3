import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { Chip } from '../chip/chip';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const meta = {
  title: 'Components/Card',
  component: Card,
  tags: ['autodocs'],
  argTypes: {
    elevation: { control: 'inline-radio', options: ['flat', 'raised'] },
    padding: { control: 'inline-radio', options: ['none', 'md', 'lg'] },
  },
  render: (args) => (
    <Card {...args} className="max-w-sm">
      <CardHeader>
        <CardTitle>
          <h2>さくら内科クリニック</h2>
        </CardTitle>
        <CardDescription>テナント ID: 7f3c2a</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-2">
        <span className="text-muted-foreground">プラン</span>
        <Chip variant="info">スタンダード</Chip>
      </CardContent>
      <CardFooter className="justify-end">
        <Button variant="outline" size="sm">
          詳細を見る
        </Button>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Flat: Story = { args: { elevation: 'flat' } };

export const Stat: Story = {
  render: (args) => (
    <div className="grid max-w-3xl gap-4 sm:grid-cols-3">
      {[
        ['顧客数', '1,248'],
        ['対応履歴', '5,306'],
        ['今月の活動', '312'],
      ].map(([title, value]) => (
        <Card key={title} {...args} role="group" aria-label={title}>
          <CardHeader>
            <CardDescription>{title}</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-bold tabular-nums">{value}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  ),
};

export const TitleAsHeading: Story = {
  render: (args) => (
    <Card {...args} className="max-w-sm">
      <CardHeader>
        <CardTitle asChild>
          <h2>最近の対応履歴</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-muted-foreground">データがありません</p>
      </CardContent>
    </Card>
  ),
};
