import { hasFlag } from '@/lib/access';
import { useSession } from '@/lib/session';

export interface CrudFlags {
  view: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

/** A settings kind's list flag and its _create/_update/_delete children (doc3 §3, §6). */
export function useCrudFlags(base: string): CrudFlags {
  const { access } = useSession();
  const view = hasFlag(access, base);
  return {
    view,
    create: view && hasFlag(access, `${base}_create`),
    update: view && hasFlag(access, `${base}_update`),
    delete: view && hasFlag(access, `${base}_delete`),
  };
}
