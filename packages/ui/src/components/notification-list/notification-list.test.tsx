import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type NotificationItem, NotificationList } from './notification-list';

const now = new Date('2026-11-22T05:00:00Z');
const item = (index: number, read = false): NotificationItem => ({
  id: `n${index}`,
  title: `通知 ${index}`,
  message: '本文',
  type: 'info',
  category: 'system',
  read,
  created_at: new Date(now.getTime() - index * 60_000).toISOString(),
});

describe('NotificationList', () => {
  it('shows もっと見る only while the last page was a full page of 10', () => {
    const page = Array.from({ length: 10 }, (_, index) => item(index));
    const { rerender } = render(
      <NotificationList notifications={page} lastPageSize={10} onShowMore={() => {}} now={now} />,
    );
    expect(screen.getByRole('button', { name: 'もっと見る' })).toBeInTheDocument();
    rerender(<NotificationList notifications={page} lastPageSize={9} onShowMore={() => {}} now={now} />);
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
    rerender(<NotificationList notifications={page} hasMore onShowMore={() => {}} now={now} />);
    expect(screen.getByRole('button', { name: 'もっと見る' })).toBeInTheDocument();
  });

  it('counts unread items when no count is given and offers 既読にする only on them', () => {
    render(<NotificationList notifications={[item(1), item(2, true)]} onMarkRead={() => {}} now={now} />);
    expect(screen.getAllByRole('button', { name: /^既読にする/ })).toHaveLength(1);
    expect(screen.getByText('未読 1')).toBeInTheDocument();
    expect(screen.getByText('1分前')).toBeInTheDocument();
  });
});
