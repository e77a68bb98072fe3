import { Card, CardContent, CardHeader, CardTitle } from '@tsumiki/ui';
import type { ReactNode } from 'react';

/** Free text split on new lines and Japanese or Latin commas, blanks dropped. */
export const lines = (text: string) =>
  text
    .split(/[\n、,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** Today in the user's time zone (not UTC), as a date input's value. */
export function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

export function List({ label, items }: { label: string; items: readonly string[] }) {
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

export function ResultCard({ title, children }: { title: string; children: ReactNode }) {
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
