"""One entry point for every pairing method, so the service never cares which one runs.

A format names its method (``individual``, ``swiss``, ``round_robin``; its game may turn
``individual`` into ``tables`` for tables of another size, ``tournaments.games``);
``make_pairing`` builds it with the method's options and ``pair_round`` seats one round with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .base import Draw, Entrant, PairingError, PairingHistory, PairingMethod
from .individual import IndividualPairing
from .round_robin import RoundRobinPairing
from .swiss import SwissPairing
from .tables import TablePairing

PAIRING_METHODS: dict[str, type[PairingMethod]] = {
    cls.method: cls for cls in (IndividualPairing, SwissPairing, RoundRobinPairing, TablePairing)
}


def make_pairing(method: str, **options) -> PairingMethod:
    """The pairing method named ``method``, configured with its keyword ``options``."""
    try:
        cls = PAIRING_METHODS[method]
    except KeyError:
        raise PairingError(f"Unknown pairing method {method!r}; expected one of "
                           f"{', '.join(PAIRING_METHODS)}.") from None
    return cls(**options)


def pair_round(method: str, entrants: Sequence[Entrant | int],
               history: PairingHistory | None = None, *, seed: int | str, round_number: int,
               scores: Mapping[int, int] | None = None, **options) -> Draw:
    """Seat one round of ``entrants`` (best-first) with the named method.

    Entrants may be given as ``Entrant`` values or as plain ids whose victory points come from
    ``scores`` (default 0). Other keyword ``options`` configure the method (``make_pairing``).
    """
    scores = scores or {}
    entrants = [e if isinstance(e, Entrant) else Entrant(e, scores.get(e, 0)) for e in entrants]
    history = history if history is not None else PairingHistory.empty()
    return make_pairing(method, **options).pair(entrants, history, seed=seed,
                                                round_number=round_number)
