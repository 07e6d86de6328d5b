"""Bots that play whole hands through the state machine, for demos, simulations and fuzzing.

Read in this order: ``dealing`` (a shuffled deal from an explicit generator), ``driver`` (the
``Bot`` protocol and the loop that asks the bots until a hand is over, bombs out of turn
included), ``bits`` (the quick readings of a hand's card mask the bots share), ``random_bot``
(a random legal action: a fuzzer) and ``heuristic`` (a sensible player). ``scoring.simulation``
deals and plays whole hands with them.

Every bot draws its chances from an explicit ``random.Random``, so a seed replays a hand exactly.
A bot keeps, per seat, the ``HandPlays`` of its hand (``scoring.hand_plays``: every candidate
generated once, then narrowed as the hand shrinks), so a turn costs a filter, not a generation.
"""

from .dealing import deal_cards
from .driver import Bot, play_out, seat_plays
from .heuristic import HeuristicBot, hand_value, strength
from .random_bot import RandomBot

__all__ = [
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "deal_cards",
    "hand_value",
    "play_out",
    "seat_plays",
    "strength",
]
