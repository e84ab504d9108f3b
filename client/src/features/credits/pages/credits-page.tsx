import { CardPanel } from '@/components/card-panel';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { StaticTable, type StaticTableColumn } from '@/components/static-table';
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

const c = t.credits;

const columns: StaticTableColumn<Credit>[] = [
  {
    key: 'asset',
    header: c.assetColumn,
    rowHeader: true,
    cell: (credit) => (
      <>
        <span className="d-block">{credit.asset}</span>
        <span className="fw-normal small text-muted">{credit.description}</span>
      </>
    ),
  },
  { key: 'usedOn', header: c.usedOnColumn, cell: (credit) => credit.usedOn },
  {
    key: 'license',
    header: c.licenseColumn,
    cell: (credit) => (
      <a href={credit.licenseUrl} target="_blank" rel="noopener noreferrer">
        {credit.license}
      </a>
    ),
  },
  {
    key: 'source',
    header: c.sourceColumn,
    cell: (credit) => (
      <a href={credit.source} target="_blank" rel="noopener noreferrer">
        {c.visit} {credit.asset}
        <span className="visually-hidden"> {t.common.opensInNewTab}</span>
      </a>
    ),
  },
];

export function CreditsPage({ title, breadcrumb }: RoutePageProps) {
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <CardPanel>
        <p className="text-muted">{c.intro}</p>
        <StaticTable className="table align-middle mb-0" columns={columns} rows={credits} rowKey={(credit) => credit.asset} />
      </CardPanel>
    </>
  );
}
