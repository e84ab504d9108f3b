import { formatCount } from '@/lib/format';

/** Texts of the attendance approval queue (doc2 §2.9): filters, bulk decisions, undo, the cockpit. */
export const approvalAttendanceText = {
  notice: 'Periksa detail absen karyawan sebelum melakukan persetujuan.',
  tableTitle: 'Kehadiran menunggu persetujuan',
  waitingScope:
    'Semua absen yang menunggu persetujuan untuk tipe man power Anda, semua tanggal (sama dengan menu dan dashboard). Tabel di bawah mengikuti filter.',
  tableScope: (count: string, period: string, types: string, filtered: boolean) =>
    `Di tabel: ${count} menunggu persetujuan · ${period} · ${types}${filtered ? ' · dengan filter lain' : ''}`,
  skipLink: 'Lewati ke antrean',
  riskFilter: 'Risiko',
  olderWaiting: {
    empty: (count: number, since: string) =>
      `Tidak ada absen menunggu pada rentang tanggal ini, tetapi ${formatCount(count)} absen menunggu sejak ${since}.`,
    show: (count: number, since: string) => `Tampilkan ${formatCount(count)} yang menunggu sejak ${since}`,
  },
  view: {
    reset: 'Atur ulang',
    resetHint: 'Kembalikan filter dan urutan ke bawaan: hari ini, tanpa filter lain',
  },
  lowRisk: {
    button: 'Setujui semua risiko rendah',
    counting: 'Menghitung absen berisiko rendah…',
    title: 'Setujui semua risiko rendah',
    question: (count: number) => `Setujui ${formatCount(count)} absen berisiko rendah sesuai filter ini?`,
    capped: (limit: number) => `Paling banyak ${formatCount(limit)} absen sekali proses; sisanya tetap di antrean.`,
    none: 'Tidak ada absen berisiko rendah pada filter ini.',
    outOfRadius: 'Absen di luar radius disetujui di penempatan terdekat yang disarankan.',
    confirm: (count: number) => `Setujui ${formatCount(count)}`,
  },
  confirm: {
    title: (count: number) => `Setujui ${formatCount(count)} absen terpilih`,
    outOfRadius: (count: number) =>
      count === 0
        ? 'Semua absen terpilih berada di dalam radius.'
        : `${formatCount(count)} absen di luar radius: masing-masing disetujui di penempatan berikut.`,
    forAll: 'Satu penempatan untuk semua yang di luar radius',
    eachNearest: 'Terdekat masing-masing (disarankan)',
    placementOf: (name: string) => `Penempatan untuk ${name}`,
    noPlacement: 'Tidak ada penempatan terdekat',
    employee: 'Karyawan',
    placement: 'Disetujui di penempatan',
    confirm: (count: number) => `Setujui ${formatCount(count)}`,
  },
  result: {
    title: (decided: number, skipped: number) => `Hasil: ${formatCount(decided)} diproses, ${formatCount(skipped)} dilewati`,
    details: (count: number) => `Rincian per absen (${formatCount(count)})`,
    outcomes: { decided: 'Diproses', conflict: 'Dilewati', refused: 'Ditolak sistem', left_out: 'Disisihkan' } as Record<
      string,
      string
    >,
    at: (name: string) => `di ${name}`,
  },
  undo: {
    /** The region of the banner. */
    action: 'Urungkan keputusan terakhir',
    banner: (time: string) => `Keputusan terakhir Anda (dapat diurungkan ${time} lagi)`,
    /** The button (and `u`): the decider's most recent decision, named. */
    single: (action: 'approve' | 'reject', name: string) =>
      `Urungkan: ${action === 'approve' ? 'setujui' : 'tolak'} ${name} (1 absen)`,
    many: (action: 'approve' | 'reject', count: number) =>
      `Urungkan: ${formatCount(count)} absen ${action === 'approve' ? 'disetujui' : 'ditolak'}`,
    nothing: 'Tidak ada keputusan Anda yang dapat diurungkan.',
    done: (count: number) => `${formatCount(count)} absen dikembalikan ke antrean.`,
  },
  riskConfirm: {
    title: (level: string) => `Setujui absen berisiko ${level.toLowerCase()}?`,
    intro: (name: string, time: string) => `${name}, ${time}. Alasan risiko:`,
    hint: 'Enter menyetujui, Esc membatalkan.',
    confirm: 'Setujui',
  },
  announce: {
    approved: (name: string) => `Disetujui: ${name}`,
    rejected: (name: string) => `Ditolak: ${name}`,
    bulk: (decided: number, skipped: number) => `${formatCount(decided)} absen diproses, ${formatCount(skipped)} dilewati`,
    undone: (count: number) => `${formatCount(count)} absen dikembalikan ke antrean`,
  },
  keys: {
    button: 'Pintasan keyboard',
    title: 'Pintasan keyboard',
    intro: 'Berlaku di antrean, kecuali saat mengetik atau saat dialog lain terbuka.',
    key: 'Tombol',
    action: 'Aksi',
    list: [
      ['j / ↓', 'Baris berikutnya'],
      ['k / ↑', 'Baris sebelumnya'],
      ['Enter', 'Buka detail'],
      ['a', 'Setujui baris (di luar radius: pilih penempatan dulu; risiko sedang/tinggi: konfirmasi dulu)'],
      ['r', 'Tolak baris (isi catatan)'],
      ['x', 'Pilih / batal pilih baris'],
      ['Shift + A', 'Setujui terpilih (dengan konfirmasi)'],
      ['u', 'Urungkan keputusan terakhir Anda (tekan lagi: yang sebelumnya)'],
      ['?', 'Tampilkan pintasan ini'],
    ] as Array<[string, string]>,
  },
  /** The confirm of a bulk approve: what it approves, by risk factor, each factor can be left out. */
  bulkConfirm: {
    loading: 'Memuat absen yang akan disetujui…',
    breakdownTitle: 'Rincian menurut faktor risiko',
    breakdownHint: 'Nyalakan sakelar untuk menyisihkan absen dengan faktor itu: tidak disetujui, tetap di antrean.',
    leaveOut: (label: string, count: number) => `Sisihkan ${label} (${formatCount(count)} absen)`,
    atPlacement: (name: string, count: number) => `${formatCount(count)} disetujui di ${name}`,
    noPlacement: (count: number) => `${formatCount(count)} tanpa penempatan terdekat (akan dilewati)`,
    withoutFactors: (count: number) => `${formatCount(count)} absen tanpa faktor risiko`,
    summary: (approve: number, leftOut: number) =>
      `${formatCount(approve)} absen akan disetujui` + (leftOut > 0 ? `, ${formatCount(leftOut)} disisihkan` : ''),
    rowsTitle: (count: number) => `Semua absen (${formatCount(count)})`,
    rowsLabel: 'Daftar absen pada persetujuan ini',
    leftOut: 'Disisihkan',
    at: (name: string) => `disetujui di ${name}`,
    missing: (count: number) => `${formatCount(count)} absen terpilih tidak lagi menunggu persetujuan dan tidak diikutkan.`,
    capped: (shown: number, matching: number) =>
      `${formatCount(matching)} absen cocok; ${formatCount(shown)} yang terlama ditampilkan dan diproses kali ini.`,
    running: 'Persetujuan massal',
    none: 'Tidak ada absen yang akan disetujui.',
  },
  bulk: {
    select: 'Pilih',
    selectRow: (name: string, time: string) => `Pilih absen ${name} ${time}`,
    selectPage: 'Pilih semua di halaman ini',
    selected: (count: number) => `${formatCount(count)} terpilih`,
    approve: 'Setujui terpilih',
    reject: 'Tolak terpilih',
    approveQuestion: (count: number) => `Setujui ${formatCount(count)} absen terpilih?`,
    rejectTitle: (count: number) => `Tolak ${formatCount(count)} absen terpilih`,
    rejectHint: 'Satu catatan untuk semua absen terpilih.',
    skippedTitle: 'Dilewati',
  },
} as const;
