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

from .cards import CARDS, DOG, DRAGON, MAH_JONG, PHOENIX, Card, mask_of
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
        phase = state.phase
        if state.may_call_tichu(seat) and rng.random() < self.call_chance:
            return Tichu(seat)
        if phase == EXCHANGE:
            return Exchange(seat, *rng.sample(state.hand(seat), 3))
        if phase == PLAY:
            # the legal plays and the pass, drawn straight from the generator (cheaper than
            # building every action); a Mah Jong play wishes a random rank or nothing
            hand, table, wish = state.hand(seat), state.table, state.wish
            mj = state.rules.mahjong_in_bomb
            plays = legal_plays(hand, table, wish, mahjong_in_bomb=mj)
            may_pass = table is not None and not (
                wish and wish_obliges(hand, table, wish, mahjong_in_bomb=mj))
            pick = rng.randrange(len(plays) + may_pass)
            if pick == len(plays):
                return Pass(seat)
            play = plays[pick]
            return Play(seat, play, rng.choice(_WISH_CHOICES) if MAH_JONG in play else None)
        actions = state.legal_actions(seat)
        calls = [a for a in actions if type(a) in (GrandTichu, BlindGrandTichu)]
        if calls and rng.random() < self.call_chance:
            return calls[0]
        return rng.choice([a for a in actions if type(a) not in (GrandTichu, BlindGrandTichu)])

    def interrupt(self, state: HandState, seat: int) -> Action | None:
        if self.rng.random() >= self.bomb_chance:
            return None
        bombs = state.bombs_beating_table(seat)
        return Play(seat, self.rng.choice(bombs)) if bombs else None


_WISH_CHOICES = (None, *WISHES)


def _order(cards: Sequence[Card]) -> int:
    """How strong a single card is: by rank, the Dog lowest, the Phoenix just under the Dragon."""
    card = cards[0]
    if card is DOG:
        return 0
    if card is PHOENIX:
        return 145
    return card.rank * 10


def _low(play: Sequence[Card]) -> float:
    """The lowest rank in a play (the Dog 0, a lone Phoenix 14.5): what a lead gives away."""
    ranks = [card.rank for card in play if card.rank is not None]
    if ranks:
        return min(ranks)
    return 0 if play[0] is DOG else 14.5


def _high(play: Sequence[Card]) -> float:
    """The highest rank in a play (a lone Phoenix 14.5): the cost of laying it on a trick."""
    ranks = [card.rank for card in play if card.rank is not None]
    return max(ranks) if ranks else 14.5


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
        if state.may_call_tichu(seat) and phase == PLAY and strength(hand) >= 4:
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
        """Go out if possible; pass on the partner's trick; otherwise the lowest play that is no
        bomb (leading: the lowest, shedding the most cards), passing rather than spending an Ace
        or better on an opponent who still holds many cards."""
        mj = state.rules.mahjong_in_bomb
        table, wish = state.table, state.wish
        may_pass = table is not None and not (
            wish and wish_obliges(hand, table, wish, mahjong_in_bomb=mj))
        bomb_masks = {mask_of(bomb) for bomb in bombs_in(state.hands[seat], mj)}
        if (may_pass and state.table_seat == partner_of(seat) and len(hand) != table.length
                and state.hands[seat] not in bomb_masks):
            return Pass(seat)      # no play could take the partner's trick and go out
        plays = legal_plays(hand, table, wish, mahjong_in_bomb=mj)
        going_out = [p for p in plays if len(p) == len(hand)]
        if going_out:
            return self._with_wish(seat, going_out[0], hand)
        plain = [p for p in plays if mask_of(p) not in bomb_masks] if bomb_masks else plays
        if may_pass and (state.table_seat == partner_of(seat) or not plain):
            return Pass(seat)
        if not plain:
            # only bombs remain (the wish obliges, or a lead from a hand of bombs)
            return Play(seat, min(plays, key=len))
        if table is None:
            play = min(plain, key=lambda p: (_low(p), -len(p)))
        else:
            play = min(plain, key=_high)
            if may_pass and _high(play) >= 14 and state.hands[state.table_seat].bit_count() > 3:
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


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand played to the end: the score entry a captain would type (card points or null, finish
    order, calls, double victory), the totals, the full score, and the JSON record (built when
    asked for: the demo records only the entry)."""

    entry: dict
    totals: tuple[int, int]
    score: HandScore
    state: HandState
    actions: tuple[Action, ...]

    @property
    def record(self) -> dict:
        """The hand record (``scoring.record``): deal, every action, result."""
        return make_record(self.state, list(self.actions))


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
    mahjong_in_bomb = rules.mahjong_in_bomb
    while not state.over:
        seat = state.to_act
        action = None
        if state.phase == PLAY and state.table is not None:
            # before each turn during a trick, whoever holds a bomb may lay it out of turn
            for other in ((seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3):
                if bombs_in(state.hands[other], mahjong_in_bomb):
                    action = bots[other].interrupt(state, other)
                    if action is not None:
                        break
        if action is None:
            action = bots[seat].act(state, seat)
        state.apply(action)
        actions.append(action)
    score = state.score()
    return PlayedHand(state.entry(), score.totals, score, state, tuple(actions))
