import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WallSite } from '../api/display-api';
import { ArrivalsPanel, SitesPanel } from '../components/wall-live-panels';

function site(name: string, part: Partial<WallSite> = {}): WallSite {
  return { id: name, name, type: 'site', checked_in: 0, late: 0, absence_known: true, absent: 0, waiting: 0, ...part };
}

describe('the wall per site and its latest arrivals', () => {
  it('lists each site with its checked-in, late, absent and waiting counts', () => {
    render(
      <SitesPanel
        sites={[
          site('Kantor Pusat Jakarta', { checked_in: 1234, late: 5, absent: 7, waiting: 12 }),
          site('Site Sangatta', { checked_in: 3, absence_known: false }),
        ]}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Per Lokasi' });
    expect(within(panel).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Lokasi',
      'Check-in',
      'Terlambat',
      'Tidak Hadir',
      'Menunggu',
    ]);
    const office = within(panel).getByRole('row', { name: /Kantor Pusat Jakarta/ });
    expect(within(office).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1.234', '5', '7', '12']);
    // Before the site's shift start plus tolerance nobody can be called absent: a dash, said in words.
    const sangatta = within(panel).getByRole('row', { name: /Site Sangatta/ });
    expect(within(sangatta).getAllByRole('cell')[2]).toHaveTextContent('Menunggu jam masuk');
    expect(panel).toHaveTextContent('– = belum lewat jam masuk + toleransi');
  });

  it('says when no site has anyone today and when nobody has arrived yet', () => {
    render(
      <>
        <SitesPanel sites={[]} />
        <ArrivalsPanel arrivals={[]} />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Per Lokasi' })).toHaveTextContent(
      'Belum ada lokasi dengan karyawan yang masuk hari ini',
    );
    expect(screen.getByRole('region', { name: 'Kedatangan Terbaru' })).toHaveTextContent('Belum ada check-in hari ini');
  });

  it('shows each arrival with its site and the time in the site’s zone', () => {
    render(
      <ArrivalsPanel
        arrivals={[
          { id: 'b', name: 'Budi Santoso', site: 'Site Jayapura', time: '09:05:00', timezone: 'Asia/Jayapura' },
          { id: 'a', name: 'Ani Lestari', site: 'Kantor Pusat Jakarta', time: '07:50:12', timezone: 'Asia/Jakarta' },
        ]}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'Kedatangan Terbaru' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Budi Santoso 09.05 WIT Site Jayapura',
      'Ani Lestari 07.50 WIB Kantor Pusat Jakarta',
    ]);
  });
});
