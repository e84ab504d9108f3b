import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../sidebar';

const everything = Object.fromEntries(
  ['allow_adjustment', 'allow_permission', 'allow_report', 'allow_user_level'].map((flag) => [flag, 1]),
);

function renderSidebar(collapsed = false) {
  const element = <Sidebar access={everything} collapsed={collapsed} mobileOpen={false} onCloseMobile={() => {}} />;
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '*', element },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return within(screen.getByRole('navigation', { name: 'Menu utama' }));
}

describe('Sidebar', () => {
  it('keeps only one group open at a time', async () => {
    const user = userEvent.setup();
    const nav = renderSidebar();
    const adjustment = nav.getByRole('button', { name: 'Penyesuaian' });
    const report = nav.getByRole('button', { name: 'Laporan' });
    expect(adjustment).toHaveAttribute('aria-expanded', 'false');
    await user.click(adjustment);
    expect(adjustment).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: 'Daftar Cuti Manual' })).toBeVisible();
    await user.click(report);
    expect(report).toHaveAttribute('aria-expanded', 'true');
    expect(adjustment).toHaveAttribute('aria-expanded', 'false');
    expect(nav.queryByRole('link', { name: 'Daftar Cuti Manual' })).not.toBeInTheDocument();
  });

  it('closes every group on a route change and marks the entry active', async () => {
    const user = userEvent.setup();
    const nav = renderSidebar();
    await user.click(nav.getByRole('button', { name: 'Laporan' }));
    await user.click(nav.getByRole('link', { name: 'Laporan Detail' }));
    expect(nav.getByRole('button', { name: 'Laporan' })).toHaveAttribute('aria-expanded', 'false');
    expect(nav.getByRole('button', { name: 'Laporan' })).toHaveClass('active');
  });

  it('closes the groups when the pointer leaves a collapsed sidebar', async () => {
    const user = userEvent.setup();
    const nav = renderSidebar(true);
    await user.click(nav.getByRole('button', { name: 'Persetujuan' }));
    expect(nav.getByRole('button', { name: 'Persetujuan' })).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseLeave(screen.getByRole('navigation', { name: 'Menu utama' }));
    expect(nav.getByRole('button', { name: 'Persetujuan' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the guide in a new tab', () => {
    const nav = renderSidebar();
    const guide = nav.getByRole('link', { name: /Panduan/ });
    expect(guide).toHaveAttribute('href', '/panduan');
    expect(guide).toHaveAttribute('target', '_blank');
  });
});
