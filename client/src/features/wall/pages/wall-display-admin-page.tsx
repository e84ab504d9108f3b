import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { z } from 'zod';
import { CrudPage } from '@/components/crud-page';
import type { DataTableColumn } from '@/components/data-table';
import { requiredText, TextField } from '@/components/form';
import type { RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { crudPermissions } from '@/lib/access';
import { formatDateTime, formatTableDateTime } from '@/lib/dates';
import { useSession } from '@/lib/session';
import {
  createWallDisplay,
  fetchWallDisplays,
  revokeWallDisplay,
  updateWallDisplay,
  WALL_DISPLAY_TOPIC,
  wallDisplayKeys,
  wallUrl,
  type CreatedWallDisplay,
  type WallDisplayRow,
  type WallDisplayValues,
} from '../api/wall-displays';

/**
 * Sistem Administrasi > Tampilan Dinding, the reference screen of the client kit (client/README.md,
 * "Adding a screen"): CrudPage with the list in the URL, FormModal to add (the token is shown once
 * after Simpan), view, rename and revoke, live through the `wall_display` topic.
 */

const text = t.wallAdmin;

// The length limit is the server's ('Nama layar maksimal 100 karakter.', shown on the field).
const schema = z.object({ name: requiredText(text.nameRequired) });
const emptyValues: WallDisplayValues = { name: '' };
const toValues = (row: WallDisplayRow): WallDisplayValues => ({ name: row.name });
const isActive = (row: WallDisplayRow) => row.is_active === 1;

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

function StatusBadge({ row }: { row: WallDisplayRow }) {
  return isActive(row) ? <Badge bg="success">{text.active}</Badge> : <Badge bg="secondary">{text.revoked}</Badge>;
}

const columns: DataTableColumn<WallDisplayRow>[] = [
  { key: 'name', header: text.columns.name, cell: (row) => row.name, sortable: true, searchable: true },
  { key: 'created', header: text.columns.created, cell: (row) => formatTableDateTime(row.created), sortable: true },
  {
    key: 'last_seen_at',
    header: text.columns.lastSeen,
    cell: (row) => (row.last_seen_at ? formatTableDateTime(row.last_seen_at) : text.never),
    sortable: true,
  },
  { key: 'status', header: text.columns.status, cell: (row) => <StatusBadge row={row} /> },
];

function Details({ row }: { row: WallDisplayRow }) {
  return (
    <dl className="row small mb-0">
      <dt className="col-5">{text.columns.created}</dt>
      <dd className="col-7">{formatDateTime(row.created)}</dd>
      <dt className="col-5">{text.createdBy}</dt>
      <dd className="col-7">{row.created_by_name || '-'}</dd>
      <dt className="col-5">{text.columns.lastSeen}</dt>
      <dd className="col-7">{row.last_seen_at ? formatDateTime(row.last_seen_at) : text.never}</dd>
      <dt className="col-5">{text.columns.status}</dt>
      <dd className="col-7">
        <StatusBadge row={row} />
      </dd>
    </dl>
  );
}

export function WallDisplayAdminPage({ title, breadcrumb }: RoutePageProps) {
  const [created, setCreated] = useState<CreatedWallDisplay | null>(null);
  const { canCreate, canUpdate, canDelete } = crudPermissions(useSession().access, 'allow_user_login');
  return (
    <CrudPage<WallDisplayRow, WallDisplayValues, z.output<typeof schema>>
      title={title}
      breadcrumb={breadcrumb}
      tableTitle={text.list}
      columns={columns}
      rowKey={(row) => row.hash_id}
      queryKey={wallDisplayKeys.all}
      topic={WALL_DISPLAY_TOPIC}
      fetchList={fetchWallDisplays}
      skeletonRows={5}
      emptyText={text.empty}
      modalTitle={text.modalTitle}
      schema={schema}
      emptyValues={emptyValues}
      toValues={toValues}
      createLabel={text.create}
      create={async (values) => {
        const result = await createWallDisplay(values);
        setCreated(result.display);
        return result;
      }}
      update={updateWallDisplay}
      remove={revokeWallDisplay}
      canCreate={canCreate}
      canUpdate={(row) => canUpdate && isActive(row)}
      canDelete={(row) => canDelete && isActive(row)}
      deleteLabel={text.revoke}
      deleteQuestion={text.revokeQuestion}
      rowDelete={{ label: text.revoke, labelOf: (row) => text.revokeOf(row.name), question: text.revokeQuestion }}
      fields={(mode, row) => (
        <>
          <TextField<WallDisplayValues>
            name="name"
            label={text.name}
            placeholder={text.namePlaceholder}
            hint={mode === 'view' ? undefined : text.nameHint}
            required
            autoFocus={mode === 'add'}
          />
          {row && mode !== 'add' ? <Details row={row} /> : null}
        </>
      )}
    >
      <p className="text-muted small">{text.intro}</p>
      {created ? <CreatedNotice created={created} onClose={() => setCreated(null)} /> : null}
    </CrudPage>
  );
}
