import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '../form/fields';
import { requiredText } from '../form/validation';
import { CrudPage } from '../crud-page';
import type { ListPage, ListParams } from '@/lib/list';

// The machine running CI may be busy: wait on conditions longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

interface Row {
  hash_id: string;
  name: string;
}
const schema = z.object({ name: requiredText('Nama harus diisi') });
type Values = z.input<typeof schema>;
const empty: Values = { name: '' };
const toValues = (row: Row): Values => ({ name: row.name });

function Location() {
  return <output aria-label="alamat">{useLocation().search}</output>;
}

function renderPage(
  overrides: {
    create?: () => Promise<{ message?: string }>;
    update?: () => Promise<{ message?: string }>;
    firstPageAfterWrite?: boolean;
    canCreate?: boolean;
    canUpdate?: boolean;
    canDelete?: boolean;
  } = {},
) {
  const rows: Row[] = [
    { hash_id: 'a', name: 'Lobi' },
    { hash_id: 'b', name: 'Gudang' },
  ];
  const fetchList = vi.fn((params: ListParams): Promise<ListPage<Row>> => {
    void params;
    return Promise.resolve({ rows, total: 30, recordsTotal: 30 });
  });
  const create = vi.fn(overrides.create ?? (() => Promise.resolve({ message: 'Data berhasil disimpan.' })));
  const update = vi.fn(overrides.update ?? (() => Promise.resolve({ message: 'Data berhasil diperbarui.' })));
  const remove = vi.fn(() => Promise.resolve({ message: 'Data berhasil dihapus.' }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/things?page=2']}>
        <Routes>
          <Route
            path="/things"
            element={
              <>
                <CrudPage<Row, Values, z.output<typeof schema>>
                  title="Barang"
                  tableTitle="Daftar barang"
                  columns={[{ key: 'name', header: 'Nama', cell: (row) => row.name, sortable: true }]}
                  rowKey={(row) => row.hash_id}
                  queryKey={['things']}
                  fetchList={fetchList}
                  modalTitle="Barang"
                  schema={schema}
                  emptyValues={empty}
                  toValues={toValues}
                  fields={() => <TextField<Values> name="name" label="Nama" required />}
                  create={create}
                  update={update}
                  remove={remove}
                  rowDelete={{ label: 'Hapus', labelOf: (row) => `Hapus ${row.name}` }}
                  firstPageAfterWrite={overrides.firstPageAfterWrite}
                  canCreate={overrides.canCreate}
                  canUpdate={overrides.canUpdate}
                  canDelete={overrides.canDelete}
                />
                <Location />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchList, create, update, remove };
}

describe('CrudPage', () => {
  it('lists the page named in the URL and writes table changes back to it', async () => {
    const user = userEvent.setup();
    const { fetchList } = renderPage();
    expect(await screen.findByRole('cell', { name: 'Lobi' })).toBeInTheDocument();
    expect(fetchList).toHaveBeenCalledWith({ page: 2, per_page: 10 }, expect.anything());
    await user.click(screen.getByRole('button', { name: 'Nama' }));
    await waitFor(() =>
      expect(fetchList).toHaveBeenLastCalledWith({ page: 1, per_page: 10, order: '{"column":"name","dir":"asc"}' }, expect.anything()),
    );
    expect(screen.getByRole('status', { name: 'alamat' })).toHaveTextContent('order=');
  });

  it('Tambah opens the add form; Simpan creates and closes', async () => {
    const user = userEvent.setup();
    const { create, fetchList } = renderPage();
    await screen.findByRole('cell', { name: 'Lobi' });
    await user.click(screen.getByRole('button', { name: 'Tambah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Barang' });
    await user.type(within(dialog).getByLabelText(/Nama/), 'Kantin');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith({ name: 'Kantin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(fetchList.mock.calls.length).toBeGreaterThan(1));
  });

  it('a row opens in view mode; Ubah then Perbarui updates that row', async () => {
    const user = userEvent.setup();
    const { update } = renderPage();
    await user.click(await screen.findByRole('cell', { name: 'Gudang' }));
    const dialog = await screen.findByRole('dialog', { name: 'Barang' });
    expect(within(dialog).getByLabelText(/Nama/)).toHaveValue('Gudang');
    await user.click(within(dialog).getByRole('button', { name: 'Ubah' }));
    await user.clear(within(dialog).getByLabelText(/Nama/));
    await user.type(within(dialog).getByLabelText(/Nama/), 'Gudang Baru');
    await user.click(within(dialog).getByRole('button', { name: 'Perbarui' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ hash_id: 'b', name: 'Gudang' }, { name: 'Gudang Baru' }));
  });

  it('without the _create/_update/_delete flags there is no Tambah, Ubah or Hapus', async () => {
    const user = userEvent.setup();
    renderPage({ canCreate: false, canUpdate: false, canDelete: false });
    await user.click(await screen.findByRole('cell', { name: 'Lobi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Barang' });
    expect(within(dialog).getByLabelText(/Nama/)).toHaveValue('Lobi');
    expect(within(dialog).queryByRole('button', { name: 'Ubah' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Hapus' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tambah', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hapus Lobi', hidden: true })).not.toBeInTheDocument();
  });

  it('with firstPageAfterWrite a save goes back to page 1', async () => {
    const user = userEvent.setup();
    const { fetchList } = renderPage({ firstPageAfterWrite: true });
    await user.click(await screen.findByRole('cell', { name: 'Gudang' }));
    const dialog = await screen.findByRole('dialog', { name: 'Barang' });
    await user.click(within(dialog).getByRole('button', { name: 'Ubah' }));
    await user.click(within(dialog).getByRole('button', { name: 'Perbarui' }));
    await waitFor(() => expect(fetchList).toHaveBeenLastCalledWith({ page: 1, per_page: 10 }, expect.anything()));
    expect(screen.getByRole('status', { name: 'alamat' })).toBeEmptyDOMElement();
  });

  it("a row's delete button asks first and does not open the row", async () => {
    const user = userEvent.setup();
    const { remove } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Hapus Lobi' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Hapus data?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ hash_id: 'a', name: 'Lobi' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a re-render while editing (inline props, a live refetch) keeps what is typed', async () => {
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetchList = () => Promise.resolve({ rows: [{ hash_id: 'a', name: 'Lobi' }], total: 1, recordsTotal: 1 });
    function Screen() {
      const [renders, setRenders] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setRenders(renders + 1)}>
            render ulang {renders}
          </button>
          <CrudPage<Row, Values, z.output<typeof schema>>
            title="Barang"
            tableTitle="Daftar barang"
            columns={[{ key: 'name', header: 'Nama', cell: (row) => row.name }]}
            rowKey={(row) => row.hash_id}
            queryKey={['things']}
            fetchList={fetchList}
            modalTitle="Barang"
            schema={schema}
            emptyValues={{ name: '' }}
            toValues={(row) => ({ name: row.name })}
            fields={() => <TextField<Values> name="name" label="Nama" />}
            update={() => Promise.resolve({})}
          />
        </>
      );
    }
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Screen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('cell', { name: 'Lobi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Barang' });
    await user.click(within(dialog).getByRole('button', { name: 'Ubah' }));
    await user.clear(within(dialog).getByLabelText('Nama'));
    await user.type(within(dialog).getByLabelText('Nama'), 'Lobi Barat');
    fireEvent.click(screen.getByRole('button', { name: /render ulang/, hidden: true }));
    await client.invalidateQueries();
    expect(await screen.findByRole('button', { name: 'render ulang 1', hidden: true })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nama')).toHaveValue('Lobi Barat');
  });

  it('with fetchDetail the modal waits for the record, then shows it', async () => {
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let resolveDetail: (values: Values) => void = () => undefined;
    const fetchDetail = vi.fn(() => new Promise<Values>((resolve) => (resolveDetail = resolve)));
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <CrudPage<Row, Values, z.output<typeof schema>>
            title="Barang"
            tableTitle="Daftar barang"
            columns={[{ key: 'name', header: 'Nama', cell: (row) => row.name }]}
            rowKey={(row) => row.hash_id}
            queryKey={['things']}
            fetchList={() => Promise.resolve({ rows: [{ hash_id: 'a', name: 'Lobi' }], total: 1, recordsTotal: 1 })}
            modalTitle="Barang"
            schema={schema}
            emptyValues={empty}
            toValues={toValues}
            fetchDetail={fetchDetail}
            fields={() => <TextField<Values> name="name" label="Nama" />}
            update={() => Promise.resolve({})}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('cell', { name: 'Lobi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Barang' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Memuat data…');
    expect(within(dialog).getByRole('button', { name: 'Ubah' })).toBeDisabled();
    expect(fetchDetail).toHaveBeenCalledWith({ hash_id: 'a', name: 'Lobi' });
    resolveDetail({ name: 'Lobi dari detail' });
    await waitFor(() => expect(within(dialog).getByLabelText('Nama')).toHaveValue('Lobi dari detail'));
    expect(within(dialog).getByRole('button', { name: 'Ubah' })).toBeEnabled();
  });
});
