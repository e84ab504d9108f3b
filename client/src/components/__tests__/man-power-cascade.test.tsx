import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fetch';
import { chooseManPower, emptyManPower, ManPowerCascade, type ManPowerValue } from '../man-power-cascade';

const OPTIONS: Record<string, Array<{ value: string; label: string }>> = {
  '': [
    { value: 'office', label: 'Office' },
    { value: 'site', label: 'Site' },
  ],
  'type=office': [{ value: 'Kantor Pusat', label: 'Kantor Pusat' }],
  'type=site': [{ value: 'Site Kalimantan', label: 'Site Kalimantan' }],
  'type=office&name=Kantor+Pusat': [{ value: 'Operasional', label: 'Operasional' }],
  'type=office&name=Kantor+Pusat&team=Operasional': [{ value: 'Grup 1', label: 'Grup 1' }],
};

function stubManPowerApi() {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const query = new URL(String(input), 'http://localhost').searchParams.toString();
    return jsonResponse({ http_status: 200, message: '', data: OPTIONS[query] ?? [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Harness({
  initial = emptyManPower,
  onChange,
}: {
  initial?: ManPowerValue;
  onChange: (value: ManPowerValue) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <ManPowerCascade
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderCascade(initial?: ManPowerValue) {
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} onChange={onChange} />
    </QueryClientProvider>,
  );
  return onChange;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('chooseManPower', () => {
  it('sets the chosen level and clears every level below it', () => {
    const full = { type: 'office', name: 'Kantor Pusat', team: 'Operasional', group: 'Grup 1' };
    expect(chooseManPower(full, 'type', 'site')).toEqual({ type: 'site', name: '', team: '', group: '' });
    expect(chooseManPower(full, 'name', 'Kantor Cabang')).toEqual({
      type: 'office',
      name: 'Kantor Cabang',
      team: '',
      group: '',
    });
    expect(chooseManPower(full, 'team', '')).toEqual({ type: 'office', name: 'Kantor Pusat', team: '', group: '' });
    expect(chooseManPower(full, 'group', 'Grup 2')).toEqual({ ...full, group: 'Grup 2' });
  });
});

describe('ManPowerCascade', () => {
  it('keeps the lower selects disabled until their options exist, and loads each level from its parent', async () => {
    const user = userEvent.setup();
    const fetchMock = stubManPowerApi();
    const onChange = renderCascade();
    const type = screen.getByRole('combobox', { name: 'Tipe Man Power' });
    const name = screen.getByRole('combobox', { name: 'Man Power' });
    const team = screen.getByRole('combobox', { name: 'Tim Man Power' });
    await waitFor(() => expect(type).toBeEnabled());
    expect(name).toBeDisabled();
    expect(team).toBeDisabled();

    await user.selectOptions(type, 'office');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'office', name: '', team: '', group: '' });
    await waitFor(() => expect(name).toBeEnabled());
    expect(within(name).getByRole('option', { name: 'Kantor Pusat' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/web/v1/man_power?type=office');

    await user.selectOptions(name, 'Kantor Pusat');
    await waitFor(() => expect(team).toBeEnabled());
    expect(screen.getByRole('combobox', { name: 'Grup Man Power' })).toBeDisabled();
  });

  it('clears name, team and group when the type changes', async () => {
    const user = userEvent.setup();
    stubManPowerApi();
    const onChange = renderCascade({ type: 'office', name: 'Kantor Pusat', team: 'Operasional', group: 'Grup 1' });
    const group = screen.getByRole('combobox', { name: 'Grup Man Power' });
    await waitFor(() => expect(group).toBeEnabled());
    expect(group).toHaveValue('Grup 1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipe Man Power' }), 'site');
    expect(onChange).toHaveBeenLastCalledWith({ type: 'site', name: '', team: '', group: '' });
    expect(screen.getByRole('combobox', { name: 'Man Power' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Tim Man Power' })).toBeDisabled();
    expect(group).toBeDisabled();
    await waitFor(() =>
      expect(
        within(screen.getByRole('combobox', { name: 'Man Power' })).getByRole('option', { name: 'Site Kalimantan' }),
      ).toBeInTheDocument(),
    );
  });

  it('stays usable without a message when the options fail to load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse({ http_status: 500, message: 'x' }, 500)),
    );
    renderCascade();
    const type = screen.getByRole('combobox', { name: 'Tipe Man Power' });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Memuat pilihan…' })).not.toBeInTheDocument());
    expect(type).toBeDisabled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
