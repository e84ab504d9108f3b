import type { ReactNode } from 'react';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { reportsText } from '@/i18n/reports.id';
import { usePermissionTypes } from '../api/side-panel-counts';
import { ReportForm, type CategoryOption } from '../components/report-form';
import { OtherReportsPanel, OvertimeStatsPanel, PermissionStatsPanel, UndisciplinedCards } from '../components/side-panels';

const categories = reportsText.categories;

const OVERTIME_CATEGORIES: CategoryOption[] = [
  { value: 'all', label: categories.all },
  { value: 'workday', label: categories.workday },
  { value: 'holiday', label: categories.holiday },
];

const UNDISCIPLINED_CATEGORIES: CategoryOption[] = [
  { value: 'all', label: categories.all },
  { value: 'datang_terlambat', label: categories.lateIn },
  { value: 'pulang_cepat', label: categories.earlyOut },
];

function FormLayout({ title, breadcrumb, form, side }: RoutePageProps & { form: ReactNode; side?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div className="row g-3">
        <div className={side ? 'col-lg-8' : 'col-lg-10 col-xl-8'}>
          <section className="card border-0 shadow-sm" aria-label={title}>
            <div className="card-body">{form}</div>
          </section>
        </div>
        {side ? <aside className="col-lg-4">{side}</aside> : null}
      </div>
    </>
  );
}

/** /report/attendance-detail: 'Laporan Detail' with the permission statistics and the sub-reports. */
export function DetailReportFormPage(props: RoutePageProps) {
  return (
    <FormLayout
      {...props}
      form={<ReportForm kind="detail" />}
      side={
        <>
          <PermissionStatsPanel />
          <OtherReportsPanel current="detail" />
        </>
      }
    />
  );
}

/** /report/attendance-detail/overtime: 'Laporan Detail Lembur'. */
export function OvertimeReportFormPage(props: RoutePageProps) {
  return (
    <FormLayout
      {...props}
      form={<ReportForm kind="lembur" categories={OVERTIME_CATEGORIES} />}
      side={
        <>
          <OvertimeStatsPanel />
          <OtherReportsPanel current="lembur" />
        </>
      }
    />
  );
}

/** /report/attendance-detail/permission: 'Laporan Detail Izin' with its statistics panel. */
export function PermissionReportFormPage(props: RoutePageProps) {
  const types = usePermissionTypes();
  const options: CategoryOption[] = [
    { value: 'all', label: categories.all },
    ...(types.data ?? []).map((type) => ({ value: type.code, label: type.name })),
  ];
  return (
    <FormLayout
      {...props}
      form={<ReportForm kind="permission" categories={options} categoriesLoading={types.isPending} />}
      side={
        <>
          <PermissionStatsPanel />
          <OtherReportsPanel current="permission" />
        </>
      }
    />
  );
}

/** /report/attendance-detail/undisciplined: 'Laporan Detail Tidak Disiplin' with the two cards. */
export function UndisciplinedReportFormPage(props: RoutePageProps) {
  return (
    <FormLayout
      {...props}
      form={<ReportForm kind="late" categories={UNDISCIPLINED_CATEGORIES} />}
      side={
        <>
          <UndisciplinedCards />
          <OtherReportsPanel current="late" />
        </>
      }
    />
  );
}

/** /report/attendance-summary: 'Laporan Rangkuman'. */
export function SummaryReportFormPage(props: RoutePageProps) {
  return <FormLayout {...props} form={<ReportForm kind="summary" />} />;
}
