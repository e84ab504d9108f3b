"""Demo announcements for seed_demo: a dozen across tags, some important, one draft, one scheduled,
one with a link and a PDF attachment. Written once (skipped when any announcement exists)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from server.accounts.models import User
from server.announcements.content import content_sanitise
from server.announcements.models import Announcement
from server.core.media import media_store

DEMO_PDF = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
    b"2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
    b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n"
    b"trailer<</Root 1 0 R>>\n%%EOF\n"
)


@dataclass(frozen=True)
class DemoAnnouncement:
    title: str
    content: str
    tags: str
    hours_ago: float
    important: bool = False
    published: bool = True
    url_title: str = ""
    url: str = ""
    attachment_name: str = ""


DEMO: tuple[DemoAnnouncement, ...] = (
    DemoAnnouncement(
        "Libur Nasional dan Cuti Bersama",
        "<h2>Jadwal libur</h2><p>Kantor <strong>tutup</strong> pada hari libur nasional dan cuti bersama. "
        "Cuti bersama memotong saldo cuti tahunan.</p>",
        "all",
        2,
        important=True,
        attachment_name="Surat Edaran Libur Nasional.pdf",
    ),
    DemoAnnouncement(
        "Pembaruan Aplikasi Absensi",
        "<p>Versi baru aplikasi absensi tersedia. Perbarui aplikasi sebelum absen datang besok pagi.</p>"
        "<ul><li><p>Perbaikan deteksi wajah</p></li><li><p>Peta lokasi lebih cepat</p></li></ul>",
        "all",
        5,
        url_title="Unduh aplikasi",
        url="kehadiran.example.com/unduh",
    ),
    DemoAnnouncement(
        "Pemeriksaan Kesehatan Tahunan",
        "<p>Pemeriksaan kesehatan tahunan untuk karyawan kantor diadakan di lantai 3, pukul 08.00-12.00.</p>",
        "office",
        26,
    ),
    DemoAnnouncement(
        "Perawatan Kendaraan Pool",
        "<p>Semua kendaraan pool wajib menjalani servis berkala minggu ini. Hubungi koordinator pool.</p>",
        "pool",
        30,
        important=True,
    ),
    DemoAnnouncement(
        "Keselamatan Kerja di Site",
        "<h3>Wajib APD</h3><p>Helm, sepatu keselamatan dan rompi wajib dipakai di seluruh area site.</p>",
        "site",
        48,
        important=True,
    ),
    DemoAnnouncement(
        "Jadwal Docking Kapal Tunda",
        "<p>Kapal tunda akan menjalani docking tahunan. Awak kapal mengikuti jadwal jaga pengganti.</p>"
        "<table><tbody><tr><th><p>Kapal</p></th><th><p>Tanggal</p></th></tr>"
        "<tr><td><p>TB Samudra 1</p></td><td><p>Minggu ke-2</p></td></tr></tbody></table>",
        "tug_boat",
        72,
    ),
    DemoAnnouncement(
        "Pelatihan Pemadam Kebakaran",
        "<p>Simulasi tanggap darurat kebakaran untuk karyawan kantor dan site pada hari Jumat.</p>",
        "office,site",
        96,
    ),
    DemoAnnouncement(
        "Pengambilan Seragam Baru",
        "<p>Seragam baru dapat diambil di bagian umum dengan menunjukkan kartu karyawan.</p>",
        "office,pool",
        120,
    ),
    DemoAnnouncement(
        "Batas Pengajuan Izin Akhir Bulan",
        "<p>Pengajuan izin untuk bulan ini paling lambat tanggal 25 agar masuk perhitungan penggajian.</p>",
        "all",
        150,
    ),
    DemoAnnouncement(
        "Donor Darah Bersama",
        "<p>Kegiatan donor darah bersama PMI di aula utama. Terbuka untuk semua karyawan.</p>",
        "all",
        200,
    ),
    DemoAnnouncement(
        "Rencana Outing Karyawan",
        "<p>Draft rencana outing karyawan: tujuan dan tanggal masih dibahas.</p>",
        "all",
        1,
        published=False,
    ),
    DemoAnnouncement(
        "Perubahan Jam Kerja Ramadan",
        "<p>Selama Ramadan jam kerja kantor menjadi 08.00-15.00. Pengumuman ini terbit otomatis.</p>",
        "office",
        -48,
    ),
)


def demo_announcements_seed(*, creator: User | None, now: datetime) -> int:
    """Create the demo announcements when there are none; how many were created."""
    if Announcement.objects.exists():
        return 0
    for index, spec in enumerate(DEMO):
        announcement = Announcement(
            title=spec.title,
            content=content_sanitise(spec.content),
            tags=spec.tags,
            is_published=spec.published,
            is_important=spec.important,
            published_date=(now - timedelta(hours=spec.hours_ago)).replace(second=0, microsecond=0),
            url_title=spec.url_title,
            url=spec.url,
            creator=creator,
        )
        if spec.attachment_name:
            announcement.attachment.name = media_store(
                folder="announcement", when=now, extension="pdf", content=DEMO_PDF
            )
            announcement.attachment_name = spec.attachment_name
        announcement.save()
        # Written shortly before it was (or will be) published, so 'newest first' reads naturally.
        Announcement.objects.filter(pk=announcement.pk).update(
            created=now - timedelta(hours=max(spec.hours_ago, 0) + 0.1, minutes=len(DEMO) - index)
        )
    return len(DEMO)
