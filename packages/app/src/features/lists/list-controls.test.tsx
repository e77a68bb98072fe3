import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ListPagination,
  type ListSort,
  ListTotal,
  SortControls,
  type SortOptions,
  tableSort,
} from './list-controls';
import '@testing-library/jest-dom/vitest';

afterEach(cleanup);

type Sort = 'name_kana' | 'price' | 'updated_at';

const OPTIONS: SortOptions<Sort> = {
  sorts: ['name_kana', 'price', 'updated_at'],
  sortLabels: { name_kana: 'フリガナ順', price: '価格順', updated_at: '更新日順' },
  orderLabels: {
    name_kana: { asc: 'ア → ン', desc: 'ン → ア' },
    price: { asc: '安い順', desc: '高い順' },
    updated_at: { asc: '古い順', desc: '新しい順' },
  },
  defaultOrder: (sort) => (sort === 'updated_at' ? 'desc' : 'asc'),
  defaultSort: 'updated_at',
};

const optionTexts = (select: HTMLElement) =>
  [...select.querySelectorAll('option')].map((option) => option.textContent);

describe('SortControls', () => {
  it('offers the sorts, and the orders in the words of the current sort', () => {
    render(<SortControls options={OPTIONS} value={{ sort: 'price', order: 'desc' }} onChange={() => {}} />);
    const sort = screen.getByRole('combobox', { name: '並べ替え' });
    const order = screen.getByRole('combobox', { name: '並び順' });
    expect(optionTexts(sort)).toEqual(['フリガナ順', '価格順', '更新日順']);
    expect(sort).toHaveValue('price');
    expect(optionTexts(order)).toEqual(['安い順', '高い順']);
    expect(order).toHaveValue('desc');
  });

  it('starts a newly chosen sort in its default order, and keeps the sort when the order changes', () => {
    const onChange = vi.fn<(sort: ListSort<Sort>) => void>();
    render(<SortControls options={OPTIONS} value={{ sort: 'price', order: 'desc' }} onChange={onChange} />);
    fireEvent.change(screen.getByRole('combobox', { name: '並べ替え' }), { target: { value: 'name_kana' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'name_kana', order: 'asc' });
    fireEvent.change(screen.getByRole('combobox', { name: '並べ替え' }), { target: { value: 'updated_at' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'updated_at', order: 'desc' });
    fireEvent.change(screen.getByRole('combobox', { name: '並び順' }), { target: { value: 'asc' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'price', order: 'asc' });
  });

  it('lays out the pair and sizes each select with the classes it is given', () => {
    const { container } = render(
      <SortControls
        options={OPTIONS}
        value={{ sort: 'price', order: 'asc' }}
        onChange={() => {}}
        className="grid grid-cols-2"
        sortClassName="md:w-48"
        orderClassName="md:w-32"
      />,
    );
    expect(container.firstElementChild).toHaveClass('grid', 'grid-cols-2');
    expect(container.querySelector('[data-slot="select"].md\\:w-48')).toContainElement(
      screen.getByRole('combobox', { name: '並べ替え' }),
    );
    expect(container.querySelector('[data-slot="select"].md\\:w-32')).toContainElement(
      screen.getByRole('combobox', { name: '並び順' }),
    );
  });
});

describe('tableSort', () => {
  it('shows the current sort and passes a header sort through', () => {
    const onChange = vi.fn<(sort: ListSort<Sort>) => void>();
    const wiring = tableSort(OPTIONS, { sort: 'price', order: 'asc' }, onChange);
    expect(wiring.sort).toEqual({ by: 'price', order: 'asc' });
    wiring.onSortChange({ by: 'name_kana', order: 'desc' });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'name_kana', order: 'desc' });
  });

  it('goes back to the default sort in its default order when the header turns sorting off', () => {
    const onChange = vi.fn<(sort: ListSort<Sort>) => void>();
    tableSort(OPTIONS, { sort: 'price', order: 'desc' }, onChange).onSortChange(null);
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'updated_at', order: 'desc' });
  });
});

describe('ListTotal', () => {
  it('is a polite live line with the test id it is given', () => {
    render(<ListTotal testId="products-total">登録されている商品: 3 件</ListTotal>);
    const line = screen.getByTestId('products-total');
    expect(line).toHaveAttribute('aria-live', 'polite');
    expect(line).toHaveTextContent('登録されている商品: 3 件');
  });
});

describe('ListPagination', () => {
  it('shows nothing without rows or before the first answer', () => {
    const { container, rerender } = render(
      <ListPagination page={1} pageSize={20} total={0} onPageChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<ListPagination page={1} pageSize={20} total={undefined} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('reports the page chosen and shows it from the top of the screen', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const onPageChange = vi.fn<(page: number) => void>();
    render(<ListPagination page={1} pageSize={20} total={45} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation')).toHaveTextContent('45');
    fireEvent.click(screen.getByRole('button', { name: '3 ページ' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    scrollTo.mockRestore();
  });

  it('passes the other Pagination options through', () => {
    render(
      <ListPagination page={2} pageSize={20} total={45} showRange={false} disabled onPageChange={() => {}} />,
    );
    expect(screen.getByRole('navigation')).not.toHaveTextContent('45');
    expect(screen.getByRole('button', { name: '3 ページ' })).toBeDisabled();
  });
});
