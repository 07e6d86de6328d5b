"""Services: every change to the tournament's data goes through one of these functions.

One module per use case: ``events`` (create events, register, withdraw), ``rounds`` (pair,
publish, swap seats, close tables), ``hands`` (record, correct, undo), ``standings`` (compute and
store, schedule the worker). Each write is one transaction that also writes the history.
"""
