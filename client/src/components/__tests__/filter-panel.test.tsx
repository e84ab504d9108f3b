import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterPanel } from '../filter-panel';

function setWidth(small: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: small && query.includes('max-width: 991.98px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}

function Fields() {
  return (
    <label>
      Status
      <select defaultValue="">
        <option value="">Semua</option>
      </select>
    </label>
  );
}

describe('FilterPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the fields in a region above the list on a wide screen', () => {
    setWidth(false);
    render(
      <FilterPanel title="Filter" activeCount={2}>
        <Fields />
      </FilterPanel>,
    );
    expect(screen.getByRole('region', { name: 'Filter' })).toContainElement(screen.getByLabelText('Status'));
    expect(screen.queryByRole('button', { name: /Filter/ })).not.toBeInTheDocument();
  });

  it('collapses into a button with the active count that opens a drawer on a small screen', async () => {
    setWidth(true);
    const user = userEvent.setup();
    const reset = vi.fn();
    render(
      <FilterPanel title="Filter" activeCount={2} onReset={reset}>
        <Fields />
      </FilterPanel>,
    );
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter, 2 filter aktif' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filter' });
    expect(drawer).toContainElement(screen.getByLabelText('Status'));
    await user.click(screen.getAllByRole('button', { name: 'Atur ulang' })[0]);
    expect(reset).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Lihat hasil' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
