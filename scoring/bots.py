"""Bots that play whole hands through the state machine, for demos, simulations and fuzzing.

A bot answers two questions about its seat:

- ``act(state, seat)``: the action the hand waits for from this seat (``state.to_act == seat``):
  a call or pass in the calling phases, an exchange, a play or pass in turn, the Dragon's gift. It
  may also return a ``Tichu`` call first; it is asked again afterwards.
- ``interrupt(state, seat)``: before each turn during a trick, whether to lay a bomb out of turn
  (``None``: no).

Every bot draws its chances from an explicit ``random.Random``, so a seed replays a hand exactly.
``play_hand`` deals and plays one hand and returns its record, the captain's score entry and the
totals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CARDS, DOG, DRAGON, MAH_JONG, PHOENIX, Card
from .combinations import reading_on
from .entry import HandScore, partner_of, team_of
from .hand import (
    BLIND,
    DRAGON_GIFT,
    EXCHANGE,
    GRAND,
    PLAY,
    WISHES,
    Action,
    BlindGrandTichu,
    Exchange,
    GiveDragon,
    GrandTichu,
    HandState,
    Pass,
    Play,
    Tichu,
    bombs_in,
)
from .plays import legal_plays, wish_obliges
from .record import make_record
from .rules import STANDARD, Rules


class RandomBot:
    """Any legal action, uniformly at random; calls and bombs now and then, as a fuzzer should."""

    def __init__(self, rng: random.Random, call_chance: float = 0.05, bomb_chance: float = 0.2):
        self.rng = rng
        self.call_chance = call_chance
        self.bomb_chance = bomb_chance

    def act(self, state: HandState, seat: int) -> Action:
        rng = self.rng
        if state.may_call_tichu(seat) and rng.random() < self.call_chance:
            return Tichu(seat)
        if state.phase == EXCHANGE:
            return Exchange(seat, *rng.sample(state.hand(seat), 3))
        actions = [a for a in state.legal_actions(seat) if type(a) is not Tichu]
        calls = [a for a in actions if type(a) in (GrandTichu, BlindGrandTichu)]
        if calls and rng.random() < self.call_chance:
            return calls[0]
        return rng.choice([a for a in actions if type(a) not in (GrandTichu, BlindGrandTichu)])

    def interrupt(self, state: HandState, seat: int) -> Action | None:
        if self.rng.random() >= self.bomb_chance:
            return None
        bombs = state.bombs_beating_table(seat)
        return Play(seat, self.rng.choice(bombs)) if bombs else None


def _order(cards: Sequence[Card]) -> int:
    """How strong a single card is: by rank, the Dog lowest, the Phoenix just under the Dragon."""
    card = cards[0] if cards else None
    if card is DOG:
        return 0
    if card is PHOENIX:
        return 145
    return card.rank * 10


def strength(cards: Sequence[Card]) -> int:
    """A rough count of a hand's winners: the Dragon, the Phoenix, Aces, and bombs."""
    held = set(cards)
    score = sum(1 for card in cards if card.rank == 14)
    score += (DRAGON in held) + (PHOENIX in held)
    return score + 2 * len(bombs_in(sum(card.bit for card in cards)))


class HeuristicBot:
    """A simple, sensible player: plays low, keeps its bombs, calls on strong hands, passes good
    cards to the partner and low ones to the opponents, gives the Dragon to the opponent holding
    more cards."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def act(self, state: HandState, seat: int) -> Action:
        phase = state.phase
        hand = state.hand(seat)
        if phase == BLIND:
            return Pass(seat)
        if phase == GRAND:
            if state.rules.grand_tichu_allowed and strength(hand) >= 4 and GrandTichu(
                    seat) in state.legal_actions(seat):
                return GrandTichu(seat)
            return Pass(seat)
        if state.may_call_tichu(seat) and phase == PLAY and strength(hand) >= 5:
            return Tichu(seat)
        if phase == EXCHANGE:
            return self._exchange(hand, seat)
        if phase == DRAGON_GIFT:
            left, right = (seat + 3) & 3, (seat + 1) & 3
            return GiveDragon(seat, left if state.hands[left].bit_count()
                              > state.hands[right].bit_count() else right)
        return self._play(state, seat, hand)

    def _exchange(self, hand: tuple[Card, ...], seat: int) -> Exchange:
        """The best card to the partner (not the Dragon or Phoenix, kept for oneself), the two
        lowest to the opponents, an even one to the right and an odd one to the left (as the German
        article advises, so that bombs are less likely to grow)."""
        keep = {DRAGON, PHOENIX}
        ordered = sorted(hand, key=lambda card: _order((card,)))
        partner = next(card for card in reversed(ordered) if card not in keep)
        low = [card for card in ordered if card is not partner and card is not MAH_JONG][:4]
        even = next((c for c in low if c.rank and c.rank % 2 == 0), low[0])
        odd = next((c for c in low if c is not even and not (c.rank and c.rank % 2 == 0)),
                   next(c for c in low if c is not even))
        return Exchange(seat, odd, partner, even)

    def _play(self, state: HandState, seat: int, hand: tuple[Card, ...]) -> Action:
        mj = state.rules.mahjong_in_bomb
        table = state.table
        plays = legal_plays(hand, table, state.wish, mahjong_in_bomb=mj)
        going_out = [p for p in plays if len(p) == len(hand)]
        if going_out:
            return self._with_wish(seat, going_out[0], hand)
        readings = [(reading_on(p, table, mahjong_in_bomb=mj), p) for p in plays]
        plain = [(c, p) for c, p in readings if not c.is_bomb]
        may_pass = table is not None and not (
            state.wish and wish_obliges(hand, table, state.wish, mahjong_in_bomb=mj))
        if table is not None and may_pass and (
                state.table_seat == partner_of(seat) or not plain):
            return Pass(seat)
        if not plain:
            # only bombs remain (the wish obliges, or a lead from a hand of bombs)
            return Play(seat, min(plays, key=len))
        if table is None:
            # lead low, shedding as many cards as possible at that rank
            combination, play = min(plain, key=lambda cp: (_lead_rank(cp[0]), -cp[0].length))
        else:
            combination, play = min(plain, key=lambda cp: cp[0].rank)
            holder_cards = state.hands[state.table_seat].bit_count()
            if may_pass and combination.rank >= 14 and holder_cards > 3:
                return Pass(seat)
        return self._with_wish(seat, play, hand)

    def _with_wish(self, seat: int, play: tuple[Card, ...], hand: tuple[Card, ...]) -> Play:
        """With the Mah Jong, wish the highest rank the bot does not hold (an opponent may have to
        spend it)."""
        if MAH_JONG not in play:
            return Play(seat, play)
        held = {card.rank for card in hand}
        wish = next((rank for rank in reversed(WISHES) if rank not in held), None)
        return Play(seat, play, wish)

    def interrupt(self, state: HandState, seat: int) -> Action | None:
        """Bomb only an opponent's trick that matters: the Dragon, or an opponent about to go
        out."""
        holder = state.table_seat
        if team_of(holder) == team_of(seat):
            return None
        table = state.table
        if not (table.cards == (DRAGON,) or 0 < state.hands[holder].bit_count() <= 2):
            return None
        bombs = state.bombs_beating_table(seat)
        return Play(seat, min(bombs, key=len)) if bombs else None


def _lead_rank(combination) -> float:
    return 0 if combination.rank is None else combination.rank


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand played to the end: its JSON record, the score entry a captain would type
    (card points or null, finish order, calls, double victory), the totals and the full score."""

    record: dict
    entry: dict
    totals: tuple[int, int]
    score: HandScore


def deal_cards(rng: random.Random) -> list[tuple[Card, ...]]:
    """A shuffled deck dealt into four hands of 14, the first 8 of each being the Grand look."""
    deck = list(CARDS)
    rng.shuffle(deck)
    return [tuple(deck[14 * seat:14 * seat + 14]) for seat in range(4)]


def play_hand(rules: Rules = STANDARD, seed: int = 0, bots: Sequence | None = None) -> PlayedHand:
    """Deal with ``seed`` and let four bots (default: ``HeuristicBot``s seeded from ``seed``) play
    one hand to the end under ``rules``."""
    rng = random.Random(seed)
    if bots is None:
        bots = [HeuristicBot(random.Random(rng.getrandbits(64))) for _ in range(4)]
    state = HandState(deal_cards(rng), rules)
    actions: list[Action] = []
    while not state.over:
        seat = state.to_act
        if state.phase == PLAY and state.table is not None:
            action = next((a for other in (1, 2, 3)
                           if state.hands[(seat + other) & 3]
                           and (a := bots[(seat + other) & 3].interrupt(
                               state, (seat + other) & 3)) is not None), None)
            if action is None:
                action = bots[seat].act(state, seat)
        else:
            action = bots[seat].act(state, seat)
        state.apply(action)
        actions.append(action)
    score = state.score()
    return PlayedHand(make_record(state, actions), state.entry(), score.totals, score)
