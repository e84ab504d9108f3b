import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { focusMainContent, useHeadingFocusOnNavigation } from '../route-focus';

function Shell({ pathname, title }: { pathname: string; title: string | null }) {
  useHeadingFocusOnNavigation(pathname);
  return (
    <>
      <a href="#main-content">menu</a>
      <main id="main-content" tabIndex={-1}>
        {title ? <h1 key={pathname}>{title}</h1> : <p>Memuat…</p>}
      </main>
    </>
  );
}

describe('focus after navigation', () => {
  it('leaves the first page alone, then focuses each new page heading once it arrives', async () => {
    const { rerender } = render(<Shell pathname="/a" title="Halaman A" />);
    expect(document.body).toHaveFocus();

    rerender(<Shell pathname="/b" title={null} />);
    expect(document.body).toHaveFocus();
    rerender(<Shell pathname="/b" title="Halaman B" />);
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Halaman B' })).toHaveFocus();
  });

  it('sends the skip link to the heading, or to main while there is none', () => {
    const { rerender } = render(<Shell pathname="/a" title={null} />);
    focusMainContent();
    expect(screen.getByRole('main')).toHaveFocus();
    rerender(<Shell pathname="/a" title="Halaman A" />);
    focusMainContent();
    expect(screen.getByRole('heading', { name: 'Halaman A' })).toHaveFocus();
  });
});
