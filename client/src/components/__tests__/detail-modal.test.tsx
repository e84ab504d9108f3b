import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DetailList } from '../detail-list';
import { DetailModal } from '../detail-modal';

describe('DetailList', () => {
  it('renders label/value pairs as a description list', () => {
    const { container } = render(
      <DetailList
        items={[
          { label: 'Nama', value: 'Ani' },
          { label: 'Lampiran', value: '-' },
        ]}
      />,
    );
    const rows = container.querySelectorAll('dl > div');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('term')).toHaveTextContent('Nama');
    expect(within(rows[0] as HTMLElement).getByRole('definition')).toHaveTextContent('Ani');
  });
});

describe('DetailModal', () => {
  it('is a dialog named by its title, with a skeleton while loading', () => {
    render(<DetailModal show title="Detail Izin" onClose={() => undefined} loading />);
    const dialog = screen.getByRole('dialog', { name: 'Detail Izin' });
    expect(within(dialog).getByRole('status', { name: 'Memuat…' })).toBeInTheDocument();
  });

  it('shows the load error instead of the body', () => {
    render(
      <DetailModal show title="Detail Kehadiran" onClose={() => undefined} error="Detail kehadiran tidak dapat dimuat.">
        <p>isi</p>
      </DetailModal>,
    );
    expect(screen.getByText('Detail kehadiran tidak dapat dimuat.')).toBeInTheDocument();
    expect(screen.queryByText('isi')).not.toBeInTheDocument();
  });

  it('colours the header by tone, and closes from the X and from the named close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <DetailModal show title="Detail Izin" tone="success" headerExtra="Disetujui" closeLabel="Kembali" onClose={onClose}>
        <p>isi</p>
      </DetailModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Detail Izin' });
    expect(dialog.querySelector('.modal-header')).toHaveClass('text-bg-success');
    expect(dialog.querySelector('.modal-header')).toHaveTextContent('Disetujui');
    await user.click(within(dialog).getByRole('button', { name: 'Kembali' }));
    await user.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
