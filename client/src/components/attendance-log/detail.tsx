import { lazy, Suspense, useState, type ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { AuditHistory } from '@/components/audit-history/audit-history';
import { AuthImage } from '@/components/auth-image';
import { Skeleton } from '@/components/skeleton';
import { id as t } from '@/i18n/id';
import { formatDate, formatTime } from '@/lib/dates';
import { LocationBadge, LogStatusBadge, LogTypeBadge } from './columns';
import { formatDistance, formatPercent, googleDirectionsUrl, googleMapsUrl, zonedTime } from './format';
import { LogPhoto } from './photo';
import type { AttendanceLogDetail } from './types';

const MapView = lazy(() => import('@/components/map-view'));

const d = t.attendanceLog.detail;

/**
 * The body of a log's detail (doc2 §2.9, §2.11): a summary line, the tabs Face Recognition, Lokasi
 * (map with the log point, the placement point, the line and the radius circle, plus Google Maps
 * links), Detail Shift (`shiftExtra` adds e.g. the 'Mundurkan absen' switch) and Tipe Layanan (disabled
 * for personal service), then the note and, for rejected logs, the rejection note (read-only).
 * The approval and history modals put their own actions around it.
 */

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row mb-1">
      <dt className="col-sm-5 fw-normal text-muted">{label}</dt>
      <dd className="col-sm-7 mb-0">{children}</dd>
    </div>
  );
}

export function AttendanceLogSummary({ detail }: { detail: AttendanceLogDetail }) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <LogPhoto name={detail.employee_name} src={detail.employee_photo_url} size={48} />
      <div className="me-auto">
        <p className="fw-semibold mb-0">{detail.employee_name}</p>
        <p className="small text-muted mb-0">
          {detail.employee_number_formatted} · {detail.man_power_name || d.none} ·{' '}
          {t.attendanceLog.manPowerTypes[detail.man_power_type] ?? detail.man_power_type}
        </p>
      </div>
      <LogTypeBadge logType={detail.log_type} />
      <LogStatusBadge status={detail.status_code || detail.status} />
    </div>
  );
}

function FaceTab({ detail }: { detail: AttendanceLogDetail }) {
  const matched = Number(detail.fr_is_match) === 1;
  const hasReference = Boolean(detail.employee_photo_url);
  return (
    <div>
      <div className="d-flex flex-wrap gap-4 justify-content-center mb-3">
        <figure className="text-center mb-0">
          {hasReference ? (
            <AuthImage src={detail.employee_photo_url} alt={d.employeePhoto} name={detail.employee_name} size={160} />
          ) : (
            <div
              role="img"
              aria-label={d.noReferencePhoto}
              className="d-flex align-items-center justify-content-center rounded border bg-body-tertiary text-muted small p-3"
              style={{ width: 160, height: 160 }}
            >
              {d.noReferencePhoto}
            </div>
          )}
          <figcaption className="small text-muted mt-1">{d.employeePhoto}</figcaption>
        </figure>
        <figure className="text-center mb-0">
          <AuthImage src={detail.log_photo} alt={d.logPhoto} name={detail.employee_name} size={160} />
          <figcaption className="small text-muted mt-1">{d.logPhoto}</figcaption>
        </figure>
      </div>
      {hasReference ? (
        <p className="text-center mb-0">
          <span className="fw-semibold me-2">{d.score(formatPercent(detail.fr_accuracy))}</span>
          <span className={`badge ${matched ? 'text-bg-success' : 'text-bg-danger'}`}>
            {matched ? d.match : d.noMatch}
          </span>
        </p>
      ) : (
        <p className="text-center mb-0">
          <span className="fw-semibold d-block">{d.appScore(formatPercent(detail.fr_accuracy))}</span>
          <span className="small text-muted">{d.appScoreHint}</span>
        </p>
      )}
    </div>
  );
}

function LocationTab({ detail }: { detail: AttendanceLogDetail }) {
  const logPoint: [number, number] = [detail.latitude, detail.longitude];
  const hasPlacement = detail.man_power_latitude !== null && detail.man_power_longitude !== null;
  const placement: [number, number] | null = hasPlacement
    ? [Number(detail.man_power_latitude), Number(detail.man_power_longitude)]
    : null;
  const valid = Number(detail.is_valid_location) === 1;
  const markers = [
    { id: 'log', position: logPoint, label: d.logPoint, color: valid ? '#198754' : '#dc3545' },
    ...(placement
      ? [{ id: 'man-power', position: placement, label: d.manPowerPoint(detail.man_power_name), color: '#0d6efd' }]
      : []),
  ];
  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <LocationBadge valid={valid} />
        <span className="small fw-semibold">
          {valid ? d.insideRadius(detail.man_power_name) : d.outsideRadius(detail.man_power_name)}
        </span>
        <span className="small">· {d.distance(formatDistance(detail.distance))}</span>
        {detail.man_power_max_radius !== null ? (
          <span className="small text-muted">· {d.maxRadius(formatDistance(detail.man_power_max_radius))}</span>
        ) : null}
      </div>
      <Suspense fallback={<Skeleton lines={4} />}>
        <MapView
          markers={markers}
          line={placement ? [logPoint, placement] : undefined}
          circle={
            placement && detail.man_power_max_radius
              ? { center: placement, radius: detail.man_power_max_radius }
              : undefined
          }
          height={280}
        />
      </Suspense>
      <dl className="mt-3 mb-2">
        <Field label={d.placement}>{detail.man_power_name || d.none}</Field>
        <Field label={d.team}>{detail.man_power_team_name || d.none}</Field>
        <Field label={d.group}>{detail.man_power_group_name || d.none}</Field>
        <Field label={d.attendanceLocationType}>
          {t.attendanceLog.locationTypes[detail.attendance_location_type] ??
            (detail.attendance_location_type || d.none)}
        </Field>
        {detail.selectedManPower ? (
          <Field label={d.selectedManPower}>{detail.selectedManPower.man_power_name}</Field>
        ) : null}
      </dl>
      <div className="d-flex flex-wrap gap-3">
        <a href={googleMapsUrl(detail.latitude, detail.longitude)} target="_blank" rel="noopener noreferrer">
          <i className="bi bi-geo-alt me-1" aria-hidden="true" />
          {d.openMap}
          <span className="visually-hidden"> {t.common.opensInNewTab}</span>
        </a>
        {placement ? (
          <a href={googleDirectionsUrl(logPoint, placement)} target="_blank" rel="noopener noreferrer">
            <i className="bi bi-signpost-split me-1" aria-hidden="true" />
            {d.directions}
            <span className="visually-hidden"> {t.common.opensInNewTab}</span>
          </a>
        ) : null}
      </div>
    </div>
  );
}

function ShiftTab({ detail, extra }: { detail: AttendanceLogDetail; extra?: ReactNode }) {
  const time = (value: string) => (value ? formatTime(value) : '');
  const range = (start: string, end: string) => (start || end ? `${time(start) || d.none} - ${time(end) || d.none}` : d.none);
  const pattern = [detail.shift_pattern_code, detail.shift_pattern_name].filter(Boolean).join(' - ');
  const shift = [detail.shift_code, detail.shift_name].filter(Boolean).join(' - ');
  return (
    <div>
      <dl className="mb-2">
        <Field label={d.logDate}>{formatDate(detail.log_date) || d.none}</Field>
        <Field label={d.logTime}>{zonedTime(detail.log_time, detail.log_timezone) || d.none}</Field>
        <Field label={d.shiftPattern}>{pattern || d.none}</Field>
        <Field label={d.shift}>{shift || d.none}</Field>
        <Field label={d.shiftTimeIn}>{time(detail.shift_time_in) || d.none}</Field>
        <Field label={d.shiftTimeOut}>{time(detail.shift_time_out) || d.none}</Field>
        <Field label={d.shiftBreak}>{range(detail.shift_break_start, detail.shift_break_end)}</Field>
        <Field label={d.lateMinutes}>{d.minutes(detail.total_late_in_minutes ?? 0)}</Field>
      </dl>
      <p className="mb-2">
        <span className={`badge ${Number(detail.is_valid_shift) === 1 ? 'text-bg-success' : 'text-bg-warning'}`}>
          {Number(detail.is_valid_shift) === 1 ? d.validShift : d.invalidShift}
        </span>
      </p>
      {extra}
    </div>
  );
}

function ServiceTab({ detail }: { detail: AttendanceLogDetail }) {
  return (
    <dl className="mb-0">
      <Field label={d.serviceType}>{t.attendanceLog.serviceTypes[detail.service_type] ?? detail.service_type}</Field>
      <Field label={d.lendEmployee}>{detail.lend_employee_name || d.none}</Field>
      <Field label={d.lendEmployeeNumber}>{detail.lend_employee_number_formatted || d.none}</Field>
      <Field label={d.lendManPower}>{detail.lend_employee_man_power || d.none}</Field>
    </dl>
  );
}

export interface AttendanceLogTabsProps {
  detail: AttendanceLogDetail;
  /** Rendered at the end of the Detail Shift tab. */
  shiftExtra?: ReactNode;
}

export function AttendanceLogTabs({ detail, shiftExtra }: AttendanceLogTabsProps) {
  const [tab, setTab] = useState('face');
  const lend = detail.service_type === 'lend';
  const serviceHintId = `attendance-log-${detail.hash_id}-service-hint`;
  return (
    <>
    <Tabs
      id={`attendance-log-${detail.hash_id}`}
      activeKey={tab}
      onSelect={(key) => setTab(key ?? 'face')}
      className="mb-3"
      mountOnEnter
      aria-label={d.tabsLabel}
    >
      <Tab eventKey="face" title={d.tabs.face}>
        <FaceTab detail={detail} />
      </Tab>
      <Tab eventKey="location" title={d.tabs.location}>
        <LocationTab detail={detail} />
      </Tab>
      <Tab eventKey="shift" title={d.tabs.shift}>
        <ShiftTab detail={detail} extra={shiftExtra} />
      </Tab>
      <Tab
        eventKey="service"
        title={d.tabs.service}
        disabled={!lend}
        tabAttrs={lend ? undefined : { title: d.serviceDisabled, 'aria-describedby': serviceHintId }}
      >
        <ServiceTab detail={detail} />
      </Tab>
      <Tab eventKey="history" title={t.audit.historyTitle}>
        <AuditHistory objectType="attendance_log" objectId={detail.hash_id} />
      </Tab>
    </Tabs>
    {/* Why Tipe Layanan is off: the disabled tab's description (and its tooltip), not a line under every tab. */}
    {lend ? null : (
      <p className="visually-hidden" id={serviceHintId}>
        {d.serviceDisabled}
      </p>
    )}
    </>
  );
}

export function AttendanceLogNote({ detail }: { detail: AttendanceLogDetail }) {
  const rejected = (detail.status_code || detail.status) === 'rejected';
  return (
    <div className="mt-3">
      <h3 className="h6">{d.note}</h3>
      <p className={detail.note ? 'mb-2' : 'mb-2 text-muted fst-italic'}>{detail.note || d.noNote}</p>
      {rejected ? (
        <div>
          <label className="form-label h6" htmlFor={`rejected-note-${detail.hash_id}`}>
            {d.rejectedNote}
          </label>
          <textarea
            id={`rejected-note-${detail.hash_id}`}
            className="form-control"
            value={detail.rejected_note}
            readOnly
            rows={2}
          />
        </div>
      ) : null}
      {detail.decided_by_name && (detail.status_code || detail.status) !== 'waiting_approval' ? (
        <p className="small text-muted mt-2 mb-0">{d.decidedBy(detail.decided_by_name)}</p>
      ) : null}
    </div>
  );
}
