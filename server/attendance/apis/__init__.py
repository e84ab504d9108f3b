"""Back-office endpoints of check-in logs (spec doc2 §2.9, §2.11, §7), one module per resource:
`lists` (the live approval queue, the attendance history v1 and v2, the log detail, the counts, the man
power filter options), `actions` (the single decisions), `bulk` (the bulk decisions); `common` holds
what they share.

Who sees what (DESIGN §5): the queue (`status=waiting_approval`) shows only the man power types the
user holds approve or reject rights on; the history statuses need `allow_reset_attendance` and show
every type; a log of a type the user may not see answers 404.

The v2 list is the history list with the computed day of each log (`effective_date`, `keterangan`,
`late_minutes`, `early_out_minutes`, `working_minutes`); its `status` filter takes only history
statuses (empty = all three).
"""
