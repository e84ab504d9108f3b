import { AuthImage } from '@/components/auth-image';
import { id as t } from '@/i18n/id';

/** A log's round photo: the employee's profile photo, or with `selfie` the photo taken at the check-in. */
export function LogPhoto({ name, src, size, selfie = false }: { name: string; src: string; size: number; selfie?: boolean }) {
  const alt = selfie ? t.attendanceLog.logPhotoOf(name) : t.attendanceLog.employeePhotoOf(name);
  return <AuthImage src={src} alt={alt} name={name} size={size} shape="circle" />;
}
