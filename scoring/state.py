"""A hand of Tichu played card by card: the state machine from the deal to the score.

The rules, in the order a hand runs (``docs/rules.md``, "A hand, step by step"; seats 0-3 in
playing order, so the next player is ``seat + 1``, the partner ``seat + 2``; team 0 is seats 0
and 2):

1. **Deal.** Each player receives 14 cards: first 8, then 6. With the Blind Grand Tichu option,
   each player first says ``BlindGrandTichu`` (+-400) or ``Pass`` before seeing any card. Seeing
   8 cards, each player says ``GrandTichu`` (+-200, if the event allows it) or ``Pass``; then the
   remaining 6 are dealt. The two partners of a team may not both call a Grand (or Blind) Tichu.
2. **Exchange.** Each player lays out one card for each other player, and all four exchange at
   once (``Exchange(seat, left, partner, right)``; playing counter-clockwise, the right-hand
   opponent is the next player, ``seat + 1``, and the left-hand one the previous, ``seat + 3``).
3. **Calls.** A player who has made no call may call ``Tichu`` (+-100) from the moment they hold
   14 cards until they play their first card.
4. **Tricks.** The holder of the Mah Jong leads the first trick. Whoever leads lays any
   combination; in turn, each player with cards lays a higher combination of the same kind and
   length or passes (and may still play later in the same trick). The trick ends when all other
   players still holding cards have passed in turn; its winner leads next, or, if out, the next
   player in order who still holds cards.
5. **Bombs** may also be laid out of turn, at any time during a trick, on anything: never before
   the lead (they cannot take the right to lead) and never on the Dog. Play continues with the
   player after the bomb's.
6. **The Dog** leads alone, and at once passes the lead to the partner; if the partner is out, to
   the next player after the partner, in playing order, who still holds cards (possibly the Dog's
   own player). Nothing is ever laid on it.
7. **The Mah Jong wish.** Whoever plays the Mah Jong may wish a rank 2-A. While it stands, a
   player whose turn it is and who can legally play a combination holding the wished rank must do
   so (a bomb may always be played instead). It stands until a card of that rank is played (the
   Phoenix never counts) or the hand ends; a wish made with a straight that holds the rank stands.
8. **The Dragon.** Whoever wins a trick with the Dragon gives the whole trick to an opponent of
   their choice (``GiveDragon``); a bombed Dragon trick simply goes to the bomb's player. A player
   who goes out third with the Dragon keeps it when ``rules.dragon_kept_when_last``.
9. **The end.** The hand ends when the partners of a team go out first and second (a double
   victory), or when a third player goes out: that player takes the trick on the table at once,
   even if the last player could beat it. The last player's hand cards go to the opposing team and
   their tricks to the first player out.
10. **The score**: the card points of each team's tricks (or the double-victory value and 0), plus
   each call: won by the caller who went out first, lost by every other caller.

``HandState.apply`` refuses any illegal action with ``IllegalAction`` (a reason included) and
leaves the state as it was; ``legal_actions`` lists the legal ones. The state is mutable for speed;
``copy`` gives an independent one.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from itertools import permutations
from operator import attrgetter
from typing import Any

from .actions import (
    Action,
    BlindGrandTichu,
    Exchange,
    GiveDragon,
    GrandTichu,
    IllegalAction,
    Pass,
    Play,
    Tichu,
)
from .cards import (
    DRAGON,
    FULL_DECK_MASK,
    HIGHEST_RANK,
    LOWEST_RANK,
    MAH_JONG,
    MAH_JONG_BIT,
    RANK_MASKS,
    Card,
    cards_of,
    format_cards,
    mask_of,
    parse_cards,
    points_of_mask,
)
from .combinations import DOG_KIND, Combination, InvalidCombination, classify, reading_of_mask
from .plays import bombs_on, legal_plays, obliges, wish_obliges
from .rules import STANDARD, Rules
from .score import (
    GRAND_CALLS,
    Call,
    CallOutcome,
    HandScore,
    hand_totals,
    partner_of,
    sweep_of,
    team_of,
)


class Phase(StrEnum):
    """The phases of a hand, in order (the blind phase only with the Blind Grand Tichu option)."""

    BLIND = "blind"
    GRAND = "grand"
    EXCHANGE = "exchange"
    PLAY = "play"
    DRAGON_GIFT = "dragon"
    OVER = "over"


# The phases as module constants, as the kinds are (see ``scoring.combinations``).
BLIND, GRAND, EXCHANGE, PLAY, DRAGON_GIFT, OVER = Phase

GRAND_LOOK = 8
"""Cards a player sees before deciding on a Grand Tichu."""

WISHES = tuple(range(LOWEST_RANK, HIGHEST_RANK + 1))
"""Ranks that may be wished: 2 to Ace."""

_bit = attrgetter("bit")


_FROM = tuple(tuple((start + k) & 3 for k in range(4)) for start in range(4))
"""The seats in playing order from each seat."""


_NEXT_SEATS = tuple(
    tuple(next((s for s in _FROM[(seat + 1) & 3] if holding >> s & 1), seat) for seat in range(4))
    for holding in range(16))
"""``_NEXT_SEATS[holding]``: for each seat, the next seat in playing order among those of the
4-bit mask ``holding`` (itself if none other is)."""


def _next_seats(hands: Sequence[int]) -> tuple[int, ...]:
    """For each seat, the next seat in playing order that holds cards (itself if none other
    does)."""
    return _NEXT_SEATS[(hands[0] != 0) | (hands[1] != 0) << 1 | (hands[2] != 0) << 2
                       | (hands[3] != 0) << 3]


_ALL_HOLD = _NEXT_SEATS[15]
"""The next seat of each while all four hold cards."""


# -- the state ---------------------------------------------------------------------------------

class HandState:
    """One hand in progress. Read its fields; change it only through ``apply``.

    ``hands`` are bitmasks of the cards each seat holds (8 during the Grand Tichu look, none before
    the blind calls); ``table`` is the combination on top of the trick (None before the lead) laid
    by ``table_seat``; ``trick`` the mask of all cards in the trick; ``turn`` the seat to play;
    ``won`` each seat's won cards; ``out`` the seats out, in order; ``calls`` each seat's call.
    ``_next_seat``: for each seat, the next one in playing order that holds cards during the play
    (``_next_seats`` of the hands, renewed when a player goes out), so that a turn passes on
    without looking for the next player; ``_dealt`` the mask of each seat's 14 cards dealt.
    """

    __slots__ = ("rules", "deal", "phase", "hands", "calls", "decided", "exchanges", "played",
                 "turn", "table", "table_seat", "trick", "passes", "wish", "won", "out",
                 "dragon_giver", "_next_seat", "_dealt")

    rules: Rules
    deal: tuple[tuple[Card, ...], ...] | None
    phase: Phase
    hands: list[int]
    calls: list[str | None]
    decided: list[bool]
    exchanges: list[Exchange | None]
    played: list[bool]
    turn: int
    table: Combination | None
    table_seat: int
    trick: int
    passes: int
    wish: int | None
    won: list[int]
    out: list[int]
    dragon_giver: int | None
    _next_seat: tuple[int, ...]
    _dealt: tuple[int, ...] | None

    def __init__(self, deal: Sequence[Sequence[Card]], rules: Rules = STANDARD) -> None:
        """Start a hand from the deal: four sequences of 14 cards in the order dealt."""
        if len(deal) != 4 or {*map(len, deal)} != {14}:
            raise ValueError("a deal is four hands of 14 cards")
        self.deal = tuple(map(tuple, deal))
        # each seat's cards as a mask: the sum of their bits, which has fewer than 14 bits when
        # a card is named twice, so that the four masks hold 56 cards only for a true deal
        dealt = tuple([sum(map(_bit, cards)) for cards in self.deal])
        if (dealt[0] | dealt[1] | dealt[2] | dealt[3]).bit_count() != 56:
            raise ValueError("a deal holds each of the 56 cards exactly once")
        self._dealt = dealt
        self.rules = rules
        self.calls = [None] * 4
        self.decided = [False] * 4
        self.exchanges = [None] * 4
        self.played = [False] * 4
        self.turn = 0
        self.table = None
        self.table_seat = 0
        self.trick = 0
        self.passes = 0
        self.wish = None
        self.won = [0, 0, 0, 0]
        self.out = []
        self.dragon_giver = None
        self._next_seat = _ALL_HOLD
        if rules.blind_grand_tichu:
            self.phase = BLIND
            self.hands = [0, 0, 0, 0]
        else:
            self._deal_look()

    @classmethod
    def position(cls, hands: Sequence[Sequence[Card] | str], *, turn: int,
                 rules: Rules = STANDARD, out: Sequence[int] = (),
                 calls: Sequence[str | None] = (None,) * 4) -> HandState:
        """A hand in the play phase with ``turn`` to lead, set up directly (as a chess position
        from a FEN): for puzzles, tests and bots that look ahead. ``hands`` are the cards each seat
        still holds; ``out`` the seats already out, in order (exactly those with no cards). The
        cards nobody holds lie in tricks already won by ``turn``. A seat with fewer than 14 cards
        has played (and may no longer call Tichu). There is no deal, so no record."""
        cards = [parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands]
        masks = [mask_of(h) for h in cards]
        held = [card for h in cards for card in h]
        if len(cards) != 4 or mask_of(held).bit_count() != len(held):
            raise ValueError("four hands of distinct cards")
        if sorted(out) != [s for s in range(4) if not masks[s]] or not masks[turn]:
            raise ValueError("the seats out are exactly those without cards; turn holds cards")
        state = cls.__new__(cls)
        state.rules = rules
        state.deal = None
        state.phase = PLAY
        state.hands = masks
        state.calls = list(calls)
        state.decided = [True] * 4
        state.exchanges = [None] * 4
        state.played = [len(h) < 14 for h in cards]
        state.turn = turn
        state.table = None
        state.table_seat = turn
        state.trick = 0
        state.passes = 0
        state.wish = None
        state.won = [0, 0, 0, 0]
        state.won[turn] = FULL_DECK_MASK & ~sum(masks)
        state.out = list(out)
        state.dragon_giver = None
        state._next_seat = _next_seats(masks)
        state._dealt = None
        return state

    def copy(self) -> HandState:
        """An independent copy (for bots that look ahead)."""
        new = HandState.__new__(HandState)
        for name in HandState.__slots__:
            value = getattr(self, name)
            setattr(new, name, value.copy() if isinstance(value, list) else value)
        return new

    # -- reading the state ------------------------------------------------------------------

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds, in index order."""
        return cards_of(self.hands[seat])

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def to_act(self) -> int | None:
        """The seat the hand waits for: the first undecided one in the calling and exchange
        phases, the player in turn, the Dragon's giver; None once the hand is over."""
        if self.phase in (BLIND, GRAND):
            return self.decided.index(False)
        if self.phase == EXCHANGE:
            return self.exchanges.index(None)
        if self.phase == PLAY:
            return self.turn
        if self.phase == DRAGON_GIFT:
            return self.dragon_giver
        return None

    def may_call_tichu(self, seat: int) -> bool:
        """Tichu: no call yet, 14 cards held, and no card played."""
        return (self.calls[seat] is None and not self.played[seat]
                and self.phase in (EXCHANGE, PLAY, DRAGON_GIFT))

    def _may_call_grand(self, seat: int) -> bool:
        return self.calls[partner_of(seat)] not in GRAND_CALLS

    def bombs_beating_table(self, seat: int) -> list[tuple[Card, ...]]:
        """The bombs ``seat`` may lay out of turn now: only during a trick (after the lead),
        never on the Dog, each beating the table."""
        if self.phase != PLAY or self.table is None or not self.hands[seat]:
            return []
        return bombs_on(self.hands[seat], self.table, self.rules.mahjong_in_bomb)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action now (of one seat, if given). In the exchange phase that is every
        ordered choice of three cards, so bots rather draw one."""
        seats = range(4) if seat is None else (seat,)
        actions: list[Action] = []
        phase = self.phase
        if phase == BLIND:
            for s in seats:
                if not self.decided[s]:
                    if self._may_call_grand(s):
                        actions.append(BlindGrandTichu(s))
                    actions.append(Pass(s))
        elif phase == GRAND:
            for s in seats:
                if not self.decided[s]:
                    if self.rules.grand_tichu_allowed and self._may_call_grand(s):
                        actions.append(GrandTichu(s))
                    actions.append(Pass(s))
        elif phase == EXCHANGE:
            for s in seats:
                if self.exchanges[s] is None:
                    actions.extend(Exchange(s, *three)
                                   for three in permutations(self.hand(s), 3))
        elif phase == PLAY:
            turn = self.turn
            mj = self.rules.mahjong_in_bomb
            for s in seats:
                if s == turn:
                    hand = self.hand(s)
                    for cards in legal_plays(hand, self.table, self.wish, mahjong_in_bomb=mj):
                        actions.append(Play(s, cards))
                        if MAH_JONG in cards:
                            actions.extend(Play(s, cards, wish) for wish in WISHES)
                    if self.table is not None and not (self.wish and wish_obliges(
                            hand, self.table, self.wish, mahjong_in_bomb=mj)):
                        actions.append(Pass(s))
                else:
                    actions.extend(Play(s, bomb) for bomb in self.bombs_beating_table(s))
        elif phase == DRAGON_GIFT:
            giver = self.dragon_giver
            if giver is not None and giver in seats:
                actions.extend(GiveDragon(giver, to) for to in ((giver + 1) & 3, (giver + 3) & 3))
        if phase in (EXCHANGE, PLAY, DRAGON_GIFT):
            actions.extend(Tichu(s) for s in seats if self.may_call_tichu(s))
        return actions

    # -- changing the state -----------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Carry out one action, or raise ``IllegalAction`` leaving the state unchanged."""
        try:
            seat = action.seat
        except AttributeError:
            seat = None
        if type(seat) is not int or not 0 <= seat < 4:
            raise IllegalAction(action, "no such seat (seats are 0-3)")
        if self.phase == OVER:
            raise IllegalAction(action, "the hand is over")
        if type(action) is Play:
            self._play(action)
        elif type(action) is Pass:
            self._pass(action)
        elif type(action) is Tichu:
            if not self.may_call_tichu(seat):
                raise IllegalAction(action, self._why_no_tichu(seat))
            self.calls[seat] = Call.TICHU
        elif type(action) is GrandTichu or type(action) is BlindGrandTichu:
            self._call_grand(action)
        elif type(action) is Exchange:
            self._exchange(action)
        elif type(action) is GiveDragon:
            self._give_dragon(action)
        else:
            raise IllegalAction(action, "not an action of Tichu")

    def _why_no_tichu(self, seat: int) -> str:
        if self.calls[seat] is not None:
            return f"seat {seat} already called {self.calls[seat]}"
        if self.played[seat]:
            return "Tichu may only be called before one's first card"
        return "Tichu may be called only once all 14 cards are dealt"

    def _call_grand(self, action: GrandTichu | BlindGrandTichu) -> None:
        seat = action.seat
        blind = type(action) is BlindGrandTichu
        if self.phase != (BLIND if blind else GRAND):
            raise IllegalAction(action, "Blind Grand Tichu is called before any card is seen"
                                if blind else "Grand Tichu is called on the first 8 cards")
        if not blind and not self.rules.grand_tichu_allowed:
            raise IllegalAction(action, "this event does not allow Grand Tichu")
        if self.decided[seat]:
            raise IllegalAction(action, f"seat {seat} has already decided")
        if not self._may_call_grand(seat):
            raise IllegalAction(action, "partners may not both call Grand Tichu")
        self.calls[seat] = Call.BLIND if blind else Call.GRAND
        self._decide(seat)

    def _decide(self, seat: int) -> None:
        self.decided[seat] = True
        if all(self.decided):
            if self.phase == BLIND:
                self._deal_look()
            else:
                self._deal_rest()

    def _deal_look(self) -> None:
        """Deal the first 8 cards; without Grand Tichu there is nothing to decide on them."""
        assert self.deal is not None  # a hand dealt, not a ``position``
        self.hands = [sum(map(_bit, cards[:GRAND_LOOK])) for cards in self.deal]
        self.decided = [call is not None for call in self.calls]
        self.phase = GRAND
        if not self.rules.grand_tichu_allowed or all(self.decided):
            self._deal_rest()

    def _deal_rest(self) -> None:
        assert self._dealt is not None  # a hand dealt, not a ``position``
        self.hands = list(self._dealt)
        self.phase = EXCHANGE

    def _exchange(self, action: Exchange) -> None:
        seat = action.seat
        if self.phase != EXCHANGE:
            raise IllegalAction(action, "cards are exchanged after the deal, before play")
        if self.exchanges[seat] is not None:
            raise IllegalAction(action, f"seat {seat} has already exchanged")
        left, partner, right = action.left, action.partner, action.right
        if not (isinstance(left, Card) and isinstance(partner, Card)
                and isinstance(right, Card)):
            raise IllegalAction(action, "an exchange gives three cards")
        mask = left.bit | partner.bit | right.bit
        if mask.bit_count() != 3:
            raise IllegalAction(action, "an exchange gives three different cards")
        hands = self.hands
        if mask & ~hands[seat]:
            raise IllegalAction(action, f"seat {seat} does not hold these cards")
        exchanges = self.exchanges
        exchanges[seat] = action
        given = [ex for ex in exchanges if ex is not None]
        if len(given) == 4:
            for ex in given:
                hands[ex.seat] &= ~(ex.left.bit | ex.partner.bit | ex.right.bit)
            for ex in given:
                s = ex.seat
                hands[(s + 3) & 3] |= ex.left.bit
                hands[(s + 2) & 3] |= ex.partner.bit
                hands[(s + 1) & 3] |= ex.right.bit
            self.phase = PLAY
            self.turn = next(s for s in range(4) if hands[s] & MAH_JONG_BIT)

    def _pass(self, action: Pass) -> None:
        seat = action.seat
        phase = self.phase
        if phase != PLAY:
            if phase not in (BLIND, GRAND):
                raise IllegalAction(action, "there is nothing to pass on now")
            if self.decided[seat]:
                raise IllegalAction(action, f"seat {seat} has already decided")
            self._decide(seat)
            return
        if seat != self.turn:
            raise IllegalAction(action, f"it is seat {self.turn}'s turn")
        table = self.table
        if table is None:
            raise IllegalAction(action, "the lead may not pass")
        wish = self.wish
        if wish and obliges(self.hands[seat], table, wish, self.rules.mahjong_in_bomb):
            raise IllegalAction(action, f"the wish for {_rank_name(wish)} obliges seat "
                                f"{seat} to play it")
        self.passes = passes = self.passes + 1
        active = 4 - len(self.out)  # the seats out are exactly those without cards
        if passes >= active - (1 if self.hands[self.table_seat] else 0):
            self._end_trick(table)
        else:
            self.turn = self._next_seat[seat]

    def _play(self, action: Play) -> None:
        seat = action.seat
        phase = self.phase
        if phase != PLAY:
            if phase == DRAGON_GIFT:
                raise IllegalAction(action, f"seat {self.dragon_giver} must first give the "
                                    "Dragon trick to an opponent")
            raise IllegalAction(action, "cards are played only once the exchange is done")
        cards = action.cards
        if type(cards) is not tuple or not cards:
            raise IllegalAction(action, "a play lays one or more cards")
        mask = 0
        for card in cards:
            if type(card) is not Card:
                raise IllegalAction(action, "a play lays one or more cards")
            mask |= card.bit
        if mask.bit_count() != len(cards):
            raise IllegalAction(action, "a card appears twice in the play")
        hand = self.hands[seat]
        if mask & ~hand:
            missing = format_cards(cards_of(mask & ~hand))
            raise IllegalAction(action, f"seat {seat} does not hold {missing}")
        wish = action.wish
        if wish is not None:
            if type(wish) is not int or wish not in WISHES:
                raise IllegalAction(action, "a wish names a rank from 2 to Ace (14)")
            if not mask & MAH_JONG_BIT:
                raise IllegalAction(action, "only the player of the Mah Jong may wish")
        table = self.table
        mj = self.rules.mahjong_in_bomb
        combination = reading_of_mask(mask, table, mj)
        if combination is None:
            raise IllegalAction(action, self._why_not_laid(cards, table))
        standing = self.wish
        if seat != self.turn:
            if not combination.is_bomb:
                raise IllegalAction(action, f"it is seat {self.turn}'s turn (only a bomb may be "
                                    "played out of turn)")
            if table is None:
                raise IllegalAction(action, "a bomb may not take the lead: play it during a trick")
        elif (standing and not mask & RANK_MASKS[standing] and not combination.is_bomb
              and obliges(hand, table, standing, mj)):
            raise IllegalAction(action, f"the wish for {_rank_name(standing)} obliges seat "
                                f"{seat} to play it")

        # the play stands: lay it
        hands = self.hands
        hands[seat] = hand = hand ^ mask  # the cards held, less those laid
        self.played[seat] = True
        self.trick |= mask
        if standing and mask & RANK_MASKS[standing]:
            self.wish = None
        if mask & MAH_JONG_BIT:
            self.wish = wish
        self.table = combination
        self.table_seat = seat
        self.passes = 0
        if not hand:
            self.out.append(seat)
            self._next_seat = _next_seats(hands)
        if combination.kind == DOG_KIND:
            self._lead_after_dog(seat)
            return
        if not hand and self._hand_ends(seat):
            return
        self.turn = self._next_seat[seat]

    def _why_not_laid(self, cards: tuple[Card, ...], table: Combination | None) -> str:
        try:
            combination = classify(cards, mahjong_in_bomb=self.rules.mahjong_in_bomb)
        except InvalidCombination as error:
            return f"not a combination: {error}"
        if table is None:
            return "this may not be led"
        if table.kind == DOG_KIND:
            return "nothing may be laid on the Dog"
        return f"{combination.kind.replace('_', ' ')} {combination} does not beat {table}"

    def _lead_after_dog(self, seat: int) -> None:
        """The Dog's trick is done at once; the lead goes to the partner, or the next player
        after the partner who still holds cards."""
        self.won[seat] |= self.trick
        self.trick = 0
        self.table = None
        if self.hands[seat] or not self._hand_ends(seat):
            self.turn = self._next_with_cards(seat + 2)

    def _hand_ends(self, seat: int) -> bool:
        """``seat`` just went out: end the hand on a double victory or a third player out (who
        takes the trick at once, or gives away the Dragon if the rules say so)."""
        out = self.out
        if len(out) == 2 and sweep_of(out) is not None:
            self.phase = OVER
            return True
        if len(out) < 3:
            return False
        table = self.table
        if (table is not None and table.cards[0] is DRAGON
                and not self.rules.dragon_kept_when_last):
            self.dragon_giver = seat
            self.phase = DRAGON_GIFT
            return True
        self.won[seat] |= self.trick
        self.trick = 0
        self.table = None
        self.phase = OVER
        return True

    def _end_trick(self, table: Combination) -> None:
        """All others passed: the table's player wins the trick (giving it away if it is the
        Dragon's) and leads, or the next player with cards leads if they are out."""
        winner = self.table_seat
        if table.cards[0] is DRAGON:  # the Dragon is only played alone
            self.dragon_giver = winner
            self.phase = DRAGON_GIFT
            return
        self.won[winner] |= self.trick
        self._next_trick(winner)

    def _next_trick(self, winner: int) -> None:
        self.trick = 0
        self.table = None
        self.passes = 0
        self.turn = self._next_with_cards(winner)

    def _give_dragon(self, action: GiveDragon) -> None:
        seat, to = action.seat, action.to
        if self.phase != DRAGON_GIFT:
            raise IllegalAction(action, "there is no Dragon trick to give away")
        if seat != self.dragon_giver:
            raise IllegalAction(action, f"seat {self.dragon_giver} won the Dragon trick")
        if type(to) is not int or to not in (0, 1, 2, 3) or team_of(to) == team_of(seat):
            raise IllegalAction(action, "the Dragon trick goes to an opponent")
        self.won[to] |= self.trick
        self.dragon_giver = None
        if len(self.out) >= 3:
            self.trick = 0
            self.table = None
            self.phase = OVER
        else:
            self.phase = PLAY
            self._next_trick(seat)

    def _next_with_cards(self, start: int) -> int:
        """The first seat from ``start`` on, in playing order, that holds cards."""
        return self._next_seat[(start + 3) & 3]

    # -- the result -------------------------------------------------------------------------

    @property
    def double_victory(self) -> int | None:
        """The team whose partners went out first and second, if any."""
        return sweep_of(self.out)

    @property
    def finish_order(self) -> tuple[int, ...]:
        """The seats in the order they went out, the last player last once the hand is over."""
        if self.phase == OVER and self.double_victory is None:
            return (*self.out, *(s for s in range(4) if s not in self.out))
        return tuple(self.out)

    def card_points(self) -> tuple[int, int]:
        """Each team's card points at the end (not counted after a double victory): the last
        player's tricks go to the first out, the last player's hand cards to the opponents."""
        cards = [0, 0]  # the cards each team ends with
        first = self.out[0]
        for seat in range(4):
            hand = self.hands[seat]
            cards[team_of(first if hand else seat)] |= self.won[seat]
            cards[1 - team_of(seat)] |= hand
        return points_of_mask(cards[0]), points_of_mask(cards[1])

    def score(self) -> HandScore:
        """The hand's score once over: totals, card points, double victory, finish order, calls."""
        if self.phase != OVER:
            raise ValueError("the hand is not over")
        double_victory = self.double_victory
        first = self.out[0]
        calls = tuple(CallOutcome(s, call, s == first)
                      for s, call in enumerate(self.calls) if call)
        card_points = self.card_points() if double_victory is None else None
        totals = hand_totals(card_points, double_victory, calls, self.rules)
        return HandScore(totals, card_points, double_victory, self.finish_order, calls)

    def entry(self, score: HandScore | None = None) -> dict[str, Any]:
        """The score entry a table captain would type for this hand (see ``scoring.entry``);
        ``score``: this hand's ``score()`` when already computed."""
        if score is None:
            score = self.score()
        return {
            "card_points": list(score.card_points) if score.card_points else None,
            "finish_order": list(score.finish_order),
            "calls": {str(c.seat): c.call for c in score.calls},
            "double_victory": score.double_victory,
        }


def _rank_name(rank: int) -> str:
    return {11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces"}.get(rank, f"{rank}s")
