import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessagesProvider } from '../../i18n/messages-provider';
import { EmptyValue } from './empty-value';

describe('EmptyValue', () => {
  it('shows a dash hidden from screen readers and reads 未入力 instead', () => {
    const { container } = render(<EmptyValue />);
    const root = container.firstElementChild;
    expect(root).toHaveAttribute('data-slot', 'empty-value');
    expect(root).toHaveTextContent('—未入力');
    expect(container.querySelector('[aria-hidden="true"]')).toHaveTextContent('—');
    expect(container.querySelector('.sr-only')).toHaveTextContent('未入力');
  });

  it('reads the given label, and the messages provider sets the default', () => {
    const { container, rerender } = render(<EmptyValue label="未使用" />);
    expect(container.querySelector('.sr-only')).toHaveTextContent('未使用');
    rerender(
      <MessagesProvider messages={{ emptyValue: { label: '登録なし' } }}>
        <EmptyValue />
      </MessagesProvider>,
    );
    expect(container.querySelector('.sr-only')).toHaveTextContent('登録なし');
  });

  it('merges the caller’s class name last', () => {
    const { container } = render(<EmptyValue className="text-xs" />);
    expect(container.firstElementChild).toHaveClass('text-muted-foreground', 'text-xs');
  });
});
