
/** Texts of the credits page. */
export const creditsText = {
  intro:
    'Kehadiran dibangun di atas karya-karya sumber terbuka berikut. Terima kasih kepada para pembuat dan kontributornya.',
  assetColumn: 'Aset',
  usedOnColumn: 'Digunakan di',
  licenseColumn: 'Lisensi',
  sourceColumn: 'Sumber',
  visit: 'Kunjungi',
} as const;
