import { formatCount as n } from '@/lib/format';

/** Indonesian texts of the manual attendance upload (doc2 §2.4, §2.8, §5). */
export const manualUploadText = {
  incomplete: 'Lengkapi form terlebih dahulu!',
  form: {
    title: 'Unggah Kehadiran Manual',
    period: 'Periode Tanggal',
    type: 'Tipe Man Power',
    name: 'Nama Man Power',
    download: 'Unduh Template',
    downloaded: (name: string) => `Template ${name} diunduh.`,
    rules: [
      'Unggah file Excel (.xlsx) dari template, maksimal 10.000 baris; nama file jangan diubah.',
      'Satu file untuk satu man power. ID Karyawan, Nama dan Tanggal sudah terisi dari template; jangan diubah.',
      'Jam ditulis 08.00 atau 08:00. Alpa: biarkan baris kosong. Sakit: jam datang dan pulang 00.00 dengan kode sakit.',
      'Masuk di hari libur shift: isi jam dengan kode shift_off. Masuk di hari libur nasional: kode kosong.',
      'Hari yang sudah tercatat di aplikasi ditandai abu-abu dan dikunci di template; isian di hari itu ditolak.',
    ],
  },
  file: {
    title: 'Unggah File',
    drop: 'Tarik dan lepas file di sini, atau klik untuk memilih file',
    input: 'Pilih file kehadiran',
    label: 'File kehadiran',
    chosen: 'File dipilih',
    clear: 'Hapus file',
    submit: 'Unggah File',
    accept: '.xls,.xlsx',
    wrongType: 'Format file harus .xls atau .xlsx.',
    tooLarge: 'Ukuran file maksimal 10 MB.',
  },
  progress: {
    label: 'Proses unggah kehadiran',
    /** The counts beside the status: the phase while it runs, then what was imported. */
    validating: (done: number, total: number) => `Memvalidasi ${n(done)} dari ${n(total)} baris`,
    importing: (done: number, total: number) => `Menyimpan ${n(done)} dari ${n(total)} baris`,
    imported: (imported: number, rows: number) => `${n(imported)} dari ${n(rows)} baris diimpor`,
    nothingImported: 'Tidak ada baris yang diimpor',
    importedWithErrors: (imported: number, rows: number, bad: number) =>
      `${n(imported)} dari ${n(rows)} baris diimpor: ${n(bad)} baris bermasalah`,
    errorsTitle: 'Daftar Kesalahan',
    errorsShown: (shown: number, total: number) =>
      shown < total
        ? `Menampilkan ${n(shown)} dari ${n(total)} kesalahan; unduh file kesalahan untuk daftar lengkap.`
        : `${n(total)} kesalahan.`,
    row: 'Baris',
    message: 'Kesalahan',
    downloadErrors: 'Unduh File Kesalahan',
    openDetail: (form: string) => `Lihat ${form}`,
  },
  list: {
    title: 'List Upload Kehadiran Manual',
    formNumber: 'No. Unggah',
    creator: 'Pengunggah',
    created: 'Tgl. Unggah',
    total: 'Total Karyawan',
    range: 'Rentang Waktu',
    manPower: 'Man Power',
  },
  detail: {
    title: 'Detail Unggah Kehadiran',
    lines: 'Daftar Kehadiran',
    employeeNumber: 'ID Karyawan',
    name: 'Nama',
    date: 'Tanggal',
    checkIn: 'Jam Datang',
    checkOut: 'Jam Pulang',
    overtime: 'Lembur Aktual',
    back: 'Kembali ke daftar unggah',
    notFound: 'Data unggah tidak ditemukan.',
  },
  empty: 'Data tidak ditemukan',
} as const;
