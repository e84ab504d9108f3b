import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { netBalanceBefore, type LeaveAdjustment } from '../api/leave';
import { LeaveBalancePreview, LeaveModal } from '../components/leave-modal';

const preview = (days: number, saldo: number, hutang = 0) => ({
  jumlah_hari_cuti: days,
  tanggal_aktual_cuti_list: [],
  current_cuti_saldo: saldo,
  cuti_hutang: hutang,
  new_cuti_saldo: saldo - hutang - days,
});

describe('the leave form balances', () => {
  it('writes every balance in the one notation', () => {
    render(<LeaveBalancePreview current="0 hari" preview={preview(2, 0, 1)} fetching={false} />);
    expect(screen.getByTestId('current-balance')).toHaveTextContent('-1 hari (hutang)');
    expect(screen.getByTestId('taken-days')).toHaveTextContent('2 hari');
    expect(screen.getByTestId('new-balance')).toHaveTextContent('-3 hari (hutang)');
    expect(screen.getByText('Saldo negatif dicatat sebagai hutang cuti.')).toBeInTheDocument();
    expect(screen.queryByTestId('zero-days-warning')).not.toBeInTheDocument();
  });

  it('warns before saving a range without a working day (0 hari)', () => {
    render(<LeaveBalancePreview current="12 hari" preview={preview(0, 12)} fetching={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('tidak memuat hari kerja (0 hari)');
    expect(screen.getByTestId('new-balance')).toHaveTextContent('12 hari');
  });

  it('shows no warning while the preview is being computed', () => {
    render(<LeaveBalancePreview current="12 hari" preview={preview(0, 12)} fetching />);
    expect(screen.queryByTestId('zero-days-warning')).not.toBeInTheDocument();
  });
});

describe('a stored leave adjustment', () => {
  const record = {
    code: 'CM-001',
    employee_number_formatted: '0001',
    employee_name: 'Ani',
    start_date: '2026-11-02',
    end_date: '2026-11-03',
    tanggal_aktual_cuti: '2026-11-02, 2026-11-03',
    jumlah_hari_cuti: 2,
    request_date: '2026-11-01',
    description: 'Cuti',
    // The saldo before was 0 with 1 day of debt: the net before is -1, after the 2 days -3.
    current_cuti_saldo: 0,
    new_cuti_saldo: -3,
    created: '2026-11-01 08:00:00',
    creator_user_name: 'HR',
    attachment: '',
    attachment_url: '',
  } as unknown as LeaveAdjustment;

  it('shows the balance before net of its debt, like every other balance', () => {
    expect(netBalanceBefore(record)).toBe(-1);
    render(
      <MemoryRouter>
        <LeaveModal show mode="view" record={record} onClose={() => undefined} onCreate={async () => undefined} />
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Saldo cuti saat ini').nextElementSibling).toHaveTextContent('-1 hari (hutang)');
    expect(within(dialog).getByText('Saldo cuti baru').nextElementSibling).toHaveTextContent('-3 hari (hutang)');
  });
});
