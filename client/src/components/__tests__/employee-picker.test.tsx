import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fetch';
import { cutManPower, EMPLOYEE_SEARCH_DEBOUNCE_MS, EmployeePicker, type EmployeeOption } from '../employee-picker';

const ani: EmployeeOption = {
  hash_id: 'a',
  employee_number_formatted: 'ANI-01',
  name: 'Ani',
  man_power_name: 'Kantor Pusat Jakarta Divisi Keuangan Dan Akuntansi',
};
const budi: EmployeeOption = { hash_id: 'b', employee_number_formatted: 'BDI-02', name: 'Budi', man_power_name: 'Site Balikpapan' };

function stubSearch(found: EmployeeOption[]) {
  const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ http_status: 200, message: '', data: found }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Harness({ resigned, onChange }: { resigned?: boolean; onChange: (value: EmployeeOption[]) => void }) {
  const [value, setValue] = useState<EmployeeOption[]>([]);
  return (
    <EmployeePicker
      label="Cari karyawan"
      resigned={resigned}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderPicker(resigned?: boolean) {
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness resigned={resigned} onChange={onChange} />
    </QueryClientProvider>,
  );
  return onChange;
}

/** Type into the search box and let the debounce pass. */
function type(text: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Cari karyawan' }), { target: { value: text } });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('cutManPower', () => {
  it('cuts a man power name at 30 characters plus ...', () => {
    expect(cutManPower('Site Balikpapan')).toBe('Site Balikpapan');
    expect(cutManPower(ani.man_power_name)).toBe('Kantor Pusat Jakarta Divisi Ke...');
  });
});

describe('EmployeePicker', () => {
  it('searches only after the text has rested for the debounce, and never on blank text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubSearch([ani]);
    renderPicker();
    type('   ');
    act(() => vi.advanceTimersByTime(EMPLOYEE_SEARCH_DEBOUNCE_MS));
    expect(fetchMock).not.toHaveBeenCalled();
    type('an');
    act(() => vi.advanceTimersByTime(EMPLOYEE_SEARCH_DEBOUNCE_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(await screen.findByRole('button', { name: /^ANI-01 Ani/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toMatch(/employee\/search$/);
    expect(url.searchParams.get('filters')).toBe('an');
    expect(url.searchParams.get('status')).toBe('');
    expect(screen.getByText('Kantor Pusat Jakarta Divisi Ke...')).toBeInTheDocument();
  });

  it('searches resigned employees with status not_active', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubSearch([budi]);
    renderPicker(true);
    type('budi');
    act(() => vi.advanceTimersByTime(EMPLOYEE_SEARCH_DEBOUNCE_MS));
    await screen.findByRole('button', { name: /^BDI-02 Budi/ });
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.searchParams.get('status')).toBe('not_active');
  });

  it('adds a picked employee to the chosen list, hides it from the results, and removes it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubSearch([ani, budi]);
    const onChange = renderPicker();
    type('a');
    act(() => vi.advanceTimersByTime(EMPLOYEE_SEARCH_DEBOUNCE_MS));
    fireEvent.click(await screen.findByRole('button', { name: /^ANI-01 Ani/ }));
    expect(onChange).toHaveBeenLastCalledWith([ani]);
    const chosen = screen.getByRole('list', { name: 'Karyawan terpilih' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^ANI-01 Ani/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^BDI-02 Budi/ }));
    expect(onChange).toHaveBeenLastCalledWith([ani, budi]);
    expect(screen.getByText('Data tidak ditemukan')).toBeInTheDocument();
    fireEvent.click(within(chosen).getByRole('button', { name: 'Hapus Ani' }));
    expect(onChange).toHaveBeenLastCalledWith([budi]);
    expect(screen.getByRole('button', { name: /^ANI-01 Ani/ })).toBeInTheDocument();
  });

  it('works by keyboard inside a form: Enter searches at once and never submits, the arrows and Enter pick', async () => {
    const fetchMock = stubSearch([ani, budi]);
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onChange = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <form onSubmit={onSubmit}>
          <Harness onChange={onChange} />
          <button type="submit">Tampilkan</button>
        </form>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Cari karyawan' });
    await user.click(box);
    await user.keyboard('a{Enter}');
    // Searched at once (no debounce wait), and the form was not submitted.
    expect(await screen.findByRole('button', { name: /^ANI-01 Ani/ }, { timeout: EMPLOYEE_SEARCH_DEBOUNCE_MS / 2 })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /^ANI-01 Ani/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /^BDI-02 Budi/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveFocus();
    await user.keyboard('{ArrowDown}{End}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([budi]);
    expect(box).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /^ANI-01 Ani/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(box).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
