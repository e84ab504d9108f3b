import { useMemo } from 'react';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { dayjs, toApiDate } from '@/lib/dates';
import { DASHBOARD_TOPIC, useTopic } from '@/lib/realtime';
import { useDashboardCounts } from '../api/get-dashboard-counts';
import { AbsentCard } from '../components/absent-card';
import { AgeCard } from '../components/age-card';
import { ApprovalSummaryCard } from '../components/approval-summary-card';
import { BirthdayCard } from '../components/birthday-card';
import { UndisciplinedCard } from '../components/undisciplined-card';
import '../components/dashboard.css';

export function DashboardPage({ title, breadcrumb }: RoutePageProps) {
  useTopic(DASHBOARD_TOPIC);
  const { data: counts } = useDashboardCounts();
  const month = useMemo(() => {
    const today = dayjs();
    return {
      startDate: toApiDate(today.startOf('month')),
      endDate: toApiDate(today.endOf('month')),
      period: t.dashboard.period(today.format('MMMM YYYY')),
    };
  }, []);

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div className="row g-3">
        <div className="col-12 col-xl-8 d-flex flex-column gap-3">
          <ApprovalSummaryCard counts={counts} period={month.period} />
          <UndisciplinedCard startDate={month.startDate} endDate={month.endDate} period={month.period} />
        </div>
        <div className="col-12 col-xl-4 d-flex flex-column gap-3">
          {/* doc1 §2.9: the dashboard shows a logo. */}
          <img src="/logo.svg" alt={t.shell.logoAlt} width="72" height="72" className="align-self-center" data-testid="dashboard-logo" />
          <BirthdayCard />
          <AgeCard />
          <AbsentCard />
        </div>
      </div>
    </>
  );
}
