"""The random bot: a random legal action, as a fuzzer of the rules should draw them."""

from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.actions import (
    Action,
    BlindGrandTichu,
    Exchange,
    GiveDragon,
    GiveLead,
    GrandTichu,
    Pass,
    Play,
    Push,
    Tichu,
)
from scoring.cards import DECK_SIZE, DRAGON_RANK, MAH_JONG, Card
from scoring.combinations import SINGLE
from scoring.hand_plays import BOMB, LEAD_KINDS, HandPlays, singles_above
from scoring.state import BLIND, DOG_LEAD, DRAGON_GIFT, EXCHANGE, GRAND, PLAY, WISHES, HandState

from .bits import MOST_SEATS, PASSES, PHOENIX_OR_DRAGON, single_action
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
        self._plays: list[HandPlays | None] = [None] * MOST_SEATS

    def act(self, state: HandState, seat: int) -> Action:
        rng = self.rng
        phase = state.phase
        if phase == PLAY:
            if (
                not state.played[seat]
                and state.calls[seat] is None
                and rng.random() < self.call_chance
                and state.may_call_tichu(seat)
            ):
                return Tichu(seat)
            plays_of = self._plays[seat]
            if (
                plays_of is None
                or plays_of.mask != state.hands[seat]
                or plays_of.mahjong_in_bomb != state.rules.mahjong_in_bomb
            ):
                plays_of = seat_plays(self._plays, state, seat)
            table, wish = state.table, state.wish
            if not (wish and plays_of.holds(wish)):  # no wish obliges
                if table is None:
                    return self._lead(seat, plays_of)
                if (
                    table.kind == SINGLE
                    and table.rank is not None
                    and not plays_of.mask >> DECK_SIZE
                ):
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
            return exchange_of(
                state, seat, rng.sample(state.hand(seat), len(state.recipients(seat)))
            )
        if phase == DRAGON_GIFT:
            receivers = state.variant.dragon_receivers(seat)  # in Tichu: right, then left
            return GiveDragon(seat, receivers[int(rng.random() * len(receivers))])
        if phase == DOG_LEAD:
            return GiveLead(seat, rng.choice(state.variant.dog_choices(seat, state.hands)))
        if phase in (GRAND, BLIND):  # a Grand (or Blind Grand) Tichu, or a pass
            call = GrandTichu(seat) if phase == GRAND else BlindGrandTichu(seat)
            legal = state.legal_actions(seat)
            if Pass(seat) not in legal or (rng.random() < self.call_chance and call in legal):
                return call  # Chaos Tichu: the team's last to decide calls
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


def exchange_of(state: HandState, seat: int, cards: Sequence[Card]) -> Exchange | Push:
    """The exchange of ``cards`` (one per recipient, in order) as the game lays it out: the
    cards the game forces instead, where it does (Grand Seigneur's tribute)."""
    forced = state.variant.forced_push(seat, state.hands[seat], state.placing)
    cards = tuple(forced if forced is not None else cards)
    if len(cards) == 3 and state.recipients(seat) == (
        (seat + 3) & 3,
        (seat + 2) & 3,
        (seat + 1) & 3,
    ):
        return Exchange(seat, *cards)
    return Push(seat, cards)
