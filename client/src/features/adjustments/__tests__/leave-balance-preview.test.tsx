import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeaveBalancePreview } from '../components/leave-modal';

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
