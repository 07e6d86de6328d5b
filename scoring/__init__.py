"""The rules of Tichu and their scoring: a pure-Python engine with no dependencies.

The rules themselves are written out in ``docs/rules.md``; each module opens with the sections it
implements. Read the modules in this order:

1. ``cards``: the deck, card points, the notation (``7s``, ``Tr``, ``MJ``, ``DOG``, ``PH``, ``DR``),
   and the bitmask tables every other module reads.
2. ``combinations``: what may be played together and what beats what (``Kind``).
3. ``plays``: every legal play from a hand on a table, under the Mah Jong wish; every bomb of a
   hand (``bombs_in``).
4. ``hand_plays``: the same plays kept over the many turns of one hand (``HandPlays``, for bots).
5. ``rules``: the per-event options (``Rules``, ``STANDARD``, ``DTM``).
6. ``score``: seats and teams, the double victory, the calls, a hand's Tichu points
   (``HandScore``).
7. ``actions``: what a player may say or do (``Play``, ``Pass``, ``Tichu``, ...).
8. ``state``: one full hand, card by card (deal, calls, exchange, tricks, end, score):
   ``HandState`` and its ``Phase``.
9. ``entry``: the score a table captain enters, validated (``score_entry``, ``InvalidHand``).
10. ``victory``: victory points per hand, per round, per game to 1000.
11. ``record``: a hand as JSON, and its replay (``python -m scoring replay FILE.json``).
12. ``bots``: players for simulations, demos and fuzzing (a package: dealing, the driver, bit
    helpers, the random bot, the heuristic bot).
13. ``simulation``: a hand dealt and played to the end by bots (``play_hand``).
14. ``variants``: the games on Tichu's cards, one class each, by name in ``VARIANTS`` (four-player
    Tichu with its option Chaos Tichu, and the other games of the seeds).
"""

from .actions import IllegalAction
from .bots import HeuristicBot, RandomBot
from .cards import Card, parse_cards
from .combinations import Combination, InvalidCombination, Kind, beats, classify
from .entry import InvalidHand, normalize_entry, score_entry, score_hand
from .plays import is_legal_play, legal_plays
from .record import InvalidRecord, replay
from .rules import DTM, STANDARD, Rules
from .score import HandScore, PlacingScore
from .simulation import PlayedHand, play_hand
from .state import HandState, Phase
from .variants import VARIANTS
from .victory import game_result, hand_victory_points, round_victory_points

__all__ = [
    "DTM",
    "STANDARD",
    "VARIANTS",
    "Card",
    "Combination",
    "HandScore",
    "HandState",
    "HeuristicBot",
    "IllegalAction",
    "InvalidCombination",
    "InvalidHand",
    "InvalidRecord",
    "Kind",
    "Phase",
    "PlacingScore",
    "PlayedHand",
    "RandomBot",
    "Rules",
    "beats",
    "classify",
    "game_result",
    "hand_victory_points",
    "is_legal_play",
    "legal_plays",
    "normalize_entry",
    "parse_cards",
    "play_hand",
    "replay",
    "round_victory_points",
    "score_entry",
    "score_hand",
]
