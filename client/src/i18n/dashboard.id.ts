import { formatCount } from '@/lib/format';

/** Texts of the dashboard (doc1 §3). */
export const dashboardText = {
  birthdays: {
    title: 'Ulang Tahun Karyawan',
    empty: 'Tidak ada karyawan ulang tahun dalam jangka waktu dekat.',
    today: 'Hari ini',
    tomorrow: 'Besok',
    photoOf: (name: string) => `Foto ${name}`,
    list: 'Daftar ulang tahun',
  },
  approval: {
    title: 'Ringkasan Persetujuan',
    attendance: 'Persetujuan Kehadiran',
    izin: 'Persetujuan Izin',
    waiting: 'Menunggu Persetujuan',
    approved: 'Disetujui',
    rejected: 'Ditolak',
    open: 'Buka',
    monthScope: 'Diajukan pada periode ini',
    /** The period counts of attendance cover the man power types the reader may decide (all for others). */
    attendanceScope: (period: string, types: string) => `${period} · ${types}`,
    allDates: (count: number) => `Semua tanggal: ${formatCount(count)} menunggu persetujuan`,
    openOf: (title: string) => `Buka ${title}`,
    /** The link beside a count that opens the queue on exactly what it counted. */
    openCount: (label: string) => `Buka antrean: ${label}`,
  },
  age: {
    title: 'Umur Karyawan',
    under20: 'Di bawah 20 tahun',
    between20And30: '20 - 30 tahun',
    over30: 'Di atas 30 tahun',
    chart: 'Diagram umur karyawan',
    people: (count: number) => `${formatCount(count)} orang`,
  },
  undisciplined: {
    title: 'Karyawan Tidak Disiplin',
    tabs: 'Jenis ketidakdisiplinan',
    late: 'Terlambat',
    earlyOut: 'Pulang Cepat',
    employeeNumber: 'ID Karyawan',
    name: 'Nama',
    totalDays: 'Total Hari',
    totalTime: 'Jam & Menit',
    days: (count: number) => `${formatCount(count)} hari`,
    totalLate: 'Total terlambat',
    totalEarlyOut: 'Total pulang cepat',
  },
  absent: {
    title: '5 Karyawan Tidak Hadir, Terbanyak Tahun Ini',
    unavailable: 'Data tidak tersedia',
    open: 'Pilih Periode Laporan',
    modalTitle: 'Laporan Karyawan Tidak Hadir',
    confirm: 'Tampilkan',
  },
  period: (month: string) => `Periode ${month}`,
} as const;

/** The dashboard's and the reports' month range picker. */
export const monthRangeText = {
  label: 'Rentang bulan',
  hint: 'Pilih bulan awal, lalu bulan akhir. Rentang paling lama satu tahun.',
  previousYear: 'Tahun sebelumnya',
  nextYear: 'Tahun berikutnya',
  start: 'Bulan awal',
  end: 'Bulan akhir',
  none: '-',
  problems: {
    incomplete: 'Lengkapi form terlebih dahulu!',
    order: 'Bulan akhir tidak boleh sebelum bulan awal.',
    future: 'Bulan setelah bulan ini tidak dapat dipilih.',
    'too-long': 'Rentang paling lama satu tahun.',
  },
} as const;
