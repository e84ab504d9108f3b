"""Indonesian messages of the notification centre."""

READ_INPUT = "Kirim ids (daftar notifikasi) atau all: true."
MARKED_READ = "Notifikasi ditandai sudah dibaca."
UNREAD_INVALID = "unread harus 0 atau 1."
