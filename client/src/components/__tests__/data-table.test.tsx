import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialListState, type ListState } from '@/lib/list';
import { DataTable, type DataTableColumn } from '../data-table';

interface Row {
  id: string;
  name: string;
  city: string;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Nama', cell: (row) => row.name, sortable: true, searchable: true },
  { key: 'city', header: 'Kota', cell: (row) => row.city, sortable: true },
  { key: 'id', header: 'Kode', cell: (row) => row.id, optional: true },
];

const rows: Row[] = [
  { id: 'a', name: 'Ani', city: 'Medan' },
  { id: 'b', name: 'Budi', city: 'Bogor' },
];

function Harness({
  initial = initialListState(),
  data = rows,
  total = 2,
  totalCapped = false,
  loading = false,
  onChange = () => {},
  onRowClick,
}: {
  initial?: ListState;
  data?: Row[];
  total?: number;
  totalCapped?: boolean;
  loading?: boolean;
  onChange?: (state: ListState) => void;
  onRowClick?: (row: Row) => void;
}) {
  const [state, setState] = useState(initial);
  return (
    <DataTable
      title="Daftar uji"
      columns={columns}
      rows={data}
      rowKey={(row) => row.id}
      total={total}
      totalCapped={totalCapped}
      loading={loading}
      state={state}
      onStateChange={(next) => {
        setState(next);
        onChange(next);
      }}
      onRowClick={onRowClick}
      searchDebounceMs={300}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DataTable', () => {
  it('sorts a new column ascending, flips it on the next click, and starts a new column ascending', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial={initialListState({ page: 3 })} />);
    const table = screen.getByRole('table', { name: 'Daftar uji' });
    const nameHeader = within(table).getByRole('columnheader', { name: /Nama/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');

    await user.click(within(table).getByRole('button', { name: 'Nama' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ sort: { column: 'name', dir: 'asc' }, page: 1 }),
    );
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(table).getByRole('button', { name: 'Nama' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ sort: { column: 'name', dir: 'desc' } }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(table).getByRole('button', { name: 'Kota' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ sort: { column: 'city', dir: 'asc' } }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  });

  it('offers page sizes 10/25/50/100 and goes back to page 1 on a change', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial={initialListState({ page: 2 })} total={40} />);
    const select = screen.getByRole('combobox', { name: 'Jumlah data per halaman' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '50', '100']);
    await user.selectOptions(select, '25');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ perPage: 25, page: 1 }));
  });

  it("shows 'Data tidak ditemukan' for an empty answer", () => {
    render(<Harness data={[]} total={0} />);
    expect(screen.getByRole('cell', { name: 'Data tidak ditemukan' })).toBeInTheDocument();
    expect(screen.getByText('Menampilkan data 0 sampai 0 dari 0')).toBeInTheDocument();
  });

  it('shows 10 skeleton rows while loading, and neither rows nor the empty text', () => {
    render(<Harness loading data={[]} total={0} />);
    const table = screen.getByRole('table', { name: 'Daftar uji' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(table.querySelectorAll('tbody tr.data-table-skeleton')).toHaveLength(10);
    expect(screen.queryByText('Data tidak ditemukan')).not.toBeInTheDocument();
    expect(screen.queryByText('Ani')).not.toBeInTheDocument();
  });

  it('summarises the page and hides the controls that would be disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} total={57} />);
    expect(screen.getByText('Menampilkan data 1 sampai 10 dari 57')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navigasi halaman' });
    expect(within(nav).queryByRole('button', { name: 'Halaman sebelumnya' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Halaman 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('button', { name: 'Halaman terakhir' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 6 }));
    expect(screen.getByText('Menampilkan data 51 sampai 57 dari 57')).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Halaman berikutnya' })).not.toBeInTheDocument();
  });

  it('says "lebih dari" when the server stopped counting (recordsCapped)', () => {
    render(<Harness total={100000} totalCapped />);
    expect(screen.getByText('Menampilkan data 1 sampai 10 dari lebih dari 100.000')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navigasi halaman' });
    expect(within(nav).getByRole('button', { name: 'Halaman terakhir' })).toBeInTheDocument();
  });

  it('debounces the column and global searches and resets the page', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial={initialListState({ page: 4 })} total={100} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari Nama' }), { target: { value: 'bu' } });
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ search: { name: 'bu' }, page: 1 }));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: 'medan' } });
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ globalSearch: 'medan', search: { name: 'bu' } }),
    );
  });

  it('keeps both searches when their debounces end in the same tick', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial={initialListState({ globalSearch: 'medan' })} />);
    // Clearing the global search and typing a column search at once: both commit before a render.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari Nama' }), { target: { value: 'bu' } });
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ globalSearch: '', search: { name: 'bu' } }));
  });

  it('opens a row by click or keyboard', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(<Harness onRowClick={onRowClick} />);
    await user.click(screen.getByRole('cell', { name: 'Ani' }));
    expect(onRowClick).toHaveBeenCalledWith(rows[0]);
    screen.getByRole('row', { name: /Budi/ }).focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
  });

  it('shows an optional column only once switched on in the Kolom menu', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('columnheader', { name: 'Kode' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Kolom/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Kode' }));
    expect(screen.getByRole('columnheader', { name: 'Kode' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'a' })).toBeInTheDocument();
  });
});

describe('DataTable column chooser and layout', () => {
  it('hides any column but the first from the Kolom menu', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: /Kolom/ }));
    expect(screen.queryByRole('checkbox', { name: 'Nama' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Kota' }));
    expect(screen.queryByRole('columnheader', { name: 'Kota' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Nama' })).toBeInTheDocument();
  });

  it('is named by its h2 title and scrolls inside its own box', () => {
    render(<Harness />);
    const table = screen.getByRole('table', { name: 'Daftar uji' });
    expect(screen.getByRole('heading', { level: 2, name: 'Daftar uji' })).toBeInTheDocument();
    expect(table.parentElement).toHaveClass('data-table-scroll');
  });
});

describe('DataTable on a shrinking list', () => {
  it('moves to the last page when the open page is past the end', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial={initialListState({ page: 3 })} data={[]} total={12} />);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ page: 2 }));
  });
});
