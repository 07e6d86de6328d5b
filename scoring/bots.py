"""Bots that play whole hands through the state machine, for demos, simulations and fuzzing.

A bot answers two questions about its seat:

- ``act(state, seat)``: the action the hand waits for from this seat (``state.to_act == seat``):
  a call or pass in the calling phases, an exchange, a play or pass in turn, the Dragon's gift. It
  may also return a ``Tichu`` call first; it is asked again afterwards.
- ``interrupt(state, seat)``: before each turn during a trick, whether to lay a bomb out of turn
  (``None``: no). Only a seat holding a bomb is asked.

Every bot draws its chances from an explicit ``random.Random``, so a seed replays a hand exactly.
A bot keeps, per seat, the ``HandPlays`` of its hand (every candidate generated once, then
narrowed as the hand shrinks), so a turn costs a filter, not a generation. The state machine
still checks every action a bot takes (``HandState.apply``). ``play_hand`` deals and plays one
hand and returns its record, the captain's score entry and the totals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CARDS, DOG, DRAGON, MAH_JONG, PHOENIX, Card, cards_of
from .combinations import SINGLE, reading_of_mask
from .entry import HandScore, partner_of, team_of
from .hand import (
    BLIND,
    DRAGON_GIFT,
    EXCHANGE,
    GRAND,
    OVER,
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
from .plays import BOMB, LEAD_KINDS, PHOENIX_SINGLE_RANK, HandPlays, rank_sets, singles_above
from .record import make_record
from .rules import STANDARD, Rules

_PASSES = tuple(Pass(seat) for seat in range(4))
"""Actions are immutable values: one ``Pass`` per seat serves every turn."""
_OTHERS = tuple(((seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3) for seat in range(4))
"""The other seats from each: the next player (the right-hand opponent), the partner, the
previous player (the left-hand opponent)."""
_OPPONENTS = tuple((right, left) for right, _, left in _OTHERS)
_TEAMS = tuple(team_of(seat) for seat in range(4))
"""Each seat's opponents, and its team, looked up rather than worked out on every turn."""
_ALL_CARDS = (1 << len(CARDS)) - 1
_DRAGON_BIT, _PHOENIX_BIT, _DOG_BIT, _MAH_JONG_BIT = (DRAGON.bit, PHOENIX.bit, DOG.bit,
                                                      MAH_JONG.bit)
_PHOENIX_OR_DRAGON = _PHOENIX_BIT | _DRAGON_BIT
_RANK_MASKS = tuple(15 << (4 * (rank - 2)) if 2 <= rank <= 14 else 0 for rank in range(16))
_DRAGON_RANK = DRAGON.rank
_SINGLE_PLAY = tuple((card,) for card in CARDS)
_SINGLE_ACTIONS = tuple(tuple(Play(seat, play) for play in _SINGLE_PLAY) for seat in range(4))
"""Likewise one ``Play`` of each card alone (with no wish) per seat."""


def seat_plays(cache: list, state: HandState, seat: int) -> HandPlays:
    """The ``HandPlays`` of the cards ``seat`` holds, kept in ``cache`` (one per seat) and
    narrowed as the hand shrinks; a hand that is no part of the cached one starts afresh."""
    mask = state.hands[seat]
    found = cache[seat]
    if found is None or found.mahjong_in_bomb != state.rules.mahjong_in_bomb:
        found = HandPlays(mask, state.rules.mahjong_in_bomb)
    else:
        found = found.narrow(mask)
    cache[seat] = found
    return found


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
                if table.kind == SINGLE:
                    return self._on_single(seat, plays_of, table.rank)
            # the legal plays and the pass, drawn from the seat's candidates (cheaper than
            # building every action)
            plays, bombs, may_pass = plays_of.split_entries(table, wish)
            pick = int(rng.random() * (len(plays) + len(bombs) + may_pass))
            if pick < len(plays):
                return self._with_wish(seat, plays[pick][1])
            pick -= len(plays)
            return Play(seat, bombs[pick][1]) if pick < len(bombs) else _PASSES[seat]
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
            return _PASSES[seat]
        raise ValueError(f"seat {seat} has nothing to do in the {phase} phase")

    def _on_single(self, seat: int, plays_of: HandPlays, rank: float) -> Action:
        """On a single (no wish obliges): a card above it, the Phoenix or the Dragon below the
        Dragon, a bomb, or the pass, uniformly."""
        mask = plays_of.mask
        cards = singles_above(mask, rank)
        if rank < _DRAGON_RANK:
            cards |= mask & _PHOENIX_OR_DRAGON
        bombs = () if plays_of.bomb_free else plays_of.entries(BOMB)
        count = cards.bit_count()
        pick = int(self.rng.random() * (count + len(bombs) + 1))
        if pick < count:
            for _ in range(pick):
                cards &= cards - 1
            return _single(seat, cards & -cards)
        pick -= count
        return Play(seat, bombs[pick][1]) if pick < len(bombs) else _PASSES[seat]

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


# -- the heuristic player ----------------------------------------------------------------------

def strength(cards: Sequence[Card]) -> int:
    """A rough count of a hand's winners: the Dragon, the Phoenix, Aces, and bombs (two each)."""
    return _strength(sum(card.bit for card in cards))


def _strength(mask: int) -> int:
    score = (mask & _RANK_MASKS[14]).bit_count()
    score += bool(mask & _DRAGON_BIT) + bool(mask & _PHOENIX_BIT)
    return score + 2 * len(bombs_in(mask))


def hand_value(mask: int, mahjong_in_bomb: bool = False) -> tuple[int, int]:
    """How a hand stands for a Tichu call: (controls, plays).

    Controls win the lead back: the Dragon, the Phoenix, each Ace and each bomb. Plays: how many
    leads shed the rest, bombs aside, the Dragon, Phoenix and Dog apart, taking from the lowest
    rank up the biggest combination it starts (as ``_combination_from`` does): a straight of
    five or more ranks, a triple with a pair, a run of pairs, a triple, a pair, a single."""
    bombs = bombs_in(mask, mahjong_in_bomb)
    free = mask & ~_cards_of_bombs(bombs)
    controls = ((free & _RANK_MASKS[14]).bit_count() + len(bombs)
                + bool(mask & _DRAGON_BIT) + bool(mask & _PHOENIX_BIT))
    return controls, _plays_needed(free)


def _cards_of_bombs(bombs: tuple[tuple[Card, ...], ...]) -> int:
    """The cards of some bombs, as a mask."""
    cards = 0
    for bomb in bombs:
        for card in bomb:
            cards |= card.bit
    return cards


def _plays_needed(free: int) -> int:
    """``hand_value``'s plays of the cards ``free`` (no bomb among them)."""
    # the rank bitmasks of the ranks held once or more, twice or more, three times (no more:
    # bombs aside); each play takes the lowest rank left, and the run of ranks or pairs from it
    held, paired, tripled = _rank_sets(free)
    plays = 0
    while held:
        low = held & -held
        plays += 1
        if held & low * 31 == low * 31:  # a straight of five ranks or more: one card of each
            run = held & ~(held + low)
            held = held & ~run | paired & run
            paired = paired & ~run | tripled & run
            tripled &= ~run
        elif not paired & low:  # a single
            held ^= low
        else:
            if tripled & low:  # a triple, with the lowest other pair
                pairs = paired ^ low
                gone = low | pairs & -pairs
            else:  # a pair with the lowest triple, or stairs (the run of pairs from it)
                gone = low | tripled & -tripled if tripled else paired & ~(paired + low)
            held &= ~gone
            paired &= ~gone
            tripled &= ~gone
    return plays


def _call_score(mask: int, mahjong_in_bomb: bool = False) -> int:
    """How likely a hand of 14 is to go out first, as a score (a logistic fit, in hundredths, of
    whether these bots' hands went out first): the Dragon, the Phoenix, Aces, Kings and bombs
    for, each play the rest needs (``hand_value``) against, the Mah Jong (the first lead) for,
    the Dog (it gives the lead away) against."""
    bombs = bombs_in(mask, mahjong_in_bomb)
    plays = _plays_needed(mask & ~_cards_of_bombs(bombs))
    return (45 * bool(mask & _DRAGON_BIT) + 75 * bool(mask & _PHOENIX_BIT)
            + 38 * (mask & _RANK_MASKS[14]).bit_count() + 34 * (mask & _RANK_MASKS[13]).bit_count()
            + 48 * len(bombs) - 21 * plays + 37 * bool(mask & _MAH_JONG_BIT)
            - 110 * bool(mask & _DOG_BIT) - 57)


def _controls(mask: int) -> int:
    """The Dragon, the Phoenix and the Aces a hand holds."""
    return ((mask & _RANK_MASKS[14]).bit_count() + bool(mask & _DRAGON_BIT)
            + bool(mask & _PHOENIX_BIT))


def _rank_sets(free: int) -> tuple[int, int, int]:
    """The rank bitmasks (bit ``r``: rank ``r``; bit 1: the Mah Jong) of the ranks of ``free``
    held once or more, twice or more, three times or more."""
    held, paired, tripled = rank_sets(free)
    if free & _MAH_JONG_BIT:
        held |= 2
    return held, paired, tripled


class HeuristicBot:
    """A sensible player, close enough to a decent human's habits to give plausible scores.

    - **Calls** Tichu on a hand likely to go out first (``_call_score``: the Dragon, the
      Phoenix, Aces, Kings and bombs for, the plays the rest needs, the Dog against, the Mah
      Jong's first lead for), never after the partner's call; Grand Tichu on eight cards with
      four winners (``strength``), unless the partner called one.
    - **Exchange**: the best card but the Dragon and Phoenix to the partner (the very best after
      a partner's Grand Tichu), low ones to the opponents, even to the right and odd to the left
      (as the German article advises).
    - **Leads**: the whole hand when it is one play; the Dog to a partner who called, who holds
      one card, or when one's own hand is weak; the lowest single to a partner holding one
      card; a sure winner first when the rest goes out in one play; else the lowest card, shed
      in the biggest combination it starts (no Phoenix, no card of a bomb), and no low single
      to an opponent holding one card. Under the wish: the wished rank.
    - **On a partner's trick**: pass, unless an opponent is near a result that costs dearly (a
      double victory after the partner's partner went out, or a caller's Tichu; then the
      strongest play), or the partner went out with it (its lead would go to an opponent), or
      the play goes out (never before a partner who called).
    - **On an opponent's trick**: the cheapest play that beats it, keeping pairs and triples
      whole if it can; the strongest when an urgent opponent holds two cards or fewer. An Ace,
      the Phoenix or the Dragon only when urgent (the holder called and holds eight cards or
      fewer, holds three or fewer, or a double victory looms) or after one's own call.
    - **Bombs** are kept for an opponent's Dragon or an urgent trick, or to go out.
    - **The Dragon** goes to the opponent holding more cards.

    Plays come from the seat's ``HandPlays`` (generated once, narrowed as the hand shrinks), or
    for a single on the table and for leads straight from the bits of the hand.
    """

    def __init__(self, rng: random.Random):
        self.rng = rng
        self._plays: list[HandPlays | None] = [None] * 4
        self._judged: list[int | None] = [None] * 4  # the hand each seat's call was judged on

    # -- calls and exchange ----------------------------------------------------------------

    def act(self, state: HandState, seat: int) -> Action:
        phase = state.phase
        if phase == PLAY:
            hand = state.hands[seat]
            if not state.played[seat] and state.calls[seat] is None and self._judged[seat] != hand:
                self._judged[seat] = hand
                if self._calls_tichu(state, seat, hand):
                    return Tichu(seat)
            plays_of = self._plays[seat]
            if (plays_of is None or plays_of.mask != hand
                    or plays_of.mahjong_in_bomb != state.rules.mahjong_in_bomb):
                plays_of = seat_plays(self._plays, state, seat)
            if state.table is None:
                return self._lay(state, seat, self._lead(state, seat, plays_of))
            return self._follow(state, seat, plays_of)
        if phase == BLIND:
            return _PASSES[seat]
        if phase == GRAND:
            if (state.rules.grand_tichu_allowed and _strength(state.hands[seat]) >= 4
                    and state.calls[partner_of(seat)] not in ("grand", "blind")):
                return GrandTichu(seat)
            return _PASSES[seat]
        if phase == EXCHANGE:
            return self._exchange(state.hands[seat], seat, state.calls[partner_of(seat)])
        if phase == DRAGON_GIFT:
            left, right = (seat + 3) & 3, (seat + 1) & 3
            return GiveDragon(seat, left if state.hands[left].bit_count()
                              > state.hands[right].bit_count() else right)
        raise ValueError(f"seat {seat} has nothing to do in the {phase} phase")

    @staticmethod
    def _calls_tichu(state: HandState, seat: int, mask: int) -> bool:
        """Call Tichu on a strong hand (``hand_value``), never after the partner's call."""
        if state.calls[partner_of(seat)] is not None or state.out:
            return False
        return _call_score(mask, state.rules.mahjong_in_bomb) >= _CALL_SCORE

    @staticmethod
    def _exchange(mask: int, seat: int, partner_call: str | None) -> Exchange:
        """The best card to the partner (not the Dragon or Phoenix, kept for oneself, unless the
        partner called Grand Tichu), the two lowest to the opponents, an even one to the right
        and an odd one to the left."""
        givable = mask if partner_call in ("grand", "blind") else (
            mask & ~_PHOENIX_OR_DRAGON)
        suited = givable & _SUITED
        # the best: the Dragon, the Phoenix, Ace to 2, the Mah Jong, the Dog
        best = (givable & _DRAGON_BIT or givable & _PHOENIX_BIT
                or (1 << (suited.bit_length() - 1) if suited
                    else givable & _MAH_JONG_BIT or givable & _DOG_BIT))
        partner = CARDS[best.bit_length() - 1]
        evens, odds = [], []  # the four weakest cards left, of an even rank or not
        for card in _weakest(mask & ~best & ~_MAH_JONG_BIT, 4):
            (evens if card.rank and card.rank % 2 == 0 else odds).append(card)
        even = evens[0] if evens else odds.pop(0)
        return Exchange(seat, odds[0] if odds else evens[1], partner, even)

    # -- play ---------------------------------------------------------------------------

    def _follow(self, state: HandState, seat: int, plays_of: HandPlays) -> Action:
        """In turn on a trick (see the class's description)."""
        table = state.table
        mask = plays_of.mask
        hands = state.hands
        right, partner, left = _OTHERS[seat]
        holder = state.table_seat
        wish = state.wish
        out = state.out
        calls = state.calls
        threat = (out or calls[right] or calls[left]) and self._threat(state, seat)
        free = not wish or not mask & _RANK_MASKS[wish]  # surely no wish obliges
        if (holder == partner and hands[partner] and not threat and free
                and mask.bit_count() != table.length):
            return _PASSES[seat]  # the partner's trick stands
        if free and table.kind == SINGLE:
            action = self._follow_single(state, seat, plays_of, threat)
            if action is not None:
                return action
        plays, bombs, may_pass = plays_of.split_entries(table, wish)
        if not plays and not bombs:
            return _PASSES[seat]
        partner_calls = not out and calls[partner] is not None
        # going out, unless that spoils the partner's call
        if ((mask.bit_count() == table.length or bombs) and not (partner_calls and may_pass)
                and reading_of_mask(mask, table, plays_of.mahjong_in_bomb) is not None):
            for entry in (*plays, *bombs):
                if entry[0] == mask:
                    return self._lay(state, seat, entry[1])
        if holder == partner:
            if may_pass and (partner_calls or not plays):
                return _PASSES[seat]
            if plays:
                if threat:  # stop the opponent who could go out on it: the strongest play
                    return self._lay(state, seat, max(plays, key=_entry_rank)[1])
                if not hands[partner] and hands[left]:
                    # the partner went out with this trick: its lead would go to an opponent
                    entry = _cheapest(plays, mask, plays_of)
                    if not may_pass or entry[3] < 14 or entry[2] >= 5:
                        return self._lay(state, seat, entry[1])
                if may_pass:
                    return _PASSES[seat]
                return self._lay(state, seat, _cheapest(plays, mask, plays_of)[1])
            return _PASSES[seat] if may_pass else Play(seat, min(bombs, key=_bomb_size)[1])
        urgent = threat or self._urgent(state, seat, holder)
        if plays:
            if urgent and 0 < hands[holder].bit_count() <= 2:
                return self._lay(state, seat, max(plays, key=_entry_rank)[1])
            entry = _cheapest(plays, mask, plays_of)
            if (not may_pass or urgent or entry[3] < 14 or entry[2] >= 5
                    or (not state.out and state.calls[seat] is not None)):
                return self._lay(state, seat, entry[1])
            return _PASSES[seat]
        if bombs and (urgent or not may_pass):
            return Play(seat, min(bombs, key=_bomb_size)[1])
        return _PASSES[seat]

    def _follow_single(self, state: HandState, seat: int, plays_of: HandPlays, threat: bool
                       ) -> Action | None:
        """``_follow`` on a single, read straight from the bits of the hand (no wish obliges);
        ``None``: let the general way decide (only bombs, or cards of a bomb, would beat)."""
        rank = state.table.rank
        mask = plays_of.mask
        bombs = () if plays_of.bomb_free else plays_of.entries(BOMB)
        free = mask  # bombs aside
        for entry in bombs:
            free &= ~entry[0]
        cards = singles_above(free, rank)
        if rank < _DRAGON_RANK:
            phoenix, dragon = free & _PHOENIX_BIT, free & _DRAGON_BIT
        else:
            phoenix = dragon = 0
        if not (cards or phoenix or dragon):
            return _PASSES[seat] if not bombs else None
        _, partner, left = _OTHERS[seat]
        partner_calls = not state.out and state.calls[partner] is not None
        if mask.bit_count() == 1:  # the last card goes out, unless it spoils the partner's call
            return _PASSES[seat] if partner_calls else _single(seat, mask)
        # the cheapest card that beats it: the lowest card held alone (costing its rank), but
        # the lowest card of a pair or more when no card alone lies within two ranks above it
        # (splitting costs its rank and 2.5); each rank is a nibble, rank 2 + shift // 4
        cheapest, cost = 0, 99.0
        if cards:
            low = cards & -cards
            shift = (low.bit_length() - 1) & ~3
            cheapest, cost = low, 2 + (shift >> 2)
            if cards >> shift & 15 != low >> shift:  # the lowest rank is held twice or more
                cost += 2.5
                for up in (4, 8):
                    nibble = cards >> (shift + up) & 15
                    if nibble and not nibble & (nibble - 1):
                        cheapest, cost = nibble << (shift + up), 2 + ((shift + up) >> 2)
                        break
        if phoenix and cost > PHOENIX_SINGLE_RANK:
            cheapest, cost = _PHOENIX_BIT, PHOENIX_SINGLE_RANK
        if dragon and cost > _DRAGON_RANK:
            cheapest, cost = _DRAGON_BIT, _DRAGON_RANK
        holder = state.table_seat
        hands = state.hands
        if holder == partner:
            if partner_calls:
                return _PASSES[seat]
            if threat:  # stop the opponent who could go out on it
                return _single(seat, dragon or phoenix or _highest_of(cards))
            if not hands[partner] and hands[left] and cost < 14:
                return _single(seat, cheapest)  # the partner went out with this trick
            return _PASSES[seat]
        # whether the trick is urgent is asked only where it decides: a cheap card goes anyway
        if hands[holder].bit_count() <= 2 and (threat or self._urgent(state, seat, holder)):
            return _single(seat, dragon or phoenix or _highest_of(cards))
        if (cost < 14 or threat or self._urgent(state, seat, holder)
                or (not state.out and state.calls[seat] is not None)):
            return _single(seat, cheapest)
        return _PASSES[seat]

    @staticmethod
    def _threat(state: HandState, seat: int) -> bool:
        """Is an opponent close to a result that costs our team dearly? An opponent went out
        first and our team has nobody out (a double victory looms), or an opponent who called
        (nobody out yet) holds four cards or fewer."""
        out = state.out
        if out:
            return (len(out) == 1 and _TEAMS[out[0]] != _TEAMS[seat]
                    and state.hands[_OTHERS[out[0]][1]].bit_count() <= _THREAT_CARDS)
        calls = state.calls
        for opponent in _OPPONENTS[seat]:
            if calls[opponent] is not None:
                held = state.hands[opponent]
                if held and held.bit_count() <= _THREAT_CARDS:
                    return True
        return False

    def _lay(self, state: HandState, seat: int, play: tuple[Card, ...]) -> Play:
        """The play, with a wish when it holds the Mah Jong: the highest rank the bot does not
        hold (an opponent may have to spend it)."""
        if MAH_JONG not in play:
            return Play(seat, play)
        mask = state.hands[seat]
        wish = next((rank for rank in reversed(WISHES) if not mask & _RANK_MASKS[rank]), None)
        return Play(seat, play, wish)

    @staticmethod
    def _urgent(state: HandState, seat: int, holder: int) -> bool:
        """Must this opponent's trick be fought for whatever it costs? When the holder called
        and nobody is out, when the holder is nearly out, or when the holder's partner is out
        first and our team has nobody out (a double victory looms)."""
        out = state.out
        held = state.hands[holder].bit_count()
        if not out and held <= 8 and state.calls[holder] is not None:
            return True
        if 0 < held <= 3:
            return True
        return len(out) == 1 and _TEAMS[out[0]] != _TEAMS[seat]

    def _lead(self, state: HandState, seat: int, plays_of: HandPlays) -> tuple[Card, ...]:
        """The lead (see the class's description)."""
        mask = plays_of.mask
        partner_calls = not state.out and state.calls[(seat + 2) & 3] is not None
        hands = state.hands
        wish = state.wish
        wished = _RANK_MASKS[wish] & mask if wish else 0  # the wish obliges
        # going out
        if (not partner_calls or mask.bit_count() == 1) and _may_be_one_play(mask):
            whole = reading_of_mask(mask, None, plays_of.mahjong_in_bomb)
            if whole is not None:  # the play as ``legal_plays`` lists it
                kind = BOMB if whole.is_bomb else whole.kind
                return next(entry[1] for entry in plays_of.entries(kind) if entry[0] == mask)
        partner = (seat + 2) & 3
        partner_left = hands[partner].bit_count()
        if mask & _DOG_BIT and partner_left and not wished and (
                partner_calls or partner_left == 1
                or (state.calls[seat] is None and _controls(mask) < 2)):
            return (DOG,)
        bomb_cards = _bomb_cards(plays_of)
        # a sure winner first when the rest goes out in one play
        if mask.bit_count() <= 8 and not wished:
            unseen = _ALL_CARDS & ~mask & (hands[0] | hands[1] | hands[2] | hands[3])
            boss = _boss_single(mask, unseen)
            if boss is not None and _may_be_one_play(mask & ~boss.bit) and reading_of_mask(
                    mask & ~boss.bit, None, plays_of.mahjong_in_bomb) is not None:
                return (boss,)
        # the lowest card (the wished rank when the wish obliges), shed in the biggest play
        free = mask & ~bomb_cards & _SUITED_OR_MAH_JONG
        if wished:
            return cards_of(_set_of(wished, 3))
        if free and partner_left == 1 and not state.calls[seat]:
            # feed the partner about to go out: the lowest single
            return _SINGLE_PLAY[(free & -free).bit_length() - 1]
        if free:
            danger = (hands[(seat + 1) & 3].bit_count() == 1
                      or hands[(seat + 3) & 3].bit_count() == 1)  # an opponent holds one card
            return _as_listed(_shedding_lead(free, danger))
        # only the Dragon, the Phoenix, the Dog and bombs are left
        for bit in (_DRAGON_BIT, _PHOENIX_BIT, _DOG_BIT):
            if mask & bit:
                return cards_of(bit)
        return min(plays_of.entries(BOMB), key=_bomb_size)[1]

    def interrupt(self, state: HandState, seat: int) -> Action | None:
        """Bomb an opponent's trick that matters: the Dragon, an opponent nearly out, a caller's
        trick, a looming double victory; or to go out with one's last cards."""
        holder = state.table_seat
        if team_of(holder) == team_of(seat):
            return None
        bombs = state.bombs_beating_table(seat)
        if not bombs:
            return None
        if state.table.cards == (DRAGON,) or self._urgent(state, seat, holder):
            return Play(seat, min(bombs, key=len))
        mask = state.hands[seat]
        for bomb in bombs:
            if sum(card.bit for card in bomb) == mask:
                return Play(seat, bomb)
        return None


_SUITED = (1 << 52) - 1
_THREAT_CARDS = 4
"""An opponent holding this many cards or fewer is close to going out (``_threat``)."""
_CALL_SCORE = -10
"""The least ``_call_score`` a Tichu is called on."""
_SUITED_OR_MAH_JONG = _SUITED | _MAH_JONG_BIT


def _weakest(mask: int, count: int) -> list[Card]:
    """The ``count`` weakest cards of ``mask`` (which holds no Mah Jong): the Dog, 2 to Ace,
    the Phoenix, the Dragon."""
    low = [DOG] if mask & _DOG_BIT else []
    suited = higher = mask & _SUITED
    for _ in range(count):
        higher &= higher - 1
    low += cards_of(suited ^ higher)  # the lowest ``count`` suited cards
    if len(low) < count:
        low += [card for card in (PHOENIX, DRAGON) if mask & card.bit]
    return low[:count]


def _set_of(cards: int, most: int) -> int:
    """Up to ``most`` of ``cards`` (of one rank), the lowest suits first."""
    while cards.bit_count() > most:
        cards &= ~(1 << (cards.bit_length() - 1))
    return cards


def _rank_cards(mask: int, rank: int) -> int:
    """The cards of ``mask`` of one rank (1: the Mah Jong)."""
    return mask & (_MAH_JONG_BIT if rank == 1 else _RANK_MASKS[rank])


def _run_from(ranks: int, rank: int) -> int:
    """How many consecutive ranks of the rank bitmask ``ranks`` start at ``rank``."""
    ones = ranks >> rank
    return (~ones & (ones + 1)).bit_length() - 1


def _shedding_lead(free: int, danger: bool) -> int:
    """The lead that sheds the lowest card of ``free`` (suited cards and the Mah Jong, bombs left
    out) in the biggest combination holding it: a straight up from it, a full house, stairs, a
    triple, a pair, or it alone. In ``danger`` (an opponent nearly out who must not get the
    lead), a low single gives way to the lowest combination of two cards or more, or else to
    the highest single."""
    held, paired, tripled = _rank_sets(free)
    low = (held & -held).bit_length() - 1
    play = _combination_from(free, held, paired, tripled, low)
    if not danger or (play & (play - 1)) or low >= 14:
        return play
    rest = held & ~(1 << low)
    while rest:
        rank = (rest & -rest).bit_length() - 1
        found = _combination_from(free, held, paired, tripled, rank)
        if found & (found - 1):
            return found
        rest &= rest - 1
    cards = _rank_cards(free, held.bit_length() - 1)
    return cards & -cards


def _combination_from(free: int, held: int, paired: int, tripled: int, low: int) -> int:
    """The biggest combination of ``free`` holding a card of rank ``low`` and none lower: a
    straight up from it (one card a rank, the lowest suit), a full house (its triple with the
    lowest pair, or its pair with the lowest triple), stairs up from it, its triple, its pair,
    or one card."""
    run = _run_from(held, low)
    if run >= 5:
        play = 0
        for rank in range(low, low + run):
            cards = _rank_cards(free, rank)
            play |= cards & -cards
        return play
    low_cards = _rank_cards(free, low)
    if tripled >> low & 1:
        pairs = paired & ~(1 << low)
        if pairs:
            other = (pairs & -pairs).bit_length() - 1
            return _set_of(low_cards, 3) | _set_of(_rank_cards(free, other), 2)
        return _set_of(low_cards, 3)
    if paired >> low & 1:
        triples = tripled & ~(1 << low)
        if triples:
            other = (triples & -triples).bit_length() - 1
            return low_cards | _set_of(_rank_cards(free, other), 3)
        stairs = _run_from(paired, low)
        play = 0
        for rank in range(low, low + stairs):
            play |= _set_of(_rank_cards(free, rank), 2)
        return play
    return low_cards & -low_cards


def _single(seat: int, bit: int) -> Play:
    """``seat`` plays the one card of a one-card mask alone (no wish)."""
    return _SINGLE_ACTIONS[seat][bit.bit_length() - 1]


def _as_listed(play: int) -> tuple[Card, ...]:
    """A play built from bits (no Phoenix in it), its cards in the order ``legal_plays`` lists
    them: by index, save the Mah Jong first in a straight and the triple first in a full
    house."""
    if not play & (play - 1):
        return _SINGLE_PLAY[play.bit_length() - 1]
    if play & _MAH_JONG_BIT:
        return (MAH_JONG, *cards_of(play & _SUITED))
    if play.bit_count() == 5:
        held, _, tripled = rank_sets(play)
        if held.bit_count() == 2:
            triple = play & _RANK_MASKS[tripled.bit_length() - 1]
            return cards_of(triple) + cards_of(play & ~triple)
    return cards_of(play)


def _highest_of(cards: int) -> int:
    """The highest card of a mask, as a mask."""
    return 1 << (cards.bit_length() - 1)


def _may_be_one_play(mask: int) -> bool:
    """Might these cards form one combination? A quick test before reading them: one card; or
    no Dragon and no Dog, and either at most two ranks (a pair, a triple, a full house, two
    pairs, four of a kind) or a rank a card with at most one gap between the lowest and the
    highest (a straight, the Phoenix filling it) or a pair a rank without a gap (stairs)."""
    count = mask.bit_count()
    if count == 1:
        return True
    if mask & (_DRAGON_BIT | _DOG_BIT):
        return False
    held, paired, _ = _rank_sets(mask)
    ranks = held.bit_count()
    if ranks <= 2:
        return True
    span = held.bit_length() - (held & -held).bit_length() + 1  # from the lowest rank up
    if count >= 5 and ranks >= count - 1:
        return span <= count
    return 2 * paired.bit_count() >= count - 1 and span == ranks


def _bomb_size(entry) -> tuple[int, float]:
    return entry[2], entry[3]


def _entry_rank(entry) -> float:
    return entry[3]


def _bomb_cards(plays_of: HandPlays) -> int:
    """The cards of the hand's bombs, as a mask."""
    cards = 0
    if not plays_of.bomb_free:
        for entry in plays_of.entries(BOMB):
            cards |= entry[0]
    return cards


def _cheapest(entries: list, mask: int, plays_of: HandPlays):
    """The play that costs least: the lowest rank, a pair or triple kept whole rather than
    split, the Phoenix in a combination and broken bombs last."""
    bomb_cards = _bomb_cards(plays_of)
    best, best_cost = entries[0], 99.0
    for entry in entries:
        bits, _, size, rank = entry
        cost = rank
        if bits & bomb_cards:
            cost += 20
        if bits & _PHOENIX_BIT:
            if size > 1:
                cost += 3
        elif size <= 3 and rank <= 14 and (mask & _RANK_MASKS[int(rank)]).bit_count() > size:
            cost += 2.5
        if cost < best_cost:
            best, best_cost = entry, cost
    return best


def _boss_single(mask: int, unseen: int) -> Card | None:
    """A single of the hand that no unplayed card outside it beats (bombs aside): the Dragon, or
    the highest card when the Dragon and the Phoenix are gone and no higher rank is out."""
    if mask & _DRAGON_BIT:
        return DRAGON
    if unseen & _PHOENIX_OR_DRAGON:
        return None
    suited = mask & ((1 << 52) - 1)
    if not suited:
        return None
    top = CARDS[suited.bit_length() - 1]
    if unseen & ~((1 << ((top.rank - 1) * 4)) - 1) & ((1 << 52) - 1):
        return None
    return top


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


_SHUFFLE_DRAWS = tuple((place, (place + 1).bit_length()) for place in range(len(CARDS) - 1, 0, -1))
"""The draws of a shuffle of the deck: each place from the last down, and the random bits drawn
to pick the place at or below it that it swaps with."""


def deal_cards(rng: random.Random) -> list[tuple[Card, ...]]:
    """A shuffled deck dealt into four hands of 14, the first 8 of each being the Grand look.

    A ``random.Random`` shuffles here exactly as its ``shuffle`` does (each place swapped with
    one drawn at or below it, a draw out of range drawn again), written out to save a call a
    card; any other generator shuffles the deck itself."""
    deck = list(CARDS)
    if type(rng) is random.Random:
        getrandbits = rng.getrandbits
        for place, bits in _SHUFFLE_DRAWS:
            other = getrandbits(bits)
            while other > place:
                other = getrandbits(bits)
            deck[place], deck[other] = deck[other], deck[place]
    else:
        rng.shuffle(deck)
    return [tuple(deck[14 * seat:14 * seat + 14]) for seat in range(4)]


def _bomb_out_of_turn(bots: Sequence, state: HandState, seat: int, armed: dict[int, int],
                      mahjong_in_bomb: bool) -> Action | None:
    """Ask each other seat that holds a bomb, in playing order from ``seat``, whether it lays one
    now; the first bomb laid, or ``None``. ``armed``: the seats seen holding a bomb, with the
    hand each was last seen holding one in: as a seat's bombs only go as its hand shrinks, the
    same hand needs no second look, and a seat left without bombs is dropped for good."""
    hands = state.hands
    for other in _OTHERS[seat]:
        seen = armed.get(other)
        if seen is None:
            continue
        hand = hands[other]
        if hand != seen:
            if not bombs_in(hand, mahjong_in_bomb):
                del armed[other]
                continue
            armed[other] = hand
        action = bots[other].interrupt(state, other)
        if action is not None:
            return action
    return None


def play_hand(rules: Rules = STANDARD, seed: int = 0, bots: Sequence | None = None) -> PlayedHand:
    """Deal with ``seed`` and let four bots (default: ``HeuristicBot``s seeded from ``seed``) play
    one hand to the end under ``rules``.

    Before each turn during a trick, every other seat holding a bomb is asked whether to lay it
    out of turn (a seat's bombs can only disappear once the play starts, as its hand shrinks)."""
    rng = random.Random(seed)
    if bots is None:
        bots = [HeuristicBot(random.Random(rng.getrandbits(64))) for _ in range(4)]
    state = HandState(deal_cards(rng), rules)
    actions: list[Action] = []
    append, apply = actions.append, state.apply
    while state.phase != PLAY:  # the calls and the exchange
        seat = state.to_act
        action = bots[seat].act(state, seat)
        apply(action)
        append(action)
    mahjong_in_bomb = rules.mahjong_in_bomb
    armed = {seat: hand for seat, hand in enumerate(state.hands)
             if bombs_in(hand, mahjong_in_bomb)}
    while True:
        phase = state.phase
        if phase == PLAY:
            seat = state.turn
            action = None
            if armed and state.table is not None:
                action = _bomb_out_of_turn(bots, state, seat, armed, mahjong_in_bomb)
            if action is None:
                action = bots[seat].act(state, seat)
        elif phase == OVER:
            break
        else:  # the Dragon's gift
            seat = state.to_act
            action = bots[seat].act(state, seat)
        apply(action)
        append(action)
    score = state.score()
    return PlayedHand(state.entry(score), score.totals, score, state, tuple(actions))
