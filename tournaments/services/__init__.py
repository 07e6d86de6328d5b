"""Services: every change to the tournament's data goes through one of these functions.

One module per use case: ``events`` (create events, register, withdraw), ``rounds`` (pair,
publish, swap seats, close tables), ``hands`` (record, correct), ``undo`` (take back a
correction, a withdrawal, a swap or a closed table), ``backup`` (export and import an event).
Each write is one transaction that also writes the history (``history``) and tells the
standings what changed (``tournaments.standings.schedule``). Reads live in
``tournaments.selectors``.
"""
