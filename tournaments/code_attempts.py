"""Wrong table codes, limited per client and per table, on the captain's page and the API alike.

A table code is 12 characters of a 32-letter alphabet (60 bits), so guessing one is hopeless;
the limit keeps guessers from hammering the service all the same. Only *wrong* codes count, and
a right code is never refused: every phone at a venue reaches the server through the venue's one
address, so a neighbour's typos, or a guesser at the next table, must not lock a captain out.
Wrong codes for one table are limited on their own (``table_code_failures_per_table``), so that
guessers from many addresses at once cannot go on unchecked either.
"""

from __future__ import annotations

from tichu_site.limits import AttemptLimit


def wrong_code_limited(request, table_id: int | None = None) -> int | None:
    """Count a wrong code from this client (and for the table it was tried at, if known); the
    seconds to wait if that used up a limit (answer 429), else None (answer 404 or 403)."""
    per_client = AttemptLimit("table_code_failures")
    if per_client.exceeded(per_client.client(request)):
        return per_client.wait()
    if table_id is not None:
        per_table = AttemptLimit("table_code_failures_per_table")
        if per_table.exceeded(f"table-{table_id}"):
            return per_table.wait()
    return None
