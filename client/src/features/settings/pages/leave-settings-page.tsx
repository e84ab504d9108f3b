import { z } from 'zod';
import { CrudPage } from '@/components/crud-page';
import type { DataTableColumn } from '@/components/data-table';
import { DateField, NumberField, TextareaField, TextField, requiredDate, requiredNumber, requiredText } from '@/components/form';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { sla } from '@/i18n/sla.id';
import { formatDate } from '@/lib/dates';
import {
  additionalLeaveApi,
  specialLeaveApi,
  systemTroubleApi,
  topics,
  type AdditionalLeaveRow,
  type SpecialLeaveRow,
  type SystemTroubleRow,
} from '../api/settings-api';
import { ApprovalSlaForm } from '../components/approval-sla-form';
import { RejectionNotesForm } from '../components/rejection-notes-form';
import { RiskSettingsForm } from '../components/risk-settings-form';
import { SettingsTabs, useSettingsTab, type SettingsTab } from '../components/settings-tabs';
import { useCrudFlags } from '../components/use-crud-flags';

const text = t.settings.permission;
const messages = text.messages;

/* ------------------------------------------------------------------ cuti khusus */

const specialSchema = z.object({
  name: requiredText(messages.name, { max: 150 }),
  code: requiredText(messages.code, { max: 32 }),
  jumlah_hari: requiredNumber(messages.days, { min: 1, minMessage: messages.daysRange })
    .int(messages.daysRange)
    .max(365, messages.daysRange),
});
type SpecialValues = z.input<typeof specialSchema>;
type SpecialOutput = z.output<typeof specialSchema>;
const specialEmpty: SpecialValues = { name: '', code: '', jumlah_hari: 1 };
const specialColumns: DataTableColumn<SpecialLeaveRow>[] = [
  { key: 'name', header: text.special.columns.name, cell: (row) => row.name, sortable: true, searchable: true },
  { key: 'code', header: text.special.columns.code, cell: (row) => row.code, sortable: true, searchable: true },
  { key: 'jumlah_hari', header: text.special.columns.days, cell: (row) => row.jumlah_hari, sortable: true },
];

/* ------------------------------------------------------------------ cuti tambahan */

const additionalSchema = z.object({
  name: requiredText(messages.name, { max: 150 }),
  code: requiredText(messages.code, { max: 32 }),
});
type AdditionalValues = z.input<typeof additionalSchema>;
type AdditionalOutput = z.output<typeof additionalSchema>;
const additionalEmpty: AdditionalValues = { name: '', code: '' };
const additionalColumns: DataTableColumn<AdditionalLeaveRow>[] = [
  { key: 'name', header: text.additional.columns.name, cell: (row) => row.name, sortable: true, searchable: true },
  { key: 'code', header: text.additional.columns.code, cell: (row) => row.code, sortable: true, searchable: true },
];

/* ------------------------------------------------------------------ system trouble */

const troubleSchema = z.object({
  date: requiredDate(messages.date),
  description: requiredText(messages.description, { max: 2000 }),
});
type TroubleValues = z.input<typeof troubleSchema>;
type TroubleOutput = z.output<typeof troubleSchema>;
const troubleEmpty: TroubleValues = { date: '', description: '' };
const troubleColumns: DataTableColumn<SystemTroubleRow>[] = [
  { key: 'date', header: text.trouble.columns.date, cell: (row) => formatDate(row.date), sortable: true },
  {
    key: 'description',
    header: text.trouble.columns.description,
    cell: (row) => row.description,
    sortable: true,
    searchable: true,
  },
];

type TabKey = 'cuti_khusus' | 'cuti_tambahan' | 'system_trouble' | 'risk' | 'rejection_notes' | 'approval_sla';

/**
 * /settings/permission (DESIGN §10): special leave kinds, additional leave kinds and system-trouble
 * days, one tab each, shown to the users holding that tab's list flag; and two system settings under
 * the system-trouble flag: the risk thresholds of check-ins and the preset rejection notes.
 */
export function LeaveSettingsPage({ title, breadcrumb }: RoutePageProps) {
  const special = useCrudFlags('allow_cuti_khusus');
  const additional = useCrudFlags('allow_cuti_tambahan');
  const trouble = useCrudFlags('allow_system_trouble');
  const tabs: SettingsTab[] = [
    ...(special.view ? [{ key: 'cuti_khusus', label: text.special.tab }] : []),
    ...(additional.view ? [{ key: 'cuti_tambahan', label: text.additional.tab }] : []),
    ...(trouble.view ? [{ key: 'system_trouble', label: text.trouble.tab }] : []),
    ...(trouble.view ? [{ key: 'risk', label: text.risk.tab }] : []),
    ...(trouble.view ? [{ key: 'rejection_notes', label: text.rejectionNotes.tab }] : []),
    ...(trouble.view ? [{ key: 'approval_sla', label: sla.tab }] : []),
  ];
  const [current, choose] = useSettingsTab(tabs);
  const tabRow = <SettingsTabs tabs={tabs} current={current} onChoose={choose} label={text.tabs} />;
  const common = { title, breadcrumb, emptyText: t.settings.empty, children: tabRow };

  switch (current as TabKey | undefined) {
    case 'cuti_khusus':
      return (
        <CrudPage<SpecialLeaveRow, SpecialValues, SpecialOutput>
          key="cuti_khusus"
          {...common}
          tableTitle={text.special.table}
          columns={specialColumns}
          rowKey={(row) => row.hash_id}
          queryKey={[topics.cutiKhusus]}
          topic={topics.cutiKhusus}
          fetchList={specialLeaveApi.list}
          listOptions={{ prefix: 'khusus_' }}
          modalTitle={text.special.modal}
          schema={specialSchema}
          emptyValues={specialEmpty}
          toValues={(row) => ({ name: row.name, code: row.code, jumlah_hari: row.jumlah_hari })}
          fields={() => (
            <>
              <TextField<SpecialValues> name="name" label={text.name} required maxLength={150} autoFocus />
              <TextField<SpecialValues> name="code" label={text.code} required maxLength={32} />
              <NumberField<SpecialValues> name="jumlah_hari" label={text.special.days} required min={1} max={365} step={1} />
            </>
          )}
          create={(values) => specialLeaveApi.create(values)}
          update={(row, values) => specialLeaveApi.update(row.hash_id, values)}
          remove={(row) => specialLeaveApi.remove(row.hash_id)}
          canCreate={special.create}
          canUpdate={special.update}
          canDelete={special.delete}
        />
      );
    case 'cuti_tambahan':
      return (
        <CrudPage<AdditionalLeaveRow, AdditionalValues, AdditionalOutput>
          key="cuti_tambahan"
          {...common}
          tableTitle={text.additional.table}
          columns={additionalColumns}
          rowKey={(row) => row.hash_id}
          queryKey={[topics.cutiTambahan]}
          topic={topics.cutiTambahan}
          fetchList={additionalLeaveApi.list}
          listOptions={{ prefix: 'tambahan_' }}
          modalTitle={text.additional.modal}
          schema={additionalSchema}
          emptyValues={additionalEmpty}
          toValues={(row) => ({ name: row.name, code: row.code })}
          fields={() => (
            <>
              <TextField<AdditionalValues> name="name" label={text.name} required maxLength={150} autoFocus />
              <TextField<AdditionalValues> name="code" label={text.code} required maxLength={32} />
            </>
          )}
          create={(values) => additionalLeaveApi.create(values)}
          update={(row, values) => additionalLeaveApi.update(row.hash_id, values)}
          remove={(row) => additionalLeaveApi.remove(row.hash_id)}
          canCreate={additional.create}
          canUpdate={additional.update}
          canDelete={additional.delete}
        />
      );
    case 'system_trouble':
      return (
        <CrudPage<SystemTroubleRow, TroubleValues, TroubleOutput>
          key="system_trouble"
          {...common}
          tableTitle={text.trouble.table}
          columns={troubleColumns}
          rowKey={(row) => row.hash_id}
          queryKey={[topics.systemTrouble]}
          topic={topics.systemTrouble}
          fetchList={systemTroubleApi.list}
          listOptions={{ prefix: 'trouble_' }}
          modalTitle={text.trouble.modal}
          schema={troubleSchema}
          emptyValues={troubleEmpty}
          toValues={(row) => ({ date: row.date, description: row.description })}
          fields={() => (
            <>
              <DateField<TroubleValues> name="date" label={text.date} required hint={text.trouble.hint} autoFocus />
              <TextareaField<TroubleValues> name="description" label={text.description} required maxLength={2000} />
            </>
          )}
          create={(values) => systemTroubleApi.create(values)}
          update={(row, values) => systemTroubleApi.update(row.hash_id, values)}
          remove={(row) => systemTroubleApi.remove(row.hash_id)}
          canCreate={trouble.create}
          canUpdate={trouble.update}
          canDelete={trouble.delete}
        />
      );
    case 'risk':
      return (
        <>
          <PageHeader title={title} breadcrumb={breadcrumb} />
          {tabRow}
          <RiskSettingsForm canUpdate={trouble.update} />
        </>
      );
    case 'rejection_notes':
      return (
        <>
          <PageHeader title={title} breadcrumb={breadcrumb} />
          {tabRow}
          <RejectionNotesForm canUpdate={trouble.update} />
        </>
      );
    case 'approval_sla':
      return (
        <>
          <PageHeader title={title} breadcrumb={breadcrumb} />
          {tabRow}
          <ApprovalSlaForm canUpdate={trouble.update} />
        </>
      );
    default:
      return null;
  }
}
