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

  it('shows a failed load as an error with 再試行, never as the empty state', () => {
    let retried = 0;
    render(<NotificationList notifications={[]} error="通信エラー" onRetry={() => retried++} now={now} />);
    expect(screen.getByRole('alert')).toHaveTextContent('通知を読み込めませんでした');
    expect(screen.queryByText('通知はありません')).toBeNull();
    screen.getByRole('button', { name: '再試行' }).click();
    expect(retried).toBe(1);
  });

  it('makes the title a link to `link` through the given link component', () => {
    const opened: string[] = [];
    render(
      <NotificationList
        notifications={[{ ...item(1), link: '/customers/c1' }, item(2)]}
        onSelect={(notification) => opened.push(notification.id)}
        linkComponent={({ href, children, onClick, className }) => (
          <a href={href} data-router="yes" className={className} onClick={onClick}>
            {children}
          </a>
        )}
        now={now}
      />,
    );
    const link = screen.getByRole('link', { name: '通知 1' });
    expect(link).toHaveAttribute('href', '/customers/c1');
    expect(link).toHaveAttribute('data-router', 'yes');
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(opened).toEqual(['n1']);
    expect(screen.getByRole('button', { name: '通知 2' })).toBeInTheDocument();
  });
});
