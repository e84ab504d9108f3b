import { AuditHistory } from '@/components/audit-history/audit-history';
import { id as t } from '@/i18n/id';
import { formatDateTime } from '@/lib/dates';
import { isEditableStatus, type AnnouncementDetail, type AnnouncementTag } from '../api/types';
import { StatusBadges, TagBadges } from './announcement-badges';
import { AttachmentLink } from '@/components/attachment-link';
import { displayUrl, parseMoment } from './format';

const text = t.announcement;

/** A published (or not editable) announcement, read-only. The HTML was sanitised by the server. */
export function AnnouncementDetailView({ detail, tags }: { detail: AnnouncementDetail; tags: readonly AnnouncementTag[] | undefined }) {
  const link = displayUrl(detail.url);
  return (
    <div>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h3 className="h5 mb-0 text-break">{detail.title}</h3>
        <StatusBadges row={detail} />
      </div>
      {!isEditableStatus(detail.status) ? <p className="small text-muted mb-2">{text.readOnlyNote}</p> : null}
      <dl className="row small mb-3">
        {detail.published_date ? (
          <>
            <dt className="col-sm-4">{text.publishedDate}</dt>
            <dd className="col-sm-8">{formatDateTime(parseMoment(detail.published_date))}</dd>
          </>
        ) : null}
        <dt className="col-sm-4">{text.creator}</dt>
        <dd className="col-sm-8">
          {detail.creator_user_name || '-'}, {formatDateTime(parseMoment(detail.created))}
        </dd>
        <dt className="col-sm-4">{text.tags}</dt>
        <dd className="col-sm-8">{detail.tag.length > 0 ? <TagBadges values={detail.tag} tags={tags} /> : '-'}</dd>
        {link ? (
          <>
            <dt className="col-sm-4">{text.link}</dt>
            <dd className="col-sm-8 text-break">
              <a href={link} target="_blank" rel="noopener noreferrer nofollow">
                {detail.url_title || link}
              </a>
              <span className="visually-hidden"> {t.common.opensInNewTab}</span>
            </dd>
          </>
        ) : null}
        {detail.attachment ? (
          <>
            <dt className="col-sm-4">{text.attachment}</dt>
            <dd className="col-sm-8">
              <AttachmentLink href={detail.attachment} name={detail.attachment_name} />
            </dd>
          </>
        ) : null}
      </dl>
      <div className="announcement-content border-top pt-3" dangerouslySetInnerHTML={{ __html: detail.content }} />
      <AuditHistory objectType="announcement" objectId={detail.hash_id} />
    </div>
  );
}
