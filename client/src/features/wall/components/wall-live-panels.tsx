import { useId, useRef } from 'react';
import { id as t } from '@/i18n/id';
import { formatTime } from '@/lib/dates';
import { formatCount } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import type { WallArrival, WallSite } from '../api/display-api';
import { useFit, usePaging } from './use-fit';

const text = t.wall;
/** A screen on its side or a phone: the page scrolls, every site and arrival is listed. */
const PORTRAIT = '(orientation: portrait)';

function Panel({
  title,
  scope,
  tone,
  children,
}: {
  title: string;
  scope: string;
  tone: string;
  children: React.ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={`wall-panel wall-panel-${tone}`} aria-labelledby={titleId}>
      <h2 className="wall-panel-title" id={titleId}>
        {title}
      </h2>
      <p className="wall-panel-scope">{scope}</p>
      {children}
    </section>
  );
}

/** One number of a site; an absence not knowable yet (before start plus tolerance) is a dash. */
function AbsentCell({ site }: { site: WallSite }) {
  if (!site.absence_known) {
    return (
      <td className="wall-site-number wall-site-pending">
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{text.siteAbsenceWaiting}</span>
      </td>
    );
  }
  return <td className="wall-site-number">{formatCount(site.absent)}</td>;
}

/** The sites table's number columns, in order (their cells follow the same order). */
const NUMBER_COLUMNS = ['checkedIn', 'late', 'absent', 'waiting'] as const;

/**
 * Today's counts per site (placement). On a landscape screen as many rows as fit are shown, a page
 * at a time, turning every few seconds; in portrait every site is listed.
 */
export function SitesPanel({ sites }: { sites: WallSite[] }) {
  const box = useRef<HTMLDivElement>(null);
  const portrait = useMediaQuery(PORTRAIT);
  const fit = useFit(box, !portrait, sites.length > 0);
  const { first, last } = usePaging(sites.length, fit);
  const shown = sites.slice(first, last);
  const paged = shown.length < sites.length;
  const columns = text.siteColumns;
  return (
    <Panel title={text.sites} scope={text.sitesScope} tone="sites">
      {sites.length === 0 ? (
        <p className="wall-panel-empty">{text.sitesEmpty}</p>
      ) : (
        <>
          <div className="wall-sites-box" ref={box}>
            <table className="wall-sites">
              <thead data-fit-fixed="">
                <tr>
                  <th scope="col">{columns.name}</th>
                  {NUMBER_COLUMNS.map((key) => (
                    <th key={key} scope="col" className="wall-site-number">
                      {columns[key]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((site) => (
                  <tr key={site.id} data-fit-item="">
                    <th scope="row" className="wall-site-name">
                      {site.name}
                    </th>
                    <td className="wall-site-number">{formatCount(site.checked_in)}</td>
                    <td className="wall-site-number">{formatCount(site.late)}</td>
                    <AbsentCell site={site} />
                    <td className="wall-site-number">{formatCount(site.waiting)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="wall-panel-foot">
            {sites.some((site) => !site.absence_known) ? <span>{text.siteAbsenceWaitingLegend}</span> : null}
            {paged ? <span className="wall-sites-page">{text.sitesPage(first + 1, last, sites.length)}</span> : null}
          </p>
        </>
      )}
    </Panel>
  );
}

/** The latest check-ins received today, newest first: name, site and the time in the site's zone. */
export function ArrivalsPanel({ arrivals }: { arrivals: WallArrival[] }) {
  const box = useRef<HTMLOListElement>(null);
  const portrait = useMediaQuery(PORTRAIT);
  const fit = useFit(box, !portrait, arrivals.length > 0);
  const shown = fit === null ? arrivals : arrivals.slice(0, fit);
  return (
    <Panel title={text.arrivals} scope={text.arrivalsScope} tone="arrivals">
      {arrivals.length === 0 ? (
        <p className="wall-panel-empty">{text.arrivalsEmpty}</p>
      ) : (
        <ol className="wall-arrivals" ref={box}>
          {shown.map((arrival) => (
            <li key={arrival.id} className="wall-arrival" data-fit-item="">
              <span className="wall-arrival-name">{arrival.name}</span>{' '}
              <span className="wall-arrival-time">{formatTime(arrival.time, arrival.timezone)}</span>{' '}
              <span className="wall-arrival-site">{arrival.site}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
