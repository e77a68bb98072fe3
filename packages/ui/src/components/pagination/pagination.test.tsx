import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, paginationItems } from './pagination';

describe('paginationItems', () => {
  it('lists every page when they fit', () => {
    expect(paginationItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps first, last and the neighbours of the current page', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(paginationItems(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(paginationItems(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(paginationItems(0, 0)).toEqual([]);
  });
});

describe('Pagination', () => {
  it('shows the range and moves between pages', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} pageSize={20} total={123} onPageChange={onPageChange} />);
    expect(screen.getByText('全 123 件中 21〜40 件')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2 ページ' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: '7 ページ' }));
    expect(onPageChange).toHaveBeenLastCalledWith(7);
  });

  it('disables previous on the first page and next on the last', () => {
    render(<Pagination page={1} pageSize={10} total={10} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: '前へ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '次へ' })).toBeDisabled();
  });
});
