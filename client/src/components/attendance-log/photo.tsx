import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { AuthImage } from '@/components/auth-image';
import { id as t } from '@/i18n/id';
import './photo.css';

const p = t.attendanceLog.photoPreview;
const PREVIEW_SIZE = 240;
// A pointer passing over the rows does not flash every row's preview.
const HOVER_DELAY_MS = 250;

/** A log's round photo: the employee's profile photo, or with `selfie` the photo taken at the check-in. */
export function LogPhoto({ name, src, size, selfie = false }: { name: string; src: string; size: number; selfie?: boolean }) {
  const alt = selfie ? t.attendanceLog.logPhotoOf(name) : t.attendanceLog.employeePhotoOf(name);
  return <AuthImage src={src} alt={alt} name={name} size={size} shape="circle" />;
}

export interface LogPhotoPreviewProps {
  name: string;
  /** The employee's reference photo (the profile photo the face match compares with). */
  referenceSrc: string;
  /** The photo taken at the check-in. */
  logSrc: string;
  size?: number;
}

/**
 * A row's two small photos as one button: hovering, focusing or clicking it (a tap on a phone) opens both
 * large, the employee's reference photo beside the check-in's, without leaving the row; Escape, the
 * pointer leaving or the focus moving on closes it. The click and the keys stay in the cell (the row's
 * own open the detail).
 */
export function LogPhotoPreview({ name, referenceSrc, logSrc, size = 40 }: LogPhotoPreviewProps) {
  const id = useId();
  const [show, setShow] = useState(false);
  const target = useRef<HTMLButtonElement | null>(null);
  const hover = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hover.current), []);
  const open = () => {
    clearTimeout(hover.current);
    setShow(true);
  };
  const close = () => {
    clearTimeout(hover.current);
    setShow(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && show) {
      event.stopPropagation();
      close();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.stopPropagation();
    }
  };
  return (
    <>
      <button
        ref={target}
        type="button"
        className="log-photo-trigger"
        aria-expanded={show}
        aria-describedby={show ? id : undefined}
        onMouseEnter={() => {
          clearTimeout(hover.current);
          hover.current = setTimeout(open, HOVER_DELAY_MS);
        }}
        onMouseLeave={close}
        onFocus={open}
        onBlur={close}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          event.stopPropagation();
          open();
        }}
      >
        {/* Named by its text, not an aria-label: a photo still missing shows initials, visible text
            an aria-label would not contain. */}
        <span className="visually-hidden">{p.open(name)}</span>
        <span className="d-inline-flex gap-1" aria-hidden="true">
          <LogPhoto name={name} src={referenceSrc} size={size} />
          <LogPhoto name={name} src={logSrc} size={size} selfie />
        </span>
      </button>
      {/* Inside the page's main landmark, placed fixed: never clipped by the table's scrolling box. */}
      <Overlay
        target={target.current}
        show={show}
        placement="auto"
        flip
        container={() => target.current?.closest('main') ?? document.body}
        popperConfig={{ strategy: 'fixed' }}
      >
        <Popover id={id} className="log-photo-preview">
          <Popover.Body>
            <p className="fw-semibold mb-2">{p.title(name)}</p>
            <div className="log-photo-preview-figures">
              <figure>
                <AuthImage src={referenceSrc} alt={p.reference} name={name} size={PREVIEW_SIZE} />
                <figcaption className="small text-muted mt-1">{referenceSrc ? p.reference : p.noReference}</figcaption>
              </figure>
              <figure>
                <AuthImage src={logSrc} alt={p.log} name={name} size={PREVIEW_SIZE} />
                <figcaption className="small text-muted mt-1">{p.log}</figcaption>
              </figure>
            </div>
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}
