"""The random bot: a random legal action, as a fuzzer of the rules should draw them."""

from __future__ import annotations

import random

from scoring.actions import (
    Action,
    BlindGrandTichu,
    Exchange,
    GiveDragon,
    GrandTichu,
    Play,
    Tichu,
)
from scoring.cards import DRAGON_RANK, MAH_JONG, Card
from scoring.combinations import SINGLE
from scoring.hand_plays import BOMB, LEAD_KINDS, HandPlays, singles_above
from scoring.state import BLIND, DRAGON_GIFT, EXCHANGE, GRAND, PLAY, WISHES, HandState

from .bits import PASSES, PHOENIX_OR_DRAGON, single_action
from .driver import seat_plays


class RandomBot:
    """A random legal action: in turn on a trick, any legal play or the pass, uniformly; leading,
    a kind of combination the hand holds, at random, then any play of that kind (so that every
    kind is exercised, not mostly the straights a Phoenix multiplies); calls, bombs and wishes
    now and then, as a fuzzer should."""

    def __init__(self, rng: random.Random, call_chance: float = 0.05, bomb_chance: float = 0.2):
        self.rng = rng
        self.call_chance = call_chance
        self.bomb_chance = bomb_chance
        self._plays: list[HandPlays | None] = [None] * 4

    def act(self, state: HandState, seat: int) -> Action:
        rng = self.rng
        phase = state.phase
        if phase == PLAY:
            if (not state.played[seat] and state.calls[seat] is None
                    and rng.random() < self.call_chance):
                return Tichu(seat)
            plays_of = self._plays[seat]
            if (plays_of is None or plays_of.mask != state.hands[seat]
                    or plays_of.mahjong_in_bomb != state.rules.mahjong_in_bomb):
                plays_of = seat_plays(self._plays, state, seat)
            table, wish = state.table, state.wish
            if not (wish and plays_of.holds(wish)):  # no wish obliges
                if table is None:
                    return self._lead(seat, plays_of)
                if table.kind == SINGLE and table.rank is not None:
                    return self._on_single(seat, plays_of, table.rank)
            # the legal plays and the pass, drawn from the seat's candidates (cheaper than
            # building every action)
            plays, bombs, may_pass = plays_of.split_entries(table, wish)
            pick = int(rng.random() * (len(plays) + len(bombs) + may_pass))
            if pick < len(plays):
                return self._with_wish(seat, plays[pick][1])
            pick -= len(plays)
            return Play(seat, bombs[pick][1]) if pick < len(bombs) else PASSES[seat]
        if state.may_call_tichu(seat) and rng.random() < self.call_chance:
            return Tichu(seat)
        if phase == EXCHANGE:
            return Exchange(seat, *rng.sample(state.hand(seat), 3))
        if phase == DRAGON_GIFT:
            return GiveDragon(seat, (seat + 1) & 3 if rng.random() < 0.5 else (seat + 3) & 3)
        if phase in (GRAND, BLIND):  # a Grand (or Blind Grand) Tichu, or a pass
            if rng.random() < self.call_chance:
                call = GrandTichu(seat) if phase == GRAND else BlindGrandTichu(seat)
                if call in state.legal_actions(seat):
                    return call
            return PASSES[seat]
        raise ValueError(f"seat {seat} has nothing to do in the {phase} phase")

    def _on_single(self, seat: int, plays_of: HandPlays, rank: float) -> Action:
        """On a single (no wish obliges): a card above it, the Phoenix or the Dragon below the
        Dragon, a bomb, or the pass, uniformly."""
        mask = plays_of.mask
        cards = singles_above(mask, rank)
        if rank < DRAGON_RANK:
            cards |= mask & PHOENIX_OR_DRAGON
        bombs = () if plays_of.bomb_free else plays_of.entries(BOMB)
        count = cards.bit_count()
        pick = int(self.rng.random() * (count + len(bombs) + 1))
        if pick < count:
            for _ in range(pick):
                cards &= cards - 1
            return single_action(seat, cards & -cards)
        pick -= count
        return Play(seat, bombs[pick][1]) if pick < len(bombs) else PASSES[seat]

    def _lead(self, seat: int, plays_of: HandPlays) -> Play:
        """A kind at random among those the hand can lead (bombs too), then a play of it."""
        rng = self.rng
        exhausted = plays_of.exhausted
        kinds = list(_RANDOM_LEAD_KINDS)
        while kinds:
            pick = int(rng.random() * len(kinds))
            kind = kinds[pick]
            if kind not in exhausted:
                entries = plays_of.entries(kind)
                if entries:
                    return self._with_wish(seat, entries[int(rng.random() * len(entries))][1])
            del kinds[pick]
        raise AssertionError("a hand holding cards can always lead")

    def _with_wish(self, seat: int, play: tuple[Card, ...]) -> Play:
        """The play; with the Mah Jong, a random wish or none."""
        if MAH_JONG in play:
            return Play(seat, play, self.rng.choice(_WISH_CHOICES))
        return Play(seat, play)

    def interrupt(self, state: HandState, seat: int) -> Action | None:
        if self.rng.random() >= self.bomb_chance:
            return None
        bombs = state.bombs_beating_table(seat)
        return Play(seat, self.rng.choice(bombs)) if bombs else None


_RANDOM_LEAD_KINDS = (*LEAD_KINDS, BOMB)
_WISH_CHOICES = (None, *WISHES)
