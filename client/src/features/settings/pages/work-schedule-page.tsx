import { useSearchParams } from 'react-router';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { PatternTable } from '../components/pattern-table';
import { ShiftTable } from '../components/shift-table';
import { useCrudFlags } from '../components/use-crud-flags';

const MENUS = [
  { key: 'shift', label: t.settings.shift.menu },
  { key: 'pattern', label: t.settings.pattern.menu },
] as const;
type MenuKey = (typeof MENUS)[number]['key'];

/**
 * /settings/shift, Jadwal Kerja (doc3 §2.5): a left menu switches between the shift table (Jam Kerja)
 * and the pattern table (Pola Kerja); nothing is shown before a choice ('Silakan pilih menu'), and a
 * table the user may not view says so. The choice lives in the address (`?menu=`).
 */
export function WorkSchedulePage({ title, breadcrumb }: RoutePageProps) {
  const shiftFlags = useCrudFlags('allow_setting_shift');
  const patternFlags = useCrudFlags('allow_setting_shift_pattern');
  const [params, setParams] = useSearchParams();
  const menu = MENUS.find((item) => item.key === params.get('menu'))?.key as MenuKey | undefined;
  const choose = (key: MenuKey) => setParams({ menu: key }, { replace: true });

  let content;
  if (!menu) {
    content = <p className="text-muted text-center py-5 mb-0">{t.settings.chooseMenu}</p>;
  } else if ((menu === 'shift' && !shiftFlags.view) || (menu === 'pattern' && !patternFlags.view)) {
    content = (
      <p className="text-danger text-center py-5 mb-0" role="alert">
        {t.settings.noAccess}
      </p>
    );
  } else if (menu === 'shift') {
    content = <ShiftTable title={title} flags={shiftFlags} />;
  } else {
    content = <PatternTable flags={patternFlags} />;
  }

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div className="row g-3">
        <nav className="col-md-3 col-lg-2" aria-label={t.settings.menu}>
          <div className="list-group shadow-sm">
            {MENUS.map((item) => (
              <button
                key={item.key}
                type="button"
                className={`list-group-item list-group-item-action${menu === item.key ? ' active' : ''}`}
                aria-current={menu === item.key ? 'page' : undefined}
                onClick={() => choose(item.key)}
              >
                {item.label}
              </button>
            ))}
          </div>
        </nav>
        <div className="col-md-9 col-lg-10">{menu ? content : <div className="card border-0 shadow-sm">{content}</div>}</div>
      </div>
    </>
  );
}
