import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { SelectionForm } from '@/components/selection-form';
import { paths } from '@/config/paths';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { hasFlag } from '@/lib/access';
import { placementTodayRange } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { getRowsForAdjustment } from '../api/attendance';
import { RecentAdjustments } from '../components/recent-adjustments';
import { setLoadedRows } from '../components/rows-store';
import {
  ACTIVE_TOGGLE_ID,
  initialFilter,
  selectionFormText,
  selectionParamsOf,
  useSelectionErrors,
  type SelectionFilter,
} from '../components/selection';

const text = adjustmentsText.attendance;

/** /adjustment/attendance: filter → 'Tampilkan' → the edit page; the last batches beside it (doc2 §2.4). */
export function AttendanceAdjustmentPage({ title, breadcrumb }: RoutePageProps) {
  const navigate = useNavigate();
  const { access } = useSession();
  const [filter, setFilter] = useState<SelectionFilter>(() => initialFilter(placementTodayRange()));
  const [loading, setLoading] = useState(false);
  const errors = useSelectionErrors(filter);

  const onShow = async () => {
    const params = selectionParamsOf(filter);
    if (!errors.check() || !params) return;
    setLoading(true);
    try {
      const rows = await getRowsForAdjustment(params);
      setLoadedRows({ params, rows });
      navigate(paths.attendanceAdjustmentEdit);
    } catch {
      // The API client has shown the server's message; the filter stays as it was.
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div className="row g-3">
        <div className="col-lg-8">
          <SelectionForm
            label={text.filterTitle}
            text={selectionFormText}
            activeToggleId={ACTIVE_TOGGLE_ID}
            value={filter}
            errors={errors}
            onChange={setFilter}
            onSubmit={() => void onShow()}
            actions={
              <Button type="submit" disabled={loading}>
                {loading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {adjustmentsText.show}
              </Button>
            }
          />
        </div>
        <div className="col-lg-4">
          {hasFlag(access, 'allow_upload_manual') && (
            <Link to={paths.manualUpload} className="btn btn-outline-primary w-100 mb-3">
              {text.upload}
            </Link>
          )}
          <RecentAdjustments />
        </div>
      </div>
    </>
  );
}
