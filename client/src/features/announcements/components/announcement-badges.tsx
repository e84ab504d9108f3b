import Badge from 'react-bootstrap/Badge';
import { id as t } from '@/i18n/id';
import type { AnnouncementRow, AnnouncementTag } from '../api/types';
import { tagLabel } from './format';

const text = t.announcement;

export function StatusBadges({ row }: { row: AnnouncementRow }) {
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {row.is_important ? (
        <Badge bg="warning" text="dark">
          <i className="bi bi-star-fill me-1" aria-hidden="true" />
          {text.important}
        </Badge>
      ) : null}
      {row.status === 'draft' ? <Badge bg="secondary">{text.draft}</Badge> : null}
      {row.status === 'scheduled' ? <Badge bg="info" text="dark">{text.scheduled}</Badge> : null}
      {row.status === 'published' ? <Badge bg="success">{text.published}</Badge> : null}
    </span>
  );
}

export function TagBadges({ values, tags }: { values: readonly string[]; tags: readonly AnnouncementTag[] | undefined }) {
  if (values.length === 0) return null;
  return (
    <ul className="list-inline mb-0" aria-label={text.tags}>
      {values.map((value) => (
        <li key={value} className="list-inline-item me-1">
          <Badge bg="light" text="dark" className="border">
            {tagLabel(value, tags)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
