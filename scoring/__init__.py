"""The rules of Tichu and their scoring: a pure-Python engine with no dependencies.

Read the modules in this order, each opening with the rules it implements:

1. ``cards``: the deck, card points, the notation (``7s``, ``Tr``, ``MJ``, ``DOG``, ``PH``, ``DR``).
2. ``combinations``: what may be played together and what beats what.
3. ``plays``: every legal play from a hand on a table, under the Mah Jong wish.
4. ``rules``: the per-event options (``Rules``, ``STANDARD``, ``DTM``).
5. ``entry``: the score a table captain enters, validated (``score_hand``, ``InvalidHand``,
   ``HandScore``).
6. ``victory``: victory points per hand, per round, per game to 1000.
7. ``hand``: one full hand, card by card (deal, calls, exchange, tricks, end, score), scored as a
   ``HandScore`` like a captain's entry.
8. ``record``: a hand as JSON, and its replay (``python -m scoring replay FILE.json``).
9. ``bots``: players for simulations, demos and fuzzing (``play_hand``).
"""

from .bots import HeuristicBot, PlayedHand, RandomBot, play_hand
from .cards import Card, parse_cards
from .combinations import Combination, InvalidCombination, beats, classify
from .entry import HandScore, InvalidHand, normalize_entry, score_entry, score_hand
from .hand import HandState, IllegalAction
from .plays import is_legal_play, legal_plays
from .record import InvalidRecord, replay
from .rules import DTM, STANDARD, Rules
from .variants import VARIANTS
from .victory import game_result, hand_victory_points, round_victory_points

__all__ = [
    "DTM", "STANDARD", "Card", "Combination", "HandScore", "HandState", "HeuristicBot",
    "IllegalAction", "InvalidCombination", "InvalidHand", "InvalidRecord", "PlayedHand",
    "RandomBot", "Rules", "beats", "classify", "game_result", "hand_victory_points",
    "is_legal_play", "legal_plays", "normalize_entry", "parse_cards", "play_hand", "replay",
    "round_victory_points", "score_entry", "score_hand", "VARIANTS",
]
