import { act, configure, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { initialListState, type ListState } from '../list';
import { listStateFromParams, listStateToParams, useListPage } from '../use-list-page';

// The machine running CI may be busy: wait on conditions longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const full: ListState = {
  page: 3,
  perPage: 25,
  sort: { column: 'name', dir: 'desc' },
  search: { name: 'lobi', package_id: 'com.x' },
  globalSearch: 'kantor pusat',
};

describe('list state in the URL', () => {
  it('round-trips every part of the state through the protocol names', () => {
    const params = listStateToParams(full, new URLSearchParams('tab=2'));
    expect(params.get('tab')).toBe('2');
    expect(params.get('page')).toBe('3');
    expect(params.get('per_page')).toBe('25');
    expect(JSON.parse(params.get('search') ?? '')).toEqual({ name: 'lobi', package_id: 'com.x' });
    expect(JSON.parse(params.get('order') ?? '')).toEqual({ column: 'name', dir: 'desc' });
    expect(params.get('global_search')).toBe('kantor pusat');
    expect(listStateFromParams(params)).toEqual(full);
  });

  it('leaves defaults and empty searches out of the URL', () => {
    const params = listStateToParams({ ...initialListState(), search: { name: '' } }, new URLSearchParams());
    expect(params.toString()).toBe('');
    expect(listStateFromParams(params)).toEqual(initialListState());
  });

  it('falls back to the defaults for malformed values', () => {
    const params = new URLSearchParams({
      page: '-2',
      per_page: '7',
      search: '{not json',
      order: JSON.stringify({ column: 'name', dir: 'sideways' }),
    });
    expect(listStateFromParams(params, { defaults: { perPage: 50, sort: { column: 'created', dir: 'desc' } } })).toEqual({
      ...initialListState(),
      perPage: 50,
      sort: { column: 'created', dir: 'desc' },
    });
  });

  it('keeps two lists apart with a prefix', () => {
    const params = listStateToParams({ ...initialListState(), page: 2 }, new URLSearchParams('page=4'), { prefix: 'shift_' });
    expect(params.get('page')).toBe('4');
    expect(params.get('shift_page')).toBe('2');
    expect(listStateFromParams(params, { prefix: 'shift_' }).page).toBe(2);
    expect(listStateFromParams(params).page).toBe(4);
  });
});

describe('useListPage', () => {
  it('reads the state from the address and writes changes back into it (replacing the entry)', () => {
    let location: ReturnType<typeof useLocation> | undefined;
    function Probe({ children }: { children?: ReactNode }) {
      location = useLocation();
      return children;
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/list?page=2&global_search=lobi']}>
        <Probe>{children}</Probe>
      </MemoryRouter>
    );
    const { result } = renderHook(() => useListPage(), { wrapper });
    expect(result.current[0]).toEqual({ ...initialListState(), page: 2, globalSearch: 'lobi' });

    act(() => result.current[1](full));
    expect(result.current[0]).toEqual(full);
    expect(location?.pathname).toBe('/list');
    expect(listStateFromParams(new URLSearchParams(location?.search))).toEqual(full);
  });

  it('survives leaving the page and coming Back', async () => {
    const user = userEvent.setup();
    function List() {
      const [state, setState] = useListPage();
      return (
        <>
          <p>halaman {state.page}</p>
          <button type="button" onClick={() => setState({ ...state, page: state.page + 1 })}>
            berikutnya
          </button>
        </>
      );
    }
    const router = createMemoryRouter(
      [
        { path: '/list', element: <List /> },
        { path: '/other', element: <p>lain</p> },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    await user.click(screen.getByRole('button', { name: 'berikutnya' }));
    await user.click(screen.getByRole('button', { name: 'berikutnya' }));
    expect(screen.getByText('halaman 3')).toBeInTheDocument();
    await act(() => router.navigate('/other'));
    expect(screen.getByText('lain')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(screen.getByText('halaman 3')).toBeInTheDocument();
  });
});
