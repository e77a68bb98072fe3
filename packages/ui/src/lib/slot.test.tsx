import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Slot, Slottable } from './slot';

describe('Slot', () => {
  it('renders the child with merged props: child wins, handlers both run (child first), classes joined, styles merged', async () => {
    const calls: string[] = [];
    render(
      <Slot
        className="from-slot"
        style={{ color: 'red', margin: 1 }}
        title="slot"
        onClick={() => calls.push('slot')}
      >
        <a
          href="/x"
          className="from-child"
          style={{ color: 'blue' }}
          title="child"
          onClick={() => calls.push('child')}
        >
          リンク
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'リンク' });
    expect(link).toHaveClass('from-slot', 'from-child');
    expect(link).toHaveAttribute('title', 'child');
    expect(link.style.color).toBe('blue');
    expect(link.style.margin).toBe('1px');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(calls).toEqual(['child', 'slot']);
  });

  it("keeps the slot's handler when the child passes undefined, and sets both refs", async () => {
    const onClick = vi.fn();
    const slotRef = createRef<HTMLButtonElement>();
    const childRef = createRef<HTMLButtonElement>();
    render(
      <Slot onClick={onClick} ref={slotRef}>
        <button type="button" onClick={undefined} ref={childRef}>
          押す
        </button>
      </Slot>,
    );
    await userEvent.click(screen.getByRole('button', { name: '押す' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(slotRef.current).toBe(childRef.current);
    expect(slotRef.current?.tagName).toBe('BUTTON');
  });

  it('with Slottable, renders the marked element and puts the other children inside it, in order', () => {
    render(
      <Slot data-testid="slot">
        <span>前</span>
        <Slottable>
          <a href="/y">本文</a>
        </Slottable>
        <span>後</span>
      </Slot>,
    );
    const link = screen.getByTestId('slot');
    expect(link.tagName).toBe('A');
    expect(link.textContent).toBe('前本文後');
  });
});
