import type { ReactNode } from 'react';
import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { reportsText } from '@/i18n/reports.id';
import { usePermissionTypes } from '../api/side-panel-counts';
import { SUMMARY_CATEGORY_PATHS, type SummaryCategory } from '../api/report-request';
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

const SUMMARY_CATEGORIES: { value: SummaryCategory; label: string }[] = [
  { value: 'all', label: categories.all },
  { value: 'overtime', label: categories.overtime },
  { value: 'permission', label: categories.permission },
  { value: 'undisciplined', label: categories.undisciplined },
];

/** The summary form's category pickers (doc3 §2.1): one route per category, the current one marked. */
function SummaryCategoryPicker() {
  return (
    <Nav as="nav" variant="pills" className="mb-3 gap-1" aria-label={categories.pickerLabel}>
      {SUMMARY_CATEGORIES.map((option) => (
        <Nav.Link key={option.value} as={NavLink} to={SUMMARY_CATEGORY_PATHS[option.value]} end className="py-1 px-3">
          {option.label}
        </Nav.Link>
      ))}
    </Nav>
  );
}

function SummaryFormPage({ category, ...props }: RoutePageProps & { category: SummaryCategory }) {
  return (
    <FormLayout
      {...props}
      form={
        <>
          <SummaryCategoryPicker />
          <ReportForm key={category} kind="summary" categories={[{ value: category, label: category }]} />
        </>
      }
    />
  );
}

/** /report/attendance-summary: 'Laporan Rangkuman', every column. */
export function SummaryReportFormPage(props: RoutePageProps) {
  return <SummaryFormPage {...props} category="all" />;
}

/** /report/attendance-summary/overtime: the employees with overtime, Lembur HK and HL. */
export function SummaryOvertimeFormPage(props: RoutePageProps) {
  return <SummaryFormPage {...props} category="overtime" />;
}

/** /report/attendance-summary/permission: the employees with leave or izin, Sakit to LAD. */
export function SummaryPermissionFormPage(props: RoutePageProps) {
  return <SummaryFormPage {...props} category="permission" />;
}

/** /report/attendance-summary/undisciplined: the employees late or out early, Terlambat and Pulang Cepat. */
export function SummaryUndisciplinedFormPage(props: RoutePageProps) {
  return <SummaryFormPage {...props} category="undisciplined" />;
}
