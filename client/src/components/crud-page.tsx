import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { CardPanel } from '@/components/card-panel';
import { ConfirmPopover } from '@/components/confirm-popover';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FormModal, type FormModalMode } from '@/components/form/form-modal';
import { PageHeader } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import type { ListPage, ListParams } from '@/lib/list';
import { useListQuery } from '@/lib/list-query';
import { ApiError } from '@/lib/api-client';
import { showError, showSuccess } from '@/lib/notifications';
import { useTopic } from '@/lib/realtime';
import type { ListPageOptions } from '@/lib/use-list-page';

/**
 * A list-and-record screen: page header, a 'Tambah' button, the DataTable (its state in the URL,
 * `useListPage`), the FormModal opened by a row (view → Ubah → edit) or by 'Tambah' (add), and an
 * optional per-row delete button behind a ConfirmPopover (shown where `canDelete` allows).
 *
 * A row's form values come from `toValues(row)`, or from `fetchDetail(row)` when the list row is not
 * enough (the modal shows a spinner meanwhile; a failed fetch closes it, the error popup says why).
 *
 * Writes return the server's envelope: its `message` is shown as the success toast, then every query
 * under `queryKey` is invalidated. Make the write requests with `errorPopup: false`: a failed save
 * shows its messages in the modal (on the fields), a failed row delete in the error popup.
 * With `topic`, the page subscribes to it while open and events on it refetch the list without a
 * reload: put the topic name first in `queryKey` (the realtime dispatcher invalidates `[topic]` for
 * topics without their own handlers).
 *
 * Permissions come in as booleans: `{...crudPermissions(session.access, 'allow_blacklist_app')}`
 * (`@/lib/access`) gives canCreate / canUpdate / canDelete from the _create/_update/_delete flags.
 */
export interface CrudRowAction<Row> {
  /** Button text, e.g. 'Hapus' */
  label: string;
  /** Accessible name of one row's button, e.g. `Hapus ${row.name}` */
  labelOf: (row: Row) => string;
  question?: string;
  /** Header of the column (default 'Aksi'). */
  header?: string;
}

export interface CrudWriteResult {
  message?: string;
}

export interface CrudPageProps<Row, Input extends FieldValues, Output> {
  title: string;
  /** false: no page header (the screen draws its own, e.g. around a side menu). */
  header?: boolean;
  breadcrumb?: readonly string[];
  /** Shown above the table (an intro text, a notice). */
  children?: ReactNode;

  tableTitle: string;
  columns: DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Invalidated after every write; start it with `topic` when the list is live. */
  queryKey: QueryKey;
  fetchList: (params: ListParams, signal: AbortSignal) => Promise<ListPage<Row>>;
  listOptions?: ListPageOptions;
  topic?: string;
  emptyText?: string;
  skeletonRows?: number;
  rowClassName?: (row: Row) => string | undefined;

  modalTitle: string;
  modalSize?: 'sm' | 'lg' | 'xl';
  schema: z.ZodType<Output, Input>;
  /** The add form's values. */
  emptyValues: Input;
  /** A row's values for view/edit. */
  toValues: (row: Row) => Input;
  /** Loads a row's values from the server instead (e.g. `GET <entity>/detail/<hash_id>`). */
  fetchDetail?: (row: Row) => Promise<Input>;
  /** The fields, for the mode and the open row (null when adding). */
  fields: (mode: FormModalMode, row: Row | null) => ReactNode;

  create?: (values: Output) => Promise<CrudWriteResult>;
  update?: (row: Row, values: Output) => Promise<CrudWriteResult>;
  remove?: (row: Row) => Promise<CrudWriteResult>;
  canCreate?: boolean;
  canUpdate?: boolean | ((row: Row) => boolean);
  canDelete?: boolean | ((row: Row) => boolean);
  createLabel?: string;
  /** Texts of the delete step in the modal (default Hapus / 'Hapus data?'). */
  deleteLabel?: string;
  deleteQuestion?: string;
  /** A delete button on each row too (it asks first, like the modal's). */
  rowDelete?: CrudRowAction<Row>;
  /** Back to page 1 after every create, update and delete (doc3 §4: user login, announcements). */
  firstPageAfterWrite?: boolean;
}

type Open<Row, Input> = { mode: FormModalMode; row: Row | null; values: Input; loading: boolean } | null;

const allowed = <Row,>(rule: boolean | ((row: Row) => boolean) | undefined, row: Row | null) =>
  row !== null && (typeof rule === 'function' ? rule(row) : rule !== false);

/** The toolbar's 'Tambah' button (a plus icon before the label). */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button size="sm" variant="primary" onClick={onClick}>
      <i className="bi bi-plus-lg me-1" aria-hidden="true" />
      {children}
    </Button>
  );
}

export function CrudPage<Row, Input extends FieldValues, Output>(props: CrudPageProps<Row, Input, Output>) {
  const {
    title,
    header = true,
    breadcrumb,
    children,
    tableTitle,
    columns,
    rowKey,
    queryKey,
    fetchList,
    listOptions,
    topic,
    emptyText,
    skeletonRows,
    rowClassName,
    modalTitle,
    modalSize,
    schema,
    emptyValues,
    toValues,
    fetchDetail,
    fields,
    create,
    update,
    remove,
    canCreate = true,
    canUpdate,
    canDelete,
    createLabel = t.form.add,
    deleteLabel,
    deleteQuestion,
    rowDelete,
    firstPageAfterWrite = false,
  } = props;
  const queryClient = useQueryClient();
  const { state: listState, setState: setListState, table } = useListQuery(queryKey, fetchList, listOptions);
  useTopic(topic);
  // The form's values are taken once per opening: a re-render (a live refetch) never resets what is typed.
  const [open, setOpen] = useState<Open<Row, Input>>(null);
  const [shown, setShown] = useState(false);

  const afterWrite = (result: CrudWriteResult) => {
    if (result.message) showSuccess(result.message);
    if (firstPageAfterWrite && listState.page !== 1) setListState({ ...listState, page: 1 });
    void queryClient.invalidateQueries({ queryKey });
  };
  const openModal = (mode: FormModalMode, row: Row | null) => {
    const loading = Boolean(row && fetchDetail);
    setOpen({ mode, row, values: row && !fetchDetail ? toValues(row) : emptyValues, loading });
    setShown(true);
    if (!row || !fetchDetail) return;
    fetchDetail(row).then(
      (values) => setOpen((current) => (current?.row === row ? { ...current, values, loading: false } : current)),
      () => setShown(false),
    );
  };

  const row = open?.row ?? null;
  const deleteRow = async (target: Row) => {
    if (!remove) return;
    afterWrite(await remove(target));
  };

  const tableColumns: DataTableColumn<Row>[] =
    rowDelete && remove
      ? [
          ...columns,
          {
            key: '__actions',
            header: rowDelete.header ?? t.form.actions,
            className: 'text-end',
            cell: (target) =>
              allowed(canDelete, target) ? (
                <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
                  <ConfirmPopover
                    question={rowDelete.question ?? t.form.deleteQuestion}
                    confirmLabel={rowDelete.label}
                    onConfirm={() =>
                      void deleteRow(target).catch((error: unknown) => {
                        showError(error instanceof ApiError ? error.message : t.errors.generic);
                      })
                    }
                  >
                    {(trigger) => (
                      <Button size="sm" variant="outline-danger" aria-label={rowDelete.labelOf(target)} {...trigger}>
                        {rowDelete.label}
                      </Button>
                    )}
                  </ConfirmPopover>
                </span>
              ) : null,
          },
        ]
      : columns;

  return (
    <>
      {header ? <PageHeader title={title} breadcrumb={breadcrumb} /> : null}
      {children}
      <CardPanel>
        <DataTable
          title={tableTitle}
          columns={tableColumns}
          rowKey={rowKey}
          {...table}
          onRowClick={(target) => openModal('view', target)}
          rowClassName={rowClassName}
          skeletonRows={skeletonRows}
          emptyText={emptyText}
          toolbar={
            create && canCreate ? (
              <AddButton onClick={() => openModal('add', null)}>{createLabel}</AddButton>
            ) : null
          }
        />
      </CardPanel>
      <FormModal
        show={shown}
        mode={open?.mode ?? 'add'}
        onModeChange={(mode) => setOpen((current) => (current ? { ...current, mode } : current))}
        onClose={() => setShown(false)}
        title={modalTitle}
        size={modalSize}
        schema={schema}
        values={open?.values ?? emptyValues}
        loading={open?.loading ?? false}
        canEdit={Boolean(update) && allowed(canUpdate, row)}
        canDelete={Boolean(remove) && allowed(canDelete, row)}
        deleteLabel={deleteLabel}
        deleteQuestion={deleteQuestion}
        onDelete={row && remove ? () => deleteRow(row) : undefined}
        onSubmit={async (parsed, mode) => {
          const write = mode === 'edit' && row && update ? update(row, parsed) : create?.(parsed);
          if (!write) return;
          const result = await write;
          afterWrite(result);
        }}
      >
        {(mode) => fields(mode, row)}
      </FormModal>
    </>
  );
}
