"""The heuristic bot: a sensible player, for simulated events and demos with plausible scores.

Its habits are listed on ``HeuristicBot``; the rates they give (double victories, Tichu calls
made) are printed by ``benchmarks/engine.py`` beside decent human players'.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.actions import Action, Exchange, GiveDragon, GrandTichu, Play, Push, Tichu
from scoring.cards import (
    CARDS,
    DOG,
    DOG_BIT,
    DRAGON,
    DRAGON_BIT,
    DRAGON_RANK,
    FULL_DECK_MASK,
    MAH_JONG,
    MAH_JONG_BIT,
    PHOENIX_BIT,
    RANK_MASKS,
    SUITED_MASK,
    Card,
    cards_of,
)
from scoring.combinations import PHOENIX_TOP_RANK, SINGLE, Combination, reading_of_mask
from scoring.hand_plays import BOMB, Entry, HandPlays, singles_above
from scoring.plays import bombs_in
from scoring.score import GRAND_CALLS, partner_of, team_of
from scoring.state import BLIND, DRAGON_GIFT, EXCHANGE, GRAND, PLAY, WISHES, HandState

from . import big_tables
from .bits import (
    MOST_SEATS,
    OPPONENTS,
    OTHERS,
    PASSES,
    PHOENIX_OR_DRAGON,
    TEAMS,
    as_listed,
    cards_of_bombs,
    highest_of,
    may_be_one_play,
    rank_cards,
    ranks_held,
    run_from,
    set_of,
    single_action,
    single_play,
    weakest,
)
from .driver import seat_plays


def strength(cards: Sequence[Card]) -> int:
    """A rough count of a hand's winners: the Dragon, the Phoenix, Aces, and bombs (two each)."""
    return _strength(sum(card.bit for card in cards))


def _strength(mask: int) -> int:
    score = (mask & RANK_MASKS[14]).bit_count()
    score += bool(mask & DRAGON_BIT) + bool(mask & PHOENIX_BIT)
    return score + 2 * len(bombs_in(mask))


def hand_value(mask: int, mahjong_in_bomb: bool = False) -> tuple[int, int]:
    """How a hand stands for a Tichu call: (controls, plays).

    Controls win the lead back: the Dragon, the Phoenix, each Ace and each bomb. Plays: how many
    leads shed the rest, bombs aside, the Dragon, Phoenix and Dog apart, taking from the lowest
    rank up the biggest combination it starts (as ``_combination_from`` does): a straight of
    five or more ranks, a triple with a pair, a run of pairs, a triple, a pair, a single."""
    bombs = bombs_in(mask, mahjong_in_bomb)
    free = mask & ~cards_of_bombs(bombs)
    controls = (
        (free & RANK_MASKS[14]).bit_count()
        + len(bombs)
        + bool(mask & DRAGON_BIT)
        + bool(mask & PHOENIX_BIT)
    )
    return controls, _plays_needed(free)


def _plays_needed(free: int) -> int:
    """``hand_value``'s plays of the cards ``free`` (no bomb among them)."""
    # the rank bitmasks of the ranks held once or more, twice or more, three times (no more:
    # bombs aside); each play takes the lowest rank left, and the run of ranks or pairs from it
    held, paired, tripled = ranks_held(free)
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


def call_score(mask: int, mahjong_in_bomb: bool = False) -> int:
    """How likely a hand of 14 is to go out first, as a score (a logistic fit, in hundredths, of
    whether these bots' hands went out first): the Dragon, the Phoenix, Aces, Kings and bombs
    for, each play the rest needs (``hand_value``) against, the Mah Jong (the first lead) for,
    the Dog (it gives the lead away) against."""
    bombs = bombs_in(mask, mahjong_in_bomb)
    plays = _plays_needed(mask & ~cards_of_bombs(bombs))
    return (
        45 * bool(mask & DRAGON_BIT)
        + 75 * bool(mask & PHOENIX_BIT)
        + 38 * (mask & RANK_MASKS[14]).bit_count()
        + 34 * (mask & RANK_MASKS[13]).bit_count()
        + 48 * len(bombs)
        - 21 * plays
        + 37 * bool(mask & MAH_JONG_BIT)
        - 110 * bool(mask & DOG_BIT)
        - 57
    )


def _controls(mask: int) -> int:
    """The Dragon, the Phoenix and the Aces a hand holds."""
    return (mask & RANK_MASKS[14]).bit_count() + bool(mask & DRAGON_BIT) + bool(mask & PHOENIX_BIT)


class HeuristicBot:
    """A sensible player, close enough to a decent human's habits to give plausible scores.

    - **Calls** Tichu on a hand likely to go out first (``call_score``: the Dragon, the
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
        self._plays: list[HandPlays | None] = [None] * MOST_SEATS
        self._judged: list[int | None] = [None] * 4  # the hand each seat's call was judged on

    @property
    def plays(self) -> list[HandPlays | None]:
        """The ``HandPlays`` kept per seat."""
        return self._plays

    # -- calls and exchange ----------------------------------------------------------------

    def act(self, state: HandState, seat: int) -> Action:
        if state.seats != 4:  # Tientsin, Grand Seigneur
            return big_tables.act(self, state, seat)
        phase = state.phase
        if phase == PLAY:
            hand = state.hands[seat]
            if not state.played[seat] and state.calls[seat] is None and self._judged[seat] != hand:
                self._judged[seat] = hand
                if self._calls_tichu(state, seat, hand):
                    return Tichu(seat)
            plays_of = self._plays[seat]
            if (
                plays_of is None
                or plays_of.mask != hand
                or plays_of.mahjong_in_bomb != state.rules.mahjong_in_bomb
            ):
                plays_of = seat_plays(self._plays, state, seat)
            table = state.table
            if table is None:
                return self._lay(state, seat, self._lead(state, seat, plays_of))
            return self._follow(state, seat, plays_of, table)
        if phase == BLIND:
            return PASSES[seat]
        if phase == GRAND:
            if (
                state.variant.grand_tichu_allowed
                and state.may_call_grand(seat)
                and (_strength(state.hands[seat]) >= 4 or state._chaos_fault(seat))
            ):
                return GrandTichu(seat)
            return PASSES[seat]
        if phase == EXCHANGE:
            exchange = self._exchange(state.hands[seat], seat, state.calls[partner_of(seat)])
            if len(state.recipients(seat)) == 2:  # Threechu's dealer and dummy: no partner
                return Push(seat, (exchange.left, exchange.right))
            return exchange
        if phase == DRAGON_GIFT:
            left, right = (seat + 3) & 3, (seat + 1) & 3
            return GiveDragon(
                seat,
                left if state.hands[left].bit_count() > state.hands[right].bit_count() else right,
            )
        raise ValueError(f"seat {seat} has nothing to do in the {phase} phase")

    @staticmethod
    def _calls_tichu(state: HandState, seat: int, mask: int) -> bool:
        """Call Tichu on a strong hand (``hand_value``), never after the partner's call."""
        if state.calls[partner_of(seat)] is not None or state.out or not state.may_call_tichu(seat):
            return False
        return call_score(mask, state.rules.mahjong_in_bomb) >= _CALL_SCORE

    @staticmethod
    def _exchange(mask: int, seat: int, partner_call: str | None) -> Exchange:
        """The best card to the partner (not the Dragon or Phoenix, kept for oneself, unless the
        partner called Grand Tichu), the two lowest to the opponents, an even one to the right
        and an odd one to the left."""
        givable = mask if partner_call in GRAND_CALLS else (mask & ~PHOENIX_OR_DRAGON)
        suited = givable & SUITED_MASK
        # the best: the Dragon, the Phoenix, Ace to 2, the Mah Jong, the Dog
        best = (
            givable & DRAGON_BIT
            or givable & PHOENIX_BIT
            or (
                1 << (suited.bit_length() - 1)
                if suited
                else givable & MAH_JONG_BIT or givable & DOG_BIT
            )
        )
        partner = CARDS[best.bit_length() - 1]
        # the four weakest cards left, of an even rank or not
        evens: list[Card] = []
        odds: list[Card] = []
        for card in weakest(mask & ~best & ~MAH_JONG_BIT, 4):
            (evens if card.rank and card.rank % 2 == 0 else odds).append(card)
        even = evens[0] if evens else odds.pop(0)
        return Exchange(seat, odds[0] if odds else evens[1], partner, even)

    # -- play ---------------------------------------------------------------------------

    def _follow(
        self, state: HandState, seat: int, plays_of: HandPlays, table: Combination
    ) -> Action:
        """In turn on a trick (see the class's description)."""
        mask = plays_of.mask
        hands = state.hands
        right, partner, left = OTHERS[seat]
        holder = state.table_seat
        wish = state.wish
        out = state.out
        calls = state.calls
        threat = bool(out or calls[right] or calls[left]) and self._threat(state, seat)
        free = not wish or not mask & RANK_MASKS[wish]  # surely no wish obliges
        if (
            holder == partner
            and hands[partner]
            and not threat
            and free
            and mask.bit_count() != table.length
        ):
            return PASSES[seat]  # the partner's trick stands
        if free and table.kind == SINGLE and table.rank is not None:
            action = self._follow_single(state, seat, plays_of, threat, table.rank)
            if action is not None:
                return action
        plays, bombs, may_pass = plays_of.split_entries(table, wish)
        if not plays and not bombs:
            return PASSES[seat]
        partner_calls = not out and calls[partner] is not None
        # going out, unless that spoils the partner's call
        if (
            (mask.bit_count() == table.length or bombs)
            and not (partner_calls and may_pass)
            and reading_of_mask(mask, table, plays_of.mahjong_in_bomb) is not None
        ):
            for entry in (*plays, *bombs):
                if entry[0] == mask:
                    return self._lay(state, seat, entry[1])
        if holder == partner:
            if may_pass and (partner_calls or not plays):
                return PASSES[seat]
            if plays:
                if threat:  # stop the opponent who could go out on it: the strongest play
                    return self._lay(state, seat, max(plays, key=_entry_rank)[1])
                if not hands[partner] and hands[left]:
                    # the partner went out with this trick: its lead would go to an opponent
                    entry = _cheapest(plays, mask, plays_of)
                    if not may_pass or entry[3] < 14 or entry[2] >= 5:
                        return self._lay(state, seat, entry[1])
                if may_pass:
                    return PASSES[seat]
                return self._lay(state, seat, _cheapest(plays, mask, plays_of)[1])
            return PASSES[seat] if may_pass else Play(seat, min(bombs, key=_bomb_size)[1])
        urgent = threat or self._urgent(state, seat, holder)
        if plays:
            if urgent and 0 < hands[holder].bit_count() <= 2:
                return self._lay(state, seat, max(plays, key=_entry_rank)[1])
            entry = _cheapest(plays, mask, plays_of)
            if (
                not may_pass
                or urgent
                or entry[3] < 14
                or entry[2] >= 5
                or (not state.out and state.calls[seat] is not None)
            ):
                return self._lay(state, seat, entry[1])
            return PASSES[seat]
        if bombs and (urgent or not may_pass):
            return Play(seat, min(bombs, key=_bomb_size)[1])
        return PASSES[seat]

    def _follow_single(
        self, state: HandState, seat: int, plays_of: HandPlays, threat: bool, rank: float
    ) -> Action | None:
        """``_follow`` on a single of ``rank``, read straight from the bits of the hand (no wish
        obliges); ``None``: let the general way decide (only bombs, or cards of a bomb, would
        beat)."""
        mask = plays_of.mask
        bombs = () if plays_of.bomb_free else plays_of.entries(BOMB)
        free = mask  # bombs aside
        for entry in bombs:
            free &= ~entry[0]
        cards = singles_above(free, rank)
        if rank < DRAGON_RANK:
            phoenix, dragon = free & PHOENIX_BIT, free & DRAGON_BIT
        else:
            phoenix = dragon = 0
        if not (cards or phoenix or dragon):
            return PASSES[seat] if not bombs else None
        _, partner, left = OTHERS[seat]
        partner_calls = not state.out and state.calls[partner] is not None
        if mask.bit_count() == 1:  # the last card goes out, unless it spoils the partner's call
            return PASSES[seat] if partner_calls else single_action(seat, mask)
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
        if phoenix and cost > PHOENIX_TOP_RANK:
            cheapest, cost = PHOENIX_BIT, PHOENIX_TOP_RANK
        if dragon and cost > DRAGON_RANK:
            cheapest, cost = DRAGON_BIT, DRAGON_RANK
        holder = state.table_seat
        hands = state.hands
        if holder == partner:
            if partner_calls:
                return PASSES[seat]
            if threat:  # stop the opponent who could go out on it
                return single_action(seat, dragon or phoenix or highest_of(cards))
            if not hands[partner] and hands[left] and cost < 14:
                return single_action(seat, cheapest)  # the partner went out with this trick
            return PASSES[seat]
        # whether the trick is urgent is asked only where it decides: a cheap card goes anyway
        if hands[holder].bit_count() <= 2 and (threat or self._urgent(state, seat, holder)):
            return single_action(seat, dragon or phoenix or highest_of(cards))
        if (
            cost < 14
            or threat
            or self._urgent(state, seat, holder)
            or (not state.out and state.calls[seat] is not None)
        ):
            return single_action(seat, cheapest)
        return PASSES[seat]

    @staticmethod
    def _threat(state: HandState, seat: int) -> bool:
        """Is an opponent close to a result that costs our team dearly? An opponent went out
        first and our team has nobody out (a double victory looms), or an opponent who called
        (nobody out yet) holds four cards or fewer."""
        out = state.out
        if out:
            return (
                len(out) == 1
                and TEAMS[out[0]] != TEAMS[seat]
                and state.hands[OTHERS[out[0]][1]].bit_count() <= _THREAT_CARDS
            )
        calls = state.calls
        for opponent in OPPONENTS[seat]:
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
        wish = next((rank for rank in reversed(WISHES) if not mask & RANK_MASKS[rank]), None)
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
        return len(out) == 1 and TEAMS[out[0]] != TEAMS[seat]

    def _lead(self, state: HandState, seat: int, plays_of: HandPlays) -> tuple[Card, ...]:
        """The lead (see the class's description)."""
        mask = plays_of.mask
        partner_calls = not state.out and state.calls[(seat + 2) & 3] is not None
        hands = state.hands
        wish = state.wish
        wished = RANK_MASKS[wish] & mask if wish else 0  # the wish obliges
        # going out
        if (not partner_calls or mask.bit_count() == 1) and may_be_one_play(mask):
            whole = reading_of_mask(mask, None, plays_of.mahjong_in_bomb)
            if whole is not None:  # the play as ``legal_plays`` lists it
                kind = BOMB if whole.is_bomb else whole.kind
                return next(entry[1] for entry in plays_of.entries(kind) if entry[0] == mask)
        partner = (seat + 2) & 3
        partner_left = hands[partner].bit_count()
        if (
            mask & DOG_BIT
            and partner_left
            and not wished
            and (
                partner_calls
                or partner_left == 1
                or (state.calls[seat] is None and _controls(mask) < 2)
            )
        ):
            return (DOG,)
        bomb_cards = _bomb_cards(plays_of)
        # a sure winner first when the rest goes out in one play
        if mask.bit_count() <= 8 and not wished:
            unseen = FULL_DECK_MASK & ~mask & (hands[0] | hands[1] | hands[2] | hands[3])
            boss = _boss_single(mask, unseen)
            if (
                boss is not None
                and may_be_one_play(mask & ~boss.bit)
                and reading_of_mask(mask & ~boss.bit, None, plays_of.mahjong_in_bomb) is not None
            ):
                return (boss,)
        # the lowest card (the wished rank when the wish obliges), shed in the biggest play
        free = mask & ~bomb_cards & _SUITED_OR_MAH_JONG
        if wished:
            return cards_of(set_of(wished, 3))
        if free and partner_left == 1 and not state.calls[seat]:
            # feed the partner about to go out: the lowest single
            return single_play(free & -free)
        if free:
            danger = (
                hands[(seat + 1) & 3].bit_count() == 1 or hands[(seat + 3) & 3].bit_count() == 1
            )  # an opponent holds one card
            return as_listed(_shedding_lead(free, danger))
        # only the Dragon, the Phoenix, the Dog and bombs are left
        for bit in (DRAGON_BIT, PHOENIX_BIT, DOG_BIT):
            if mask & bit:
                return cards_of(bit)
        return min(plays_of.entries(BOMB), key=_bomb_size)[1]

    def interrupt(self, state: HandState, seat: int) -> Action | None:
        """Bomb an opponent's trick that matters: the Dragon, an opponent nearly out, a caller's
        trick, a looming double victory; or to go out with one's last cards."""
        if state.seats != 4:
            return big_tables.interrupt(state, seat)
        holder = state.table_seat
        if team_of(holder) == team_of(seat):
            return None
        bombs = state.bombs_beating_table(seat)
        table = state.table
        if not bombs or table is None:  # (no bomb is laid but on a table)
            return None
        if table.cards == (DRAGON,) or self._urgent(state, seat, holder):
            return Play(seat, min(bombs, key=len))
        mask = state.hands[seat]
        for bomb in bombs:
            if sum(card.bit for card in bomb) == mask:
                return Play(seat, bomb)
        return None


_THREAT_CARDS = 4
"""An opponent holding this many cards or fewer is close to going out (``_threat``)."""
_CALL_SCORE = -10
"""The least ``call_score`` a Tichu is called on."""
_SUITED_OR_MAH_JONG = SUITED_MASK | MAH_JONG_BIT


def _shedding_lead(free: int, danger: bool) -> int:
    """The lead that sheds the lowest card of ``free`` (suited cards and the Mah Jong, bombs left
    out) in the biggest combination holding it: a straight up from it, a full house, stairs, a
    triple, a pair, or it alone. In ``danger`` (an opponent nearly out who must not get the
    lead), a low single gives way to the lowest combination of two cards or more, or else to
    the highest single."""
    held, paired, tripled = ranks_held(free)
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
    cards = rank_cards(free, held.bit_length() - 1)
    return cards & -cards


def _combination_from(free: int, held: int, paired: int, tripled: int, low: int) -> int:
    """The biggest combination of ``free`` holding a card of rank ``low`` and none lower: a
    straight up from it (one card a rank, the lowest suit), a full house (its triple with the
    lowest pair, or its pair with the lowest triple), stairs up from it, its triple, its pair,
    or one card."""
    run = run_from(held, low)
    if run >= 5:
        play = 0
        for rank in range(low, low + run):
            cards = rank_cards(free, rank)
            play |= cards & -cards
        return play
    low_cards = rank_cards(free, low)
    if tripled >> low & 1:
        pairs = paired & ~(1 << low)
        if pairs:
            other = (pairs & -pairs).bit_length() - 1
            return set_of(low_cards, 3) | set_of(rank_cards(free, other), 2)
        return set_of(low_cards, 3)
    if paired >> low & 1:
        triples = tripled & ~(1 << low)
        if triples:
            other = (triples & -triples).bit_length() - 1
            return low_cards | set_of(rank_cards(free, other), 3)
        stairs = run_from(paired, low)
        play = 0
        for rank in range(low, low + stairs):
            play |= set_of(rank_cards(free, rank), 2)
        return play
    return low_cards & -low_cards


def _bomb_size(entry: Entry) -> tuple[int, float]:
    return entry[2], entry[3]


def _entry_rank(entry: Entry) -> float:
    return entry[3]


def _bomb_cards(plays_of: HandPlays) -> int:
    """The cards of the hand's bombs, as a mask."""
    cards = 0
    if not plays_of.bomb_free:
        for entry in plays_of.entries(BOMB):
            cards |= entry[0]
    return cards


def _cheapest(entries: list[Entry], mask: int, plays_of: HandPlays) -> Entry:
    """The play that costs least: the lowest rank, a pair or triple kept whole rather than
    split, the Phoenix in a combination and broken bombs last."""
    bomb_cards = _bomb_cards(plays_of)
    best, best_cost = entries[0], 99.0
    for entry in entries:
        bits, _, size, rank = entry
        cost = rank
        if bits & bomb_cards:
            cost += 20
        if bits & PHOENIX_BIT:
            if size > 1:
                cost += 3
        elif size <= 3 and rank <= 14 and (mask & RANK_MASKS[int(rank)]).bit_count() > size:
            cost += 2.5
        if cost < best_cost:
            best, best_cost = entry, cost
    return best


def _boss_single(mask: int, unseen: int) -> Card | None:
    """A single of the hand that no unplayed card outside it beats (bombs aside): the Dragon, or
    the highest card when the Dragon and the Phoenix are gone and no higher rank is out."""
    if mask & DRAGON_BIT:
        return DRAGON
    if unseen & PHOENIX_OR_DRAGON:
        return None
    suited = mask & SUITED_MASK
    if not suited:
        return None
    top = suited.bit_length() - 1
    next_rank = ((top >> 2) + 1) << 2  # the index of the next rank's first card
    if unseen & ~((1 << next_rank) - 1) & SUITED_MASK:
        return None
    return CARDS[top]
