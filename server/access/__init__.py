"""The former `access` app, merged into `accounts` (UserLevel and the rights in words live there now).

Only its migrations remain: they hold the history of the `access_userlevel` table (which keeps its
name) for existing databases; the last one hands the model's state over to accounts without moving
any data. Nothing imports this package.
"""
