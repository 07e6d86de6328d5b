"""One entry point for every pairing method, so the service never cares which one runs.

``PAIRING_METHODS`` is the one registry of the methods a format may name (``Format.pairing``),
one class each (``base.Pairing``): the round draws (``individual``, ``swiss``, ``round_robin``,
``duplicate``) and the cups (``knockout``, ``groups_knockout``, in ``knockout.formats``). The
format checks its values with the class, the forms, serializers and the API schema take their
choices from it. For a round's draw, ``make_pairing`` builds the method with its options and
``pair_round`` seats one round with it; a cup's matches come from its bracket
(``knockout.draw``) instead.

A new method is a class (a ``PairingMethod``, or a ``CupFormat``) added to the registry here.
A format's game may seat its individuals at tables of another size with ``tables.TablePairing``
(``tournaments.games``: ``TableGame.draw_method``), which a format does not name itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.functional import Promise

from ..knockout.formats import GroupsKnockout, Knockout
from .base import Draw, Entrant, Pairing, PairingError, PairingHistory, PairingMethod
from .duplicate import DuplicatePairing
from .individual import IndividualPairing
from .round_robin import RoundRobinPairing
from .swiss import SwissPairing

PAIRING_METHODS: dict[str, type[Pairing]] = {
    cls.method: cls
    for cls in (
        IndividualPairing,
        SwissPairing,
        RoundRobinPairing,
        DuplicatePairing,
        Knockout,
        GroupsKnockout,
    )
}


def pairing_choices() -> list[tuple[str, Promise]]:
    """(name, label) of every pairing method, for choice fields."""
    return [(name, cls.label) for name, cls in PAIRING_METHODS.items()]


def make_pairing(method: str, **options) -> PairingMethod:
    """The pairing method named ``method``, configured with its keyword ``options``."""
    cls = PAIRING_METHODS.get(method)
    if cls is None or not issubclass(cls, PairingMethod):
        draws = [
            name for name, known in PAIRING_METHODS.items() if issubclass(known, PairingMethod)
        ]
        raise PairingError(
            "unknown_method",
            f"Unknown pairing method {method!r}; expected one of {', '.join(draws)}.",
            method=method,
            known=", ".join(draws),
        )
    return cls(**options)


def pair_round(
    method: str,
    entrants: Sequence[Entrant | int],
    history: PairingHistory | None = None,
    *,
    seed: int | str,
    round_number: int,
    scores: Mapping[int, int] | None = None,
    **options,
) -> Draw:
    """Seat one round of ``entrants`` (best-first) with the named method.

    Entrants may be given as ``Entrant`` values or as plain ids whose victory points come from
    ``scores`` (default 0). Other keyword ``options`` configure the method (``make_pairing``).
    """
    scores = scores or {}
    entrants = [e if isinstance(e, Entrant) else Entrant(e, scores.get(e, 0)) for e in entrants]
    history = history if history is not None else PairingHistory.empty()
    return make_pairing(method, **options).pair(
        entrants, history, seed=seed, round_number=round_number
    )
