"""The pages: server-rendered views for the public, table captains and organizers.

Views are thin: they parse a request (``forms``), authorize it, call one service or one read
function (``tournaments.selectors``), and render. No rule of Tichu or of the tournament is
decided here: the engine (``scoring``) and the services decide, and their messages are shown as
they come.

- ``public``: home, event with live standings, rounds, players, projector, league tables.
- ``captain``: a table's page, opened by its code, with hand entry, preview and confirmation.
- ``organizer``: dashboard, events, players, rounds, tables, corrections, history.
- ``exports``: CSV and XLSX results, PDF table sheets with QR codes.
"""
