"""People and access endpoints (spec doc1 §7.4, doc3 §7.6-7.7), one module per resource: `employees`
(the employee directory with its toggles, password reset and personalia wizard), `levels` (user levels
with the flag matrix), `logins` (user logins)."""
