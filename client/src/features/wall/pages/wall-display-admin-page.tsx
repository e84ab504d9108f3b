import { useId, useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { ConfirmPopover } from '@/components/confirm-popover';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { id as t } from '@/i18n/id';
import { formatDateTime } from '@/lib/dates';
import { initialListState } from '@/lib/list';
import {
  useCreateWallDisplay,
  useRevokeWallDisplay,
  useWallDisplays,
  wallUrl,
  type CreatedWallDisplay,
  type WallDisplayRow,
} from '../api/wall-displays';

const text = t.wallAdmin;

function CreatedNotice({ created, onClose }: { created: CreatedWallDisplay; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const linkId = useId();
  const url = wallUrl(created.token);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Without clipboard permission, select the text so Ctrl+C copies it.
      const field = document.getElementById(linkId) as HTMLInputElement | null;
      field?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
  };
  return (
    <div className="alert alert-success" role="region" aria-label={text.createdTitle}>
      <h2 className="h6 mb-1">
        {text.createdTitle}: {created.name}
      </h2>
      <p className="small mb-2">{text.tokenOnce}</p>
      <label className="form-label small mb-1" htmlFor={linkId}>
        {text.link}
      </label>
      <div className="input-group">
        <input id={linkId} className="form-control font-monospace" value={url} readOnly onFocus={(event) => event.target.select()} />
        <Button variant="success" onClick={() => void copy()}>
          <i className={`bi ${copied ? 'bi-clipboard-check' : 'bi-clipboard'} me-1`} aria-hidden="true" />
          {copied ? text.copied : text.copy}
        </Button>
      </div>
      <div className="text-end mt-2">
        <Button size="sm" variant="outline-secondary" onClick={onClose}>
          {text.close}
        </Button>
      </div>
    </div>
  );
}

export function WallDisplayAdminPage({ title, breadcrumb }: RoutePageProps) {
  const [listState, setListState] = useState(() => initialListState());
  const list = useWallDisplays(listState);
  const create = useCreateWallDisplay();
  const revoke = useRevokeWallDisplay();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedWallDisplay | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(text.nameRequired);
      return;
    }
    setNameError(undefined);
    create.mutate(name.trim(), {
      onSuccess: ({ display }) => {
        setCreated(display);
        setName('');
      },
      onError: (error) => {
        const fieldErrors = (error as { errors?: Record<string, string[]> }).errors;
        setNameError(fieldErrors?.name?.[0]);
      },
    });
  };

  const columns: DataTableColumn<WallDisplayRow>[] = [
    { key: 'name', header: text.columns.name, cell: (row) => row.name, sortable: true },
    { key: 'created', header: text.columns.created, cell: (row) => formatDateTime(row.created), sortable: true },
    {
      key: 'last_seen_at',
      header: text.columns.lastSeen,
      cell: (row) => (row.last_seen_at ? formatDateTime(row.last_seen_at) : text.never),
      sortable: true,
    },
    {
      key: 'status',
      header: text.columns.status,
      cell: (row) =>
        row.is_active ? <Badge bg="success">{text.active}</Badge> : <Badge bg="secondary">{text.revoked}</Badge>,
    },
    {
      key: 'actions',
      header: text.columns.actions,
      className: 'text-end',
      cell: (row) =>
        row.is_active ? (
          <ConfirmPopover question={text.revokeQuestion} confirmLabel={text.revoke} onConfirm={() => revoke.mutate(row.hash_id)}>
            {(trigger) => (
              <Button size="sm" variant="outline-danger" aria-label={text.revokeOf(row.name)} {...trigger}>
                {text.revoke}
              </Button>
            )}
          </ConfirmPopover>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div className="card border-0 shadow-sm mb-3">
        <div className="card-body">
          <p className="text-muted small">{text.intro}</p>
          <form className="d-flex flex-wrap align-items-start gap-2" onSubmit={submit} noValidate>
            <TextField
              label={text.name}
              placeholder={text.namePlaceholder}
              value={name}
              maxLength={100}
              error={nameError}
              onChange={(event) => setName(event.target.value)}
              className="flex-grow-1 mb-0"
            />
            <SubmitButton loading={create.isPending} style={{ marginTop: '2rem' }}>
              {text.create}
            </SubmitButton>
          </form>
        </div>
      </div>
      {created ? <CreatedNotice created={created} onClose={() => setCreated(null)} /> : null}
      <div className="card border-0 shadow-sm">
        <div className="card-body">
          <DataTable
            title={text.list}
            columns={columns}
            rows={list.data?.rows}
            rowKey={(row) => row.hash_id}
            total={list.data?.total ?? 0}
            loading={list.isPending}
            state={listState}
            onStateChange={setListState}
            skeletonRows={5}
            emptyText={text.empty}
          />
        </div>
      </div>
    </>
  );
}
