import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AbsentTile } from '../components/wall-board';

describe('the wall says what each count counts', () => {
  it('shows no absence before any site has passed its shift start plus tolerance', () => {
    render(<AbsentTile absence={{ known: false, absent: 0, sites_known: 0, sites_total: 4 }} />);
    const tile = screen.getByRole('region', { name: 'Tidak Hadir Hari Ini' });
    expect(tile).toHaveTextContent('Menunggu jam masuk');
    expect(tile).toHaveTextContent('Belum check-in setelah jam masuk + toleransi tiap lokasi');
    expect(tile).not.toHaveTextContent('0');
  });

  it('names the sites counted while others still wait for their start', () => {
    render(<AbsentTile absence={{ known: true, absent: 12, sites_known: 1, sites_total: 4 }} />);
    const tile = screen.getByRole('region', { name: 'Tidak Hadir Hari Ini' });
    expect(tile).toHaveTextContent('12');
    expect(tile).toHaveTextContent('1 dari 4 lokasi sudah lewat jam masuk');
    expect(tile).not.toHaveTextContent('Menunggu jam masuk');
  });

  it('says only the rule once every site is counted', () => {
    render(<AbsentTile absence={{ known: true, absent: 3, sites_known: 4, sites_total: 4 }} />);
    const tile = screen.getByRole('region', { name: 'Tidak Hadir Hari Ini' });
    expect(tile).toHaveTextContent('Belum check-in setelah jam masuk + toleransi tiap lokasi');
    expect(tile).not.toHaveTextContent('lokasi sudah lewat');
  });
});
