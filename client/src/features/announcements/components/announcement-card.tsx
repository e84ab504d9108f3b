import Button from 'react-bootstrap/Button';
import { ConfirmPopover } from '@/components/confirm-popover';
import { id as t } from '@/i18n/id';
import { formatDateTime } from '@/lib/dates';
import { isEditableStatus, type AnnouncementRow, type AnnouncementTag } from '../api/types';
import { StatusBadges, TagBadges } from './announcement-badges';
import { parseMoment } from './format';

const text = t.announcement;

export interface AnnouncementCardProps {
  row: AnnouncementRow;
  tags: readonly AnnouncementTag[] | undefined;
  canUpdate: boolean;
  canDelete: boolean;
  onOpen: (row: AnnouncementRow) => void;
  onToggleImportant: (row: AnnouncementRow) => void;
  onDelete: (row: AnnouncementRow) => void;
  busy?: boolean;
}

/** One announcement in the grid (doc1 §2.10); the whole card opens its detail. */
export function AnnouncementCard({
  row,
  tags,
  canUpdate,
  canDelete,
  onOpen,
  onToggleImportant,
  onDelete,
  busy,
}: AnnouncementCardProps) {
  const editable = isEditableStatus(row.status);
  return (
    <article className="card h-100 border-0 shadow-sm announcement-card" aria-label={row.title}>
      <div className="card-body d-flex flex-column gap-2">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <h2 className="h6 mb-0 text-break">
            <button type="button" className="btn btn-link p-0 text-start text-reset fw-semibold stretched-link" onClick={() => onOpen(row)}>
              {row.title}
            </button>
          </h2>
          <StatusBadges row={row} />
        </div>
        <p className="small text-muted mb-0">
          <time dateTime={row.created.replace(' ', 'T')}>{formatDateTime(parseMoment(row.created))}</time>
          {row.status === 'scheduled' ? (
            <span className="d-block">{text.scheduledAt(formatDateTime(parseMoment(row.published_date)))}</span>
          ) : null}
        </p>
        <p className="mb-0 flex-grow-1 text-break">{row.snippet}</p>
        <TagBadges values={row.tag} tags={tags} />
      </div>
      {canUpdate || canDelete ? (
        <div className="card-footer bg-transparent border-0 pt-0 d-flex justify-content-end gap-1 position-relative announcement-card-actions">
          {canUpdate ? (
            <Button
              size="sm"
              variant={row.is_important ? 'warning' : 'outline-secondary'}
              aria-pressed={Boolean(row.is_important)}
              aria-label={row.is_important ? text.unmarkImportant(row.title) : text.markImportant(row.title)}
              title={text.important}
              disabled={busy}
              onClick={() => onToggleImportant(row)}
            >
              <i className={`bi ${row.is_important ? 'bi-star-fill' : 'bi-star'}`} aria-hidden="true" />
            </Button>
          ) : null}
          {canUpdate && editable ? (
            <Button size="sm" variant="outline-primary" aria-label={text.editOf(row.title)} title={text.edit} onClick={() => onOpen(row)}>
              <i className="bi bi-pencil" aria-hidden="true" />
            </Button>
          ) : null}
          {canDelete ? (
            <ConfirmPopover question={text.deleteQuestion} confirmLabel={text.delete} onConfirm={() => onDelete(row)}>
              {(trigger) => (
                <Button size="sm" variant="outline-danger" aria-label={text.deleteOf(row.title)} title={text.delete} disabled={busy} {...trigger}>
                  <i className="bi bi-trash" aria-hidden="true" />
                </Button>
              )}
            </ConfirmPopover>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** A card-shaped placeholder while the page loads (9 of them, doc1 §2.10). */
export function AnnouncementCardSkeleton() {
  return (
    <div className="card h-100 border-0 shadow-sm placeholder-glow" aria-hidden="true">
      <div className="card-body">
        <span className="placeholder col-8 rounded mb-2 d-block" />
        <span className="placeholder col-4 rounded mb-3 d-block" />
        <span className="placeholder col-12 rounded mb-1 d-block" />
        <span className="placeholder col-10 rounded mb-3 d-block" />
        <span className="placeholder col-3 rounded d-block" />
      </div>
    </div>
  );
}
