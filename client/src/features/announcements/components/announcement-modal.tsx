import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ConfirmPopover } from '@/components/confirm-popover';
import { GuardedModal } from '@/components/form';
import { LoadingStatus } from '@/components/loading-status';
import { ModalHeading } from '@/components/modal-heading';
import { id as t } from '@/i18n/id';
import { useAnnouncementDetail } from '../api/get-announcement-detail';
import type { AnnouncementPayload } from '../api/save-announcement';
import { isEditableStatus, type AnnouncementTag } from '../api/types';
import { AnnouncementDetailView } from './announcement-detail-view';

// The editor (TipTap, ProseMirror) is most of this screen's code: load it when a form opens.
const AnnouncementForm = lazy(() => import('./announcement-form').then((module) => ({ default: module.AnnouncementForm })));

const text = t.announcement;

function Loading({ titleId, title }: { titleId: string; title: string }) {
  return (
    <>
      <ModalHeading id={titleId}>{title}</ModalHeading>
      <Modal.Body>
        <LoadingStatus>{t.common.loading}</LoadingStatus>
      </Modal.Body>
    </>
  );
}

/** What the modal shows: a new announcement, or an existing one opened from its card. */
export type AnnouncementModalTarget = { kind: 'create' } | { kind: 'open'; hashId: string };

export interface AnnouncementModalProps {
  target: AnnouncementModalTarget | null;
  tags: readonly AnnouncementTag[];
  canUpdate: boolean;
  canDelete: boolean;
  onSave: (payload: AnnouncementPayload) => Promise<unknown>;
  onDelete: (hashId: string) => void;
  onClose: () => void;
}

/**
 * The detail modal (doc1 §2.10): a form for a new announcement or a draft or scheduled one the user may edit,
 * read-only for a published one (or for a user without allow_announcement_update).
 */
export function AnnouncementModal({ target, tags, canUpdate, canDelete, onSave, onDelete, onClose }: AnnouncementModalProps) {
  const titleId = useId();
  const hashId = target?.kind === 'open' ? target.hashId : null;
  const detail = useAnnouncementDetail(hashId);

  useEffect(() => {
    // Deleted meanwhile (here or elsewhere): the error popup said so; nothing left to show.
    if (hashId && detail.isError) onClose();
  }, [hashId, detail.isError, onClose]);

  // Decided once per opened announcement: a draft published elsewhere while its form is open keeps
  // the form (and what was typed); saving then answers 409 with the reason.
  const [formFor, setFormFor] = useState<string | null>(null);
  const opensAsForm = Boolean(hashId && canUpdate && detail.data?.hash_id === hashId && isEditableStatus(detail.data.status));
  useEffect(() => {
    if (!hashId) setFormFor(null);
    else if (opensAsForm && formFor !== hashId) setFormFor(hashId);
  }, [opensAsForm, hashId, formFor]);
  const editable = target?.kind === 'create' || (hashId !== null && (formFor === hashId || opensAsForm));
  let body: ReactNode;
  if (!target) {
    body = null;
  } else if (target.kind === 'create') {
    body = (
      <Suspense fallback={<Loading titleId={titleId} title={text.createTitle} />}>
        <AnnouncementForm detail={null} tags={tags} titleId={titleId} title={text.createTitle} onSubmit={onSave} onCancel={onClose} />
      </Suspense>
    );
  } else if (!detail.data) {
    body = <Loading titleId={titleId} title={text.detailTitle} />;
  } else if (editable) {
    body = (
      <Suspense fallback={<Loading titleId={titleId} title={text.editTitle} />}>
        <AnnouncementForm
          key={detail.data.hash_id}
          detail={detail.data}
          tags={tags}
          titleId={titleId}
          title={text.editTitle}
          onSubmit={onSave}
          onCancel={onClose}
        />
      </Suspense>
    );
  } else {
    const current = detail.data;
    body = (
      <>
        <ModalHeading id={titleId}>{text.detailTitle}</ModalHeading>
        <Modal.Body>
          <AnnouncementDetailView detail={current} tags={tags} />
        </Modal.Body>
        <Modal.Footer>
          {canDelete ? (
            <ConfirmPopover question={text.deleteQuestion} confirmLabel={text.delete} onConfirm={() => onDelete(current.hash_id)}>
              {(trigger) => (
                <Button variant="outline-danger" className="me-auto" {...trigger}>
                  {text.delete}
                </Button>
              )}
            </ConfirmPopover>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            {t.common.close}
          </Button>
        </Modal.Footer>
      </>
    );
  }

  return (
    // A filled form asks before Esc, a click outside or Batal throw it away (DESIGN §18).
    <GuardedModal show={target !== null} onHide={onClose} size="lg" centered aria-labelledby={titleId}>
      {body}
    </GuardedModal>
  );
}
