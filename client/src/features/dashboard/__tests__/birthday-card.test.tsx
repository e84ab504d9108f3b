import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/fetch';
import { BirthdayCard } from '../components/birthday-card';

const people = Array.from({ length: 7 }, (_, index) => ({
  id: `id${index}`,
  name: `Karyawan ${index}`,
  photo_url: '',
  birth_date: index < 2 ? '1990-06-14' : '1990-06-15',
  keterangan: index < 2 ? 'today' : 'tomorrow',
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const page = Number(url.searchParams.get('page'));
    const perPage = Number(url.searchParams.get('per_page'));
    const data = people.slice((page - 1) * perPage, page * perPage);
    return jsonResponse({ http_status: 200, message: '', data, recordsTotal: people.length, recordsFiltered: people.length });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const names = () =>
  within(screen.getByRole('list', { name: 'Daftar ulang tahun' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.birthday-name')?.textContent);

describe('birthday card', () => {
  it('shows 3 a page from requests of 5, with markers and initials for missing photos', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BirthdayCard />
      </QueryClientProvider>,
    );
    await screen.findByRole('list', { name: 'Daftar ulang tahun' });
    expect(names()).toEqual(['Karyawan 0', 'Karyawan 1', 'Karyawan 2']);
    expect(screen.getAllByText('Hari ini')).toHaveLength(2);
    expect(screen.getAllByText('Besok')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Foto Karyawan 0' })).toHaveTextContent('K0');

    await user.click(screen.getByRole('button', { name: 'Halaman 2' }));
    await screen.findByText('Karyawan 3');
    expect(names()).toEqual(['Karyawan 3', 'Karyawan 4', 'Karyawan 5']);
    await user.click(screen.getByRole('button', { name: 'Halaman 3' }));
    await screen.findByText('Karyawan 6');
    expect(names()).toEqual(['Karyawan 6']);

    const requested = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').search);
    expect(requested.every((search) => search.includes('per_page=5'))).toBe(true);
    expect(new Set(requested)).toEqual(new Set(['?page=1&per_page=5', '?page=2&per_page=5']));
  });
});
