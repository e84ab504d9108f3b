import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';

interface Credit {
  asset: string;
  description: string;
  usedOn: string;
  license: string;
  licenseUrl: string;
  source: string;
}

const credits: Credit[] = [
  {
    asset: 'Logo Kehadiran',
    description: 'Logo jam dan tanda centang, dibuat khusus untuk aplikasi ini (SVG).',
    usedOn: 'Header, dashboard, halaman masuk, lupa password, reset password, kunci layar, ikon tab',
    license: 'Milik Kehadiran',
    licenseUrl: '/logo.svg',
    source: '/logo.svg',
  },
  {
    asset: 'Bootstrap Icons',
    description: 'Ikon menu samping, header, tombol, notifikasi dan halaman kosong.',
    usedOn: 'Semua halaman',
    license: 'MIT',
    licenseUrl: 'https://github.com/twbs/icons/blob/main/LICENSE',
    source: 'https://icons.getbootstrap.com/',
  },
  {
    asset: 'Bootstrap',
    description: 'Tata letak, formulir, tombol, modal dan gaya tampilan.',
    usedOn: 'Semua halaman',
    license: 'MIT',
    licenseUrl: 'https://github.com/twbs/bootstrap/blob/main/LICENSE',
    source: 'https://getbootstrap.com/',
  },
  {
    asset: 'Leaflet',
    description: 'Peta lokasi man power beserta radius kehadiran.',
    usedOn: 'Karyawan (detail, Lokasi Man Power)',
    license: 'BSD-2-Clause',
    licenseUrl: 'https://github.com/Leaflet/Leaflet/blob/main/LICENSE',
    source: 'https://leafletjs.com/',
  },
  {
    asset: 'OpenStreetMap',
    description: 'Data peta pada ubin peta (© kontributor OpenStreetMap).',
    usedOn: 'Karyawan (detail, Lokasi Man Power)',
    license: 'ODbL',
    licenseUrl: 'https://www.openstreetmap.org/copyright',
    source: 'https://www.openstreetmap.org/',
  },
];

export function CreditsPage({ title, breadcrumb }: RoutePageProps) {
  const c = t.credits;
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <div className="card border-0 shadow-sm">
        <div className="card-body">
          <p className="text-muted">{c.intro}</p>
          <div className="table-responsive">
            <table className="table align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">{c.assetColumn}</th>
                  <th scope="col">{c.usedOnColumn}</th>
                  <th scope="col">{c.licenseColumn}</th>
                  <th scope="col">{c.sourceColumn}</th>
                </tr>
              </thead>
              <tbody>
                {credits.map((credit) => (
                  <tr key={credit.asset}>
                    <th scope="row">
                      <span className="d-block">{credit.asset}</span>
                      <span className="fw-normal small text-muted">{credit.description}</span>
                    </th>
                    <td>{credit.usedOn}</td>
                    <td>
                      <a href={credit.licenseUrl} target="_blank" rel="noopener noreferrer">
                        {credit.license}
                      </a>
                    </td>
                    <td>
                      <a href={credit.source} target="_blank" rel="noopener noreferrer">
                        {c.visit} {credit.asset}
                        <span className="visually-hidden"> {t.common.opensInNewTab}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </>
  );
}
