"""Indonesian texts of the e-mailed approval links and the daily digest."""

LINK_INVALID = "Tautan persetujuan tidak valid."
LINK_USED = "Tautan ini sudah digunakan. Setiap tautan persetujuan hanya berlaku satu kali."
LINK_EXPIRED = (
    "Tautan ini sudah kedaluwarsa (berlaku {hours} jam). Silakan putuskan dari halaman persetujuan."
)
RIGHT_LOST = "Anda tidak lagi memiliki hak untuk memutuskan pengajuan izin ini."
DECISION_REQUIRED = "Keputusan harus diisi: approve atau reject."
LINK_READ = "Pengajuan izin ditemukan."

# How the audit entry names a decision taken through a link (the `via` of the izin decision).
VIA_EMAIL = "tautan email"

IZIN_MAIL_SUBJECT = "Pengajuan izin baru: {name}, {label} ({dates})"
DIGEST_SUBJECT = "Ringkasan persetujuan hari ini: {waiting} menunggu, {overdue} lewat batas"
