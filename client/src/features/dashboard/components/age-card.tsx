import { lazy, Suspense, useMemo } from 'react';
import { id as t } from '@/i18n/id';
import { useAgeCounts } from '../api/get-age-counts';
import { DashboardCard } from './dashboard-card';

const AgeDonut = lazy(() => import('./age-donut'));

const text = t.dashboard.age;
const COLORS = ['#38bdf8', '#1d4ed8', '#f59e0b'];

function DonutPlaceholder() {
  return (
    <div className="placeholder-glow d-flex justify-content-center" aria-hidden="true" style={{ height: 180 }}>
      <span className="placeholder rounded-circle" style={{ width: 170, height: 170 }} />
    </div>
  );
}

export function AgeCard() {
  const { data } = useAgeCounts();
  const labels = useMemo(() => [text.under20, text.between20And30, text.over30], []);
  const values = useMemo(
    () => (data ? [data.employee_20, data.employee_20_30, data.employee_30] : []),
    [data],
  );
  const description = `${text.chart}: ${labels.map((label, index) => `${label} ${values[index] ?? 0}`).join(', ')}`;

  return (
    <DashboardCard title={text.title}>
      {data ? (
        <>
          <Suspense fallback={<DonutPlaceholder />}>
            <AgeDonut labels={labels} values={values} colors={COLORS} label={description} />
          </Suspense>
          <ul className="list-unstyled mb-0 mt-3 small" aria-label={text.title}>
            {labels.map((label, index) => (
              <li key={label} className="d-flex align-items-center gap-2 py-1">
                <span className="age-swatch rounded-circle" style={{ background: COLORS[index] }} aria-hidden="true" />
                <span className="flex-grow-1">{label}</span>
                <span className="fw-semibold">{text.people(values[index])}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div aria-busy="true" aria-label={t.common.loading}>
          <DonutPlaceholder />
        </div>
      )}
    </DashboardCard>
  );
}
