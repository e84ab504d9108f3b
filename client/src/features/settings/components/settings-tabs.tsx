import { useSearchParams } from 'react-router';

export interface SettingsTab {
  key: string;
  label: string;
}

/**
 * The tab row of a settings screen with several lists; the chosen tab lives in the address
 * (`?tab=`), so a reload or a shared link opens the same list. Only the tabs given are shown (the
 * caller leaves out those the user may not view).
 */
export function useSettingsTab(tabs: readonly SettingsTab[]): [string | undefined, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const current = tabs.find((tab) => tab.key === asked)?.key ?? tabs[0]?.key;
  const choose = (key: string) => setParams({ tab: key }, { replace: true });
  return [current, choose];
}

export function SettingsTabs({
  tabs,
  current,
  onChoose,
  label,
}: {
  tabs: readonly SettingsTab[];
  current: string | undefined;
  onChoose: (key: string) => void;
  label: string;
}) {
  const move = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length];
    if (next) {
      onChoose(next.key);
      document.getElementById(`settings-tab-${next.key}`)?.focus();
    }
  };
  return (
    <ul className="nav nav-tabs mb-3" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const selected = tab.key === current;
        return (
          <li className="nav-item" role="presentation" key={tab.key}>
            <button
              type="button"
              role="tab"
              id={`settings-tab-${tab.key}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              className={`nav-link${selected ? ' active' : ''}`}
              onClick={() => onChoose(tab.key)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight') move(index + 1);
                if (event.key === 'ArrowLeft') move(index - 1);
              }}
            >
              {tab.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
