"""Indonesian messages of background jobs."""

STARTED = "Proses dimulai."
ALREADY_STARTED = "Proses ini sudah pernah dijalankan."
SUCCEEDED = "Proses selesai."
FAILED = "Proses gagal. Silakan coba beberapa saat lagi."
CANCELLED = "Proses dibatalkan."
CANCEL_REQUESTED = "Permintaan pembatalan dikirim."
WORKER_LOST = "Proses terhenti karena pemroses latar belakang berhenti. Silakan jalankan ulang."
ONLY_CREATOR_CANCELS = "Hanya pembuat proses yang dapat membatalkannya."
ALREADY_FINISHED = "Proses sudah selesai dan tidak dapat dibatalkan."
NOT_FOUND = "Proses tidak ditemukan."
# Who started a job that no user started (Celery beat): its `creator_user_name`.
STARTED_BY_SCHEDULE = "Terjadwal"
