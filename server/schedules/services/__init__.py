"""Settings writes (shifts, patterns, holidays, blacklisted apps, leave kinds, system trouble), one
module per resource as the views are (`server/schedules/apis/`), and how they ripple into the
attendance days (`recompute`): every change that alters a day recomputes the affected rows (in its
transaction when small, in the background otherwise), then hints the dashboard; every change tells
the open settings screens of its kind (`settings.<kind>` topics, `common.settings_changed`)."""
