import { formatCount } from '@/lib/format';
/** Texts of the notification centre (the bell in the header, its panel, the browser's notifications). */
export const notificationsText = {
  bell: (unread: number) => (unread > 0 ? `Notifikasi, ${formatCount(unread)} belum dibaca` : 'Notifikasi, tidak ada yang belum dibaca'),
  unreadStatus: (unread: number) => (unread > 0 ? `${formatCount(unread)} notifikasi belum dibaca` : 'Tidak ada notifikasi belum dibaca'),
  panelTitle: 'Notifikasi',
  markAllRead: 'Tandai semua dibaca',
  markRead: 'Tandai dibaca',
  markReadOf: (title: string) => `Tandai dibaca: ${title}`,
  unread: 'Belum dibaca',
  open: 'Buka',
  empty: 'Belum ada notifikasi.',
  loading: 'Memuat notifikasi…',
  loadFailed: 'Notifikasi gagal dimuat.',
  retry: 'Coba lagi',
  close: 'Tutup',
  folded: (count: number) => `${formatCount(count)} kejadian`,
  kinds: {
    'queue.new': 'Antrean persetujuan',
    'sla.escalation': 'Lewat batas waktu',
    'delegation.received': 'Delegasi diterima',
    'delegation.ended': 'Delegasi berakhir',
    'job.ended': 'Proses latar belakang',
    'izin.email': 'E-mail izin',
  } as Record<string, string>,
  browser: {
    enable: 'Aktifkan notifikasi browser',
    enabled: 'Notifikasi browser aktif: item baru yang menunggu persetujuan ditampilkan saat tab ini tidak dilihat.',
    disable: 'Matikan notifikasi browser',
    denied: 'Notifikasi browser diblokir oleh peramban. Izinkan dari pengaturan situs untuk mengaktifkannya.',
    unsupported: 'Peramban ini tidak mendukung notifikasi.',
  },
};
