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

The other games of the seeds (``scoring.variants``: Tientsin, Threechu, Grand Seigneur; Chaos
Tichu, an option) run on the same machine: each step above asks the hand's game (``variant``)
where it differs: the seats and the deal, who decides on a Grand Tichu and on how many cards, who
gives which cards to whom (``Exchange`` in four-player Tichu, ``Push`` otherwise), whom the Dog
passes the lead to (Tientsin: ``GiveLead`` to a partner of the player's choice), whom a Dragon
trick goes to, whom the wish spares (Threechu's dummy), when the hand ends and how it is scored.
A hand's *setting* completes the deal: Threechu's ``dealer``, Grand Seigneur's previous
``placing``.

``HandState.apply`` refuses any illegal action with ``IllegalAction`` (a reason included) and
leaves the state as it was; ``legal_actions`` lists the legal ones. The state is mutable for speed;
``copy`` gives an independent one.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache
from itertools import permutations
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .actions import (
    Action,
    BlindGrandTichu,
    Exchange,
    GiveDragon,
    GiveLead,
    GrandTichu,
    IllegalAction,
    Pass,
    Play,
    Push,
    Tichu,
)
from .cards import (
    DRAGON,
    HIGHEST_RANK,
    LOWEST_RANK,
    MAH_JONG,
    MAH_JONG_BIT,
    WISH_MASKS,
    Card,
    cards_of,
    format_cards,
    mask_of,
    parse_cards,
)
from .combinations import (
    DOG_KIND,
    DRAGON_2,
    Combination,
    InvalidCombination,
    classify,
    reading_of_mask,
)
from .plays import bombs_on, legal_plays, obliges, wish_obliges
from .rules import STANDARD, Rules
from .score import GRAND_CALLS, Call, HandScore, PlacingScore

if TYPE_CHECKING:  # the games import the state
    from .variants import Variant


class Phase(StrEnum):
    """The phases of a hand, in order (the blind phase only with the Blind Grand Tichu option)."""

    BLIND = "blind"
    GRAND = "grand"
    EXCHANGE = "exchange"
    PLAY = "play"
    DRAGON_GIFT = "dragon"
    DOG_LEAD = "dog"
    OVER = "over"


# The phases as module constants, as the kinds are (see ``scoring.combinations``).
BLIND, GRAND, EXCHANGE, PLAY, DRAGON_GIFT, DOG_LEAD, OVER = Phase

GRAND_LOOK = 8
"""Cards a player sees before deciding on a Grand Tichu in four-player Tichu (each game says its
own: ``Variant.grand_look``)."""

WISHES = tuple(range(LOWEST_RANK, HIGHEST_RANK + 1))
"""Ranks that may be wished: 2 to Ace."""

_bit = attrgetter("bit")


@cache
def _next_seat_table(seats: int, holding: int) -> tuple[int, ...]:
    """For each of ``seats`` seats, the next seat in playing order among those of the mask
    ``holding`` (itself if none other is)."""
    return tuple(
        next(
            (
                other
                for k in range(1, seats)
                for other in ((seat + k) % seats,)
                if holding >> other & 1
            ),
            seat,
        )
        for seat in range(seats)
    )


def _next_seats(hands: Sequence[int]) -> tuple[int, ...]:
    """For each seat, the next seat in playing order that holds cards (itself if none other
    does)."""
    holding = 0
    for seat, hand in enumerate(hands):
        if hand:
            holding |= 1 << seat
    return _next_seat_table(len(hands), holding)


# -- the state ---------------------------------------------------------------------------------


class HandState:
    """One hand in progress. Read its fields; change it only through ``apply``.

    ``hands`` are bitmasks of the cards each seat holds (8 during the Grand Tichu look, none before
    the blind calls); ``table`` is the combination on top of the trick (None before the lead) laid
    by ``table_seat``; ``trick`` the mask of all cards in the trick; ``turn`` the seat to play;
    ``won`` each seat's won cards; ``out`` the seats out, in order; ``calls`` each seat's call.
    ``_next_seat``: for each seat, the next one in playing order that holds cards during the play
    (``_next_seats`` of the hands, renewed when a player goes out), so that a turn passes on
    without looking for the next player; ``_dealt`` the mask of each seat's cards dealt.
    ``variant`` is the game (``rules.variant``), ``seats`` its number of hands; ``dealer`` and
    ``placing`` the hand's setting; ``dog_player`` the seat choosing whom the Dog's lead goes to.
    """

    __slots__ = (
        "rules",
        "deal",
        "phase",
        "hands",
        "calls",
        "decided",
        "exchanges",
        "played",
        "turn",
        "table",
        "table_seat",
        "trick",
        "passes",
        "wish",
        "won",
        "out",
        "dragon_giver",
        "_next_seat",
        "_dealt",
        "variant",
        "seats",
        "dealer",
        "placing",
        "dog_player",
        "_recipients",
        "_wish_free",
    )

    rules: Rules
    deal: tuple[tuple[Card, ...], ...] | None
    phase: Phase
    hands: list[int]
    calls: list[str | None]
    decided: list[bool]
    exchanges: list[Exchange | Push | None]
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
    variant: Variant
    seats: int
    dealer: int | None
    placing: tuple[int, ...] | None
    dog_player: int | None
    _recipients: tuple[tuple[int, ...], ...]
    _wish_free: int

    def __init__(
        self,
        deal: Sequence[Sequence[Card]],
        rules: Rules = STANDARD,
        *,
        dealer: int | None = None,
        placing: Sequence[int] | None = None,
    ):
        """Start a hand from the deal: a sequence of cards per seat in the order dealt (four of
        14 in Tichu; each game's ``deal_counts``), and the hand's setting: Threechu's ``dealer``
        (seat 0 unless named), Grand Seigneur's ``placing`` of the previous hand (none: the
        first hand, without an exchange)."""
        variant = rules.variant
        seats = variant.seats
        counts = variant.deal_counts
        if len(deal) != seats or tuple(map(len, deal)) != counts:
            raise ValueError(
                f"a deal of {variant.name} is {seats} hands of "
                f"{'/'.join(map(str, sorted(set(counts), reverse=True)))} cards"
            )
        self.deal = tuple(map(tuple, deal))
        # each seat's cards as a mask: the sum of their bits, which has fewer bits than cards when
        # a card is named twice, so that the masks hold the whole deck only for a true deal
        dealt = tuple([sum(map(_bit, cards)) for cards in self.deal])
        union = 0
        for mask in dealt:
            union |= mask
        if union != variant.deck_mask or union.bit_count() != sum(counts):
            raise ValueError(f"a deal holds each of the {variant.cards} cards exactly once")
        self._dealt = dealt
        self.rules = rules
        self.variant = variant
        self.seats = seats
        self.dealer, self.placing = variant.setting(dealer, placing)
        self._recipients = variant.all_recipients(self.dealer, self.placing)
        free = variant.wish_free(self.dealer)
        self._wish_free = -1 if free is None else free
        self.calls: list[str | None] = [None] * seats
        self.decided = [False] * seats
        self.exchanges: list[Exchange | Push | None] = [None] * seats
        self.played = [False] * seats
        self.turn = 0
        self.table = None
        self.table_seat = 0
        self.trick = 0
        self.passes = 0
        self.wish: int | None = None
        self.won = [0] * seats
        self.out: list[int] = []
        self.dragon_giver: int | None = None
        self.dog_player: int | None = None
        self._next_seat = _next_seat_table(seats, (1 << seats) - 1)
        if rules.blind_grand_tichu and variant.grand_look:
            self.phase = BLIND
            self.hands = [0] * seats
        else:
            self._deal_look()

    @classmethod
    def position(
        cls,
        hands: Sequence[Sequence[Card] | str],
        *,
        turn: int,
        rules: Rules = STANDARD,
        out: Sequence[int] = (),
        calls: Sequence[str | None] | None = None,
        dealer: int | None = None,
    ) -> HandState:
        """A hand in the play phase with ``turn`` to lead, set up directly (as a chess position
        from a FEN): for puzzles, tests and bots that look ahead. ``hands`` are the cards each seat
        still holds; ``out`` the seats already out, in order (exactly those with no cards). The
        cards nobody holds lie in tricks already won by ``turn``. A seat with fewer cards than
        dealt has played (and may no longer call Tichu). There is no deal, so no record."""
        variant = rules.variant
        seats = variant.seats
        cards = [parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands]
        masks = [mask_of(h) for h in cards]
        held = [card for h in cards for card in h]
        if len(cards) != seats or mask_of(held).bit_count() != len(held):
            raise ValueError(f"{seats} hands of distinct cards")
        if sorted(out) != [s for s in range(seats) if not masks[s]] or not masks[turn]:
            raise ValueError("the seats out are exactly those without cards; turn holds cards")
        state = cls.__new__(cls)
        state.rules = rules
        state.variant = variant
        state.seats = seats
        state.dealer, state.placing = variant.setting(dealer, None)
        state._recipients = ((),) * seats
        free = variant.wish_free(state.dealer)
        state._wish_free = -1 if free is None else free
        state.dog_player = None
        state.deal = None
        state.phase = PLAY
        state.hands = masks
        state.calls = list(calls) if calls is not None else [None] * seats
        state.decided = [True] * seats
        state.exchanges = [None] * seats
        state.played = [len(h) < count for h, count in zip(cards, variant.deal_counts, strict=True)]
        state.turn = turn
        state.table = None
        state.table_seat = turn
        state.trick = 0
        state.passes = 0
        state.wish = None
        state.won = [0] * seats
        state.won[turn] = variant.deck_mask & ~sum(masks)
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
            recipients = self._recipients
            for seat, exchange in enumerate(self.exchanges):
                if exchange is None and recipients[seat]:
                    return seat
        if self.phase == PLAY:
            return self.turn
        if self.phase == DRAGON_GIFT:
            return self.dragon_giver
        if self.phase == DOG_LEAD:
            return self.dog_player
        return None

    def may_call_tichu(self, seat: int) -> bool:
        """Tichu: no call yet, every card dealt, no card played, and the game allows it now
        (Threechu's dummy only once the exchange is done; Grand Seigneur never)."""
        phase = self.phase
        return (
            self.calls[seat] is None
            and not self.played[seat]
            and phase in (EXCHANGE, PLAY, DRAGON_GIFT, DOG_LEAD)
            and self.variant.tichu_open(seat, self.dealer, phase != EXCHANGE)
        )

    def may_call_grand(self, seat: int) -> bool:
        """A Grand (or Blind Grand) Tichu: the seat decides in the window, and none of its
        partners called one."""
        return seat in self.variant.grand_callers(self.dealer) and all(
            self.calls[partner] not in GRAND_CALLS for partner in self._partners(seat)
        )

    def _partners(self, seat: int) -> tuple[int, ...]:
        return self.variant.partners(seat)

    _may_call_grand = may_call_grand

    def recipients(self, seat: int) -> tuple[int, ...]:
        """Whom ``seat`` gives a card in the exchange, one seat per card (none: no card)."""
        return self._recipients[seat]

    def bombs_beating_table(self, seat: int) -> list[tuple[Card, ...]]:
        """The bombs ``seat`` may lay out of turn now: only during a trick (after the lead),
        never on the Dog, each beating the table."""
        if self.phase != PLAY or self.table is None or not self.hands[seat]:
            return []
        return bombs_on(self.hands[seat], self.table, self.rules.mahjong_in_bomb)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action now (of one seat, if given). In the exchange phase that is every
        ordered choice of three cards, so bots rather draw one."""
        seats = range(self.seats) if seat is None else (seat,)
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
                    if self.variant.grand_tichu_allowed and self._may_call_grand(s):
                        actions.append(GrandTichu(s))
                    if self._chaos_fault(s) is None:
                        actions.append(Pass(s))
        elif phase == EXCHANGE:
            for s in seats:
                if self.exchanges[s] is None and self._recipients[s]:
                    size = len(self._recipients[s])
                    for cards in permutations(self.hand(s), size):
                        action = Exchange(s, *cards) if self._tichu_layout(s) else Push(s, cards)
                        if self._push_fault(s, cards) is None:
                            actions.append(action)
        elif phase == PLAY:
            turn = self.turn
            mj = self.rules.mahjong_in_bomb
            for s in seats:
                if s == turn:
                    hand = self.hand(s)
                    wish = None if s == self._wish_free else self.wish
                    for cards in legal_plays(hand, self.table, wish, mahjong_in_bomb=mj):
                        actions.append(Play(s, cards))
                        if MAH_JONG in cards:
                            actions.extend(Play(s, cards, wish) for wish in WISHES)
                    if self.table is not None and not (
                        wish and wish_obliges(hand, self.table, wish, mahjong_in_bomb=mj)
                    ):
                        actions.append(Pass(s))
                else:
                    actions.extend(Play(s, bomb) for bomb in self.bombs_beating_table(s))
        elif phase == DRAGON_GIFT:
            giver = self.dragon_giver
            if giver is not None and giver in seats:
                actions.extend(GiveDragon(giver, to) for to in self.variant.dragon_receivers(giver))
        elif phase == DOG_LEAD:
            player = self.dog_player
            if player is not None and player in seats:
                actions.extend(
                    GiveLead(player, to) for to in self.variant.dog_choices(player, self.hands)
                )
        if phase in (EXCHANGE, PLAY, DRAGON_GIFT, DOG_LEAD):
            actions.extend(Tichu(s) for s in seats if self.may_call_tichu(s))
        return actions

    # -- changing the state -----------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Carry out one action, or raise ``IllegalAction`` leaving the state unchanged."""
        try:
            seat = action.seat
        except AttributeError:
            seat = None
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise IllegalAction(
                action,
                f"no such seat (seats are 0-{self.seats - 1})",
                "no_such_seat",
                {"seats": self.seats},
            )
        if self.phase == OVER:
            raise IllegalAction(action, "the hand is over", "hand_over")
        if type(action) is Play:
            self._play(action)
        elif type(action) is Pass:
            self._pass(action)
        elif type(action) is Tichu:
            if not self.may_call_tichu(seat):
                raise IllegalAction(action, *self._why_no_tichu(seat))
            self.calls[seat] = Call.TICHU
        elif type(action) is GrandTichu or type(action) is BlindGrandTichu:
            self._call_grand(action)
        elif type(action) is Exchange or type(action) is Push:
            self._exchange(action)
        elif type(action) is GiveDragon:
            self._give_dragon(action)
        elif type(action) is GiveLead:
            self._give_lead(action)
        else:
            raise IllegalAction(action, "not an action of Tichu", "not_an_action")

    def _why_no_tichu(self, seat: int) -> tuple[str, str, dict[str, Any]]:
        """Why ``seat`` may not call Tichu now: the reason, its code and params."""
        if not self.variant.has_calls:
            return f"{self.variant.name} has no calls", "no_calls", {}
        call = self.calls[seat]
        if call is not None:
            return (
                f"seat {seat} already called {call}",
                "already_called",
                {"seat": seat, "call": call},
            )
        if self.played[seat]:
            return "Tichu may only be called before one's first card", "tichu_after_play", {}
        if self.phase == EXCHANGE:
            return (
                "the dealer calls Tichu for the dummy only once the exchange is done",
                "dummy_tichu_before_exchange",
                {"seat": seat},
            )
        count = self.variant.deal_counts[seat]
        return (
            f"Tichu may be called only once all {count} cards are dealt",
            "tichu_before_deal",
            {"count": count},
        )

    def _call_grand(self, action: GrandTichu | BlindGrandTichu) -> None:
        seat = action.seat
        blind = type(action) is BlindGrandTichu
        if self.phase != (BLIND if blind else GRAND):
            raise IllegalAction(
                action,
                "Blind Grand Tichu is called before any card is seen"
                if blind
                else f"Grand Tichu is called on the first {self.variant.grand_look} cards",
                "blind_too_late" if blind else "grand_window",
                {"count": self.variant.grand_look},
            )
        if not blind and not self.variant.grand_tichu_allowed:
            raise IllegalAction(
                action, "this event does not allow Grand Tichu", "grand_not_allowed"
            )
        if seat not in self.variant.grand_callers(self.dealer):
            raise IllegalAction(
                action,
                f"seat {seat} may not call Grand Tichu (the dealer and the dummy call Tichu only)",
                "no_grand_for_seat",
                {"seat": seat},
            )
        if self.decided[seat]:
            raise IllegalAction(
                action, f"seat {seat} has already decided", "already_decided", {"seat": seat}
            )
        if not self._may_call_grand(seat):
            raise IllegalAction(action, "partners may not both call Grand Tichu", "partners_grand")
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
        """Deal the first cards (8 in Tichu); without Grand Tichu there is nothing to decide on
        them. Only the game's Grand callers decide."""
        look = self.variant.grand_look
        assert self.deal is not None  # a hand dealt, not a ``position``
        self.hands = [sum(map(_bit, cards[:look])) for cards in self.deal]
        callers = self.variant.grand_callers(self.dealer)
        self.decided = [
            call is not None or seat not in callers for seat, call in enumerate(self.calls)
        ]
        self.phase = GRAND
        if not look or not self.variant.grand_tichu_allowed or all(self.decided):
            self._deal_rest()

    def _deal_rest(self) -> None:
        assert self._dealt is not None  # a hand dealt, not a ``position``
        self.hands = list(self._dealt)
        if any(self._recipients):
            self.phase = EXCHANGE
        else:  # no exchange (Grand Seigneur's first hand)
            self._start_play()

    def _start_play(self) -> None:
        """The holder of the Mah Jong leads the first trick."""
        self.phase = PLAY
        hands = self.hands
        self.turn = next(s for s in range(self.seats) if hands[s] & MAH_JONG_BIT)

    def _chaos_fault(self, seat: int) -> str | None:
        """Chaos Tichu: why ``seat`` may not pass on a Grand Tichu (the last of a team that has
        called none), or ``None``."""
        if not self.rules.chaos or self.phase != GRAND:
            return None
        partners = self._partners(seat)
        if any(self.calls[p] in GRAND_CALLS for p in partners) or not all(
            self.decided[p] for p in partners
        ):
            return None
        return "Chaos Tichu: each team calls one Grand Tichu, and this team has none yet"

    def _tichu_layout(self, seat: int) -> bool:
        """Does ``seat`` give one card to each of three others, as ``Exchange`` lays them out
        (left, partner, right)?"""
        return self.seats == 4 and len(self._recipients[seat]) == 3

    def _push_fault(self, seat: int, cards: Sequence[Card]) -> str | None:
        """Why ``seat`` may not give these cards (the game's rule), or ``None``."""
        if self.placing is None:  # only Grand Seigneur's tribute has a rule
            return None
        return self.variant.push_fault(seat, mask_of(cards), self.hands[seat], self.placing)

    def _exchange(self, action: Exchange | Push) -> None:
        """Lay out the cards for the exchange; once every giver has, all change hands at once,
        each card to its seat of ``recipients``."""
        seat = action.seat
        if self.phase != EXCHANGE:
            raise IllegalAction(
                action, "cards are exchanged after the deal, before play", "exchange_phase"
            )
        recipients = self._recipients[seat]
        if not recipients:
            raise IllegalAction(
                action,
                f"seat {seat} gives no card in this exchange",
                "gives_no_card",
                {"seat": seat},
            )
        if self.exchanges[seat] is not None:
            raise IllegalAction(
                action, f"seat {seat} has already exchanged", "already_exchanged", {"seat": seat}
            )
        if type(action) is Exchange and not self._tichu_layout(seat):
            raise IllegalAction(
                action,
                f"seat {seat} gives {len(recipients)} cards here: lay them out with Push",
                "push_layout",
                {"seat": seat, "count": len(recipients)},
            )
        cards = _given(action)
        size = len(recipients)
        mask = 0
        if type(cards) is tuple and len(cards) == size:
            for card in cards:
                if type(card) is not Card:
                    break
                mask |= card.bit
            else:
                size = 0  # well-formed
        if size:
            raise IllegalAction(
                action,
                f"an exchange gives {_NUMBERS.get(size, size)} cards",
                "exchange_count",
                {"count": size},
            )
        if mask.bit_count() != len(cards):
            raise IllegalAction(
                action,
                f"an exchange gives {_NUMBERS.get(len(cards))} different cards",
                "exchange_distinct",
                {"count": len(cards)},
            )
        hands = self.hands
        if mask & ~hands[seat]:
            raise IllegalAction(
                action, f"seat {seat} does not hold these cards", "not_held", {"seat": seat}
            )
        if self.placing is not None:  # only Grand Seigneur's tribute has a rule
            fault = self.variant.push_fault(seat, mask, hands[seat], self.placing)
            if fault is not None:
                raise IllegalAction(action, fault, "tribute_best", {"seat": seat})
        exchanges = self.exchanges
        exchanges[seat] = action
        all_recipients = self._recipients
        for s, exchange in enumerate(exchanges):
            if exchange is None and all_recipients[s]:
                return  # a giver has yet to lay out their cards
        given = [(s, _given(exchange)) for s, exchange in enumerate(exchanges) if exchange]
        for s, cards in given:
            for card in cards:
                hands[s] &= ~card.bit
        for s, cards in given:
            for to, card in zip(all_recipients[s], cards, strict=True):
                hands[to] |= card.bit
        self._start_play()

    def _pass(self, action: Pass) -> None:
        seat = action.seat
        phase = self.phase
        if phase != PLAY:
            if phase not in (BLIND, GRAND):
                raise IllegalAction(action, "there is nothing to pass on now", "nothing_to_pass")
            if self.decided[seat]:
                raise IllegalAction(
                    action, f"seat {seat} has already decided", "already_decided", {"seat": seat}
                )
            if self.rules.chaos:
                fault = self._chaos_fault(seat)
                if fault is not None:
                    raise IllegalAction(action, fault, "chaos_grand_missing", {"seat": seat})
            self._decide(seat)
            return
        if seat != self.turn:
            raise IllegalAction(
                action, f"it is seat {self.turn}'s turn", "not_your_turn", {"seat": self.turn}
            )
        table = self.table
        if table is None:
            raise IllegalAction(action, "the lead may not pass", "lead_may_not_pass")
        wish = self.wish
        if (
            wish
            and seat != self._wish_free
            and obliges(self.hands[seat], table, wish, self.rules.mahjong_in_bomb)
        ):
            raise IllegalAction(
                action,
                f"the wish for {_rank_name(wish)} obliges seat {seat} to play it",
                "wish_obliges",
                {"rank": wish, "seat": seat},
            )
        self.passes = passes = self.passes + 1
        active = self.seats - len(self.out)  # the seats out are exactly those without cards
        if passes >= active - (1 if self.hands[self.table_seat] else 0):
            self._end_trick(table)
        else:
            self.turn = self._next_seat[seat]

    def _play(self, action: Play) -> None:
        seat = action.seat
        phase = self.phase
        if phase != PLAY:
            if phase == DRAGON_GIFT:
                raise IllegalAction(
                    action,
                    f"seat {self.dragon_giver} must first give the Dragon trick to an opponent",
                    "dragon_gift_pending",
                    {"seat": self.dragon_giver},
                )
            if phase == DOG_LEAD:
                raise IllegalAction(
                    action,
                    f"seat {self.dog_player} must first pass the Dog's lead to a partner",
                    "dog_lead_pending",
                    {"seat": self.dog_player},
                )
            raise IllegalAction(
                action, "cards are played only once the exchange is done", "play_phase"
            )
        cards = action.cards
        if type(cards) is not tuple or not cards:
            raise IllegalAction(action, "a play lays one or more cards", "play_empty")
        mask = 0
        for card in cards:
            if type(card) is not Card:
                raise IllegalAction(action, "a play lays one or more cards", "play_empty")
            mask |= card.bit
        if mask.bit_count() != len(cards):
            raise IllegalAction(action, "a card appears twice in the play", "card_twice")
        hand = self.hands[seat]
        if mask & ~hand:
            missing = format_cards(cards_of(mask & ~hand))
            raise IllegalAction(
                action,
                f"seat {seat} does not hold {missing}",
                "not_held",
                {"seat": seat, "cards": missing},
            )
        wish = action.wish
        if wish is not None:
            if type(wish) is not int or wish not in WISHES:
                raise IllegalAction(action, "a wish names a rank from 2 to Ace (14)", "wish_rank")
            if not mask & MAH_JONG_BIT:
                raise IllegalAction(
                    action, "only the player of the Mah Jong may wish", "wish_without_mahjong"
                )
        table = self.table
        mj = self.rules.mahjong_in_bomb
        combination = reading_of_mask(mask, table, mj)
        if combination is None:
            raise IllegalAction(action, *self._why_not_laid(cards, table))
        standing = self.wish
        if seat != self.turn:
            if not combination.is_bomb:
                raise IllegalAction(
                    action,
                    f"it is seat {self.turn}'s turn (only a bomb may be played out of turn)",
                    "not_your_turn",
                    {"seat": self.turn},
                )
            if table is None:
                raise IllegalAction(
                    action, "a bomb may not take the lead: play it during a trick", "bomb_lead"
                )
        elif (
            standing
            and not mask & WISH_MASKS[standing]
            and not combination.is_bomb
            and seat != self._wish_free
            and obliges(hand, table, standing, mj)
        ):
            raise IllegalAction(
                action,
                f"the wish for {_rank_name(standing)} obliges seat {seat} to play it",
                "wish_obliges",
                {"rank": standing, "seat": seat},
            )

        # the play stands: lay it
        hands = self.hands
        hands[seat] = hand = hand ^ mask  # the cards held, less those laid
        self.played[seat] = True
        self.trick |= mask
        if standing and mask & WISH_MASKS[standing]:
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

    def _why_not_laid(
        self, cards: tuple[Card, ...], table: Combination | None
    ) -> tuple[str, str, dict[str, Any]]:
        """Why these cards may not be laid on ``table``: the reason, its code and params."""
        try:
            combination = classify(cards, mahjong_in_bomb=self.rules.mahjong_in_bomb)
        except InvalidCombination as error:
            return (
                f"not a combination: {error}",
                "not_a_combination",
                {"cards": format_cards(cards)},
            )
        if table is None:
            return "this may not be led", "may_not_lead", {"cards": format_cards(cards)}
        if table.kind == DOG_KIND:
            return "nothing may be laid on the Dog", "nothing_on_dog", {}
        return (
            f"{combination.kind.replace('_', ' ')} {combination} does not beat {table}",
            "does_not_beat",
            {"cards": format_cards(cards), "table": format_cards(table.cards)},
        )

    def _lead_after_dog(self, seat: int) -> None:
        """The Dog's trick is done at once; the lead goes where the game says
        (``Variant.dog_choices``: in Tichu the partner, or the next player after the partner who
        still holds cards), or to the partner of the player's choice (Tientsin)."""
        self.won[seat] |= self.trick
        self.trick = 0
        self.table = None
        if self.hands[seat] or not self._hand_ends(seat):
            choices = self.variant.dog_choices(seat, self.hands)
            if len(choices) == 1:
                self.turn = choices[0]
            else:
                self.dog_player = seat
                self.phase = DOG_LEAD

    def _give_lead(self, action: GiveLead) -> None:
        seat, to = action.seat, action.to
        if self.phase != DOG_LEAD:
            raise IllegalAction(action, "there is no Dog's lead to pass on", "no_dog_lead")
        if seat != self.dog_player:
            raise IllegalAction(
                action,
                f"seat {self.dog_player} played the Dog",
                "not_dog_player",
                {"seat": self.dog_player},
            )
        if to not in self.variant.dog_choices(seat, self.hands):
            raise IllegalAction(
                action, "the Dog's lead goes to a partner who holds cards", "dog_lead_partner"
            )
        self.dog_player = None
        self.phase = PLAY
        self.turn = to

    def _hand_ends(self, seat: int) -> bool:
        """``seat`` just went out: end the hand when the game says (a sweep, or one player
        left holding cards); the last player out takes the trick at once, or gives away the
        Dragon if the rules say so."""
        out = self.out
        if not self.variant.hand_over(out):
            return False
        if len(out) < self.seats - 1:  # a sweep: the rest plays on for nothing
            self.phase = OVER
            return True
        table = self.table
        if (
            table is not None
            and table.cards[0] in (DRAGON, DRAGON_2)
            and not self.rules.dragon_kept_when_last
            and self.variant.dragon_receivers(seat)
        ):
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
        # the Dragon is only played alone; in Grand Seigneur its winner keeps it
        card = table.cards[0]
        if (card is DRAGON or card is DRAGON_2) and self.variant.dragon_receivers(winner):
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
            raise IllegalAction(action, "there is no Dragon trick to give away", "no_dragon_gift")
        if seat != self.dragon_giver:
            raise IllegalAction(
                action,
                f"seat {self.dragon_giver} won the Dragon trick",
                "not_dragon_winner",
                {"seat": self.dragon_giver},
            )
        if type(to) is not int or to not in self.variant.dragon_receivers(seat):
            raise IllegalAction(
                action, "the Dragon trick goes to an opponent", "dragon_to_opponent"
            )
        self.won[to] |= self.trick
        self.dragon_giver = None
        if len(self.out) >= self.seats - 1:
            self.trick = 0
            self.table = None
            self.phase = OVER
        else:
            self.phase = PLAY
            self._next_trick(seat)

    def _next_with_cards(self, start: int) -> int:
        """The first seat from ``start`` on, in playing order, that holds cards."""
        return self._next_seat[(start - 1) % self.seats]

    # -- the result -------------------------------------------------------------------------

    @property
    def sweep(self) -> int | None:
        """In a partnership game, the team whose players all went out before any opponent (a
        double victory, or whatever the variant's ``sweep_key`` calls it), if one did."""
        from .variants import TeamVariant

        variant = self.variant
        return variant.sweep_of(self.out) if isinstance(variant, TeamVariant) else None

    @property
    def finish_order(self) -> tuple[int, ...]:
        """The seats in the order they went out, the last player last once the hand is over."""
        out = tuple(self.out)
        if self.phase == OVER and len(out) == self.seats - 1:
            return (*out, *(s for s in range(self.seats) if s not in out))
        return out

    def card_points(self) -> tuple[int, int]:
        """Each team's card points at the end (not counted after a sweep): the last player's hand
        cards go to the opposing team, their tricks (and in Tientsin the fifth player's) as the
        game says (``TeamVariant.card_points``)."""
        from .variants import TeamVariant

        variant = self.variant
        if not isinstance(variant, TeamVariant):
            raise ValueError(f"{variant.name} counts no card points")
        return variant.card_points(self)

    def score(self) -> HandScore | PlacingScore:
        """The hand's score once over: in the partnership games totals, card points, sweep,
        finish order, calls; in Grand Seigneur the placing."""
        if self.phase != OVER:
            raise ValueError("the hand is not over")
        return self.variant.score(self)

    def entry(self, score: HandScore | PlacingScore | None = None) -> dict[str, Any]:
        """The score entry a table captain would write for this hand (see ``scoring.entry``);
        ``score``: this hand's ``score()`` when already computed."""
        return self.variant.entry(self.score() if score is None else score)


_NUMBERS = {1: "one", 2: "two", 3: "three"}


def _given(action: Exchange | Push) -> tuple[Card, ...]:
    """The cards an exchange lays out, in the order of the seat's recipients."""
    if isinstance(action, Exchange):
        return (action.left, action.partner, action.right)
    return action.cards


def _rank_name(rank: int) -> str:
    return {11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces"}.get(rank, f"{rank}s")
