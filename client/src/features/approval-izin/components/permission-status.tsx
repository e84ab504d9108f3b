import { id as t } from '@/i18n/id';

/** Status colours (doc2 §4): Disetujui green, Menunggu Persetujuan pending (amber), Ditolak red. */
export const PERMISSION_STATUS_VARIANTS: Record<string, string> = {
  approved: 'success',
  waiting_approval: 'warning',
  rejected: 'danger',
};

export function permissionStatusLabel(status: string): string {
  return t.approvalPermission.statuses[status] ?? status;
}

export function PermissionStatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge text-bg-${PERMISSION_STATUS_VARIANTS[status] ?? 'secondary'}`}>
      {permissionStatusLabel(status)}
    </span>
  );
}
