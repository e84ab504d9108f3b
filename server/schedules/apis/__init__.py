"""Settings endpoints (doc3 §7.2-7.5), one module per resource: shifts, shift patterns and their
content, holidays, blacklisted apps, special and additional leave kinds, system trouble.

Every view declares its flags (doc3 §6): viewing needs the list flag, writing the list flag and its
_create/_update/_delete child. Create is POST and update PUT at the same URL with `hash_id` in the body
(`server.core.crud.SaveApi`, DESIGN §10); a holiday is created or changed by POST with or without
hash_id (doc3 §7.3), so that view checks the child flag from the body.
"""
