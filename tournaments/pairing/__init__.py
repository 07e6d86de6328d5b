"""Pairing: who sits where each round. Pure functions of the entrants, their history and a seed.

No database here: the service (``tournaments.services.rounds``) turns rows into these values and
the resulting ``Draw`` back into tables, seats and byes. Read in this order:

1. ``base``: ``Entrant``, ``PairingHistory``, ``Draw``, ``PairingError``, ``PairingMethod``;
   ``field``: ``PlayerField``, the players' history indexed and the swaps between tables that
   both pairings of individuals use.
2. ``individual``: tables of four with rotating partners (DTM "Einzelspielermodus"); ``tables``:
   individuals at tables of other sizes (Tientsin's six in two teams, Threechu's three, Grand
   Seigneur's five to twelve), seated for a game by ``tournaments.games``, named by no format.
3. ``swiss``: fixed teams by Swiss maximum-weight matching.
4. ``round_robin``: the circle method for leagues.
5. ``checks``: ``check_draw``, the rules a hand-edited seating may break.
6. ``factory``: ``PAIRING_METHODS``, the one registry of the methods a format may name (these
   round draws and the cups of ``knockout.formats``, each a ``base.Pairing`` class), and
   ``make_pairing`` and ``pair_round``, one entry point for every round draw.
"""

from .base import Draw, Entrant, PairingError, PairingHistory, PairingMethod
from .checks import Breach, check_draw
from .factory import PAIRING_METHODS, make_pairing, pair_round
from .individual import IndividualPairing
from .round_robin import RoundRobinPairing, round_robin_schedule
from .swiss import SwissPairing
from .tables import TablePairing

__all__ = [
    "PAIRING_METHODS",
    "Draw",
    "Entrant",
    "IndividualPairing",
    "PairingError",
    "PairingHistory",
    "PairingMethod",
    "RoundRobinPairing",
    "SwissPairing",
    "TablePairing",
    "Breach",
    "check_draw",
    "make_pairing",
    "pair_round",
    "round_robin_schedule",
]
