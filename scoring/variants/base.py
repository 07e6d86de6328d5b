"""What every game on Tichu's cards has, and the hooks each game overrides.

``Variant`` holds what all games share: the event's ``rules``, the number of ``players`` and of
``seats`` (hands at the table: Threechu's dummy is a seat without a player), the decks and the
deal. ``TeamVariant`` adds the partnership games' teams (the even seats against the odd ones:
they alternate round the table in every such game), the *sweep* (a team's players all out
before any opponent: the double victory of Tichu, the triple victory of Tientsin), the calls and
the score sheet of ``scoring.entry``. ``PlacingVariant`` is a game of placings only (Grand
Seigneur). A game's class overrides the flags and hooks where it differs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import FULL_DECK_MASK, TWO_DECKS_MASK, points_of_mask
from ..rules import Rules
from ..score import CallOutcome, HandScore, PlacingScore, hand_totals

if TYPE_CHECKING:
    from ..cards import Card
    from ..state import HandState

DECK_CARDS = 56
"""The cards of one deck: 52 suited cards and the four specials."""
SECOND_DECK_CARDS = 54
"""A second deck is played without its Dog and Mah Jong."""


class Variant(ABC):
    """A game on Tichu's cards under an event's rules (the base: what every game has).

    Flags (class attributes): ``name`` (the registry's key), ``players_allowed`` (how many may
    play: one number where the game fixes it, else the event chooses), ``dummies`` (seats at the
    table that no player holds), ``grand_look`` (the cards a player sees before the Grand Tichu
    window closes; 0: no Grand Tichu, no calls at all in a game without teams),
    ``chaos_allowed`` (may the event play it as Chaos Tichu?). These are the game's facts: the
    score (``HandScore.credits``) and the tournament (``tournaments.games``) read them here.
    """

    name: ClassVar[str]
    players_allowed: ClassVar[range]
    dummies: ClassVar[int] = 0
    grand_look: ClassVar[int] = 0
    chaos_allowed: ClassVar[bool] = False

    def __init__(self, rules: Rules):
        self.rules = rules
        self.players: int = rules.players or self.players_allowed[0]
        self.seats: int = self.seats_for(self.players)
        """The hands at the table, in playing order (a dummy's included)."""

    @classmethod
    def own_players(cls) -> int | None:
        """How many play, where the game fixes it (``None``: the event chooses, Grand
        Seigneur)."""
        allowed = cls.players_allowed
        return allowed[0] if len(allowed) == 1 else None

    @classmethod
    def seats_for(cls, players: int | None = None) -> int:
        """The hands at a table of ``players`` (by default the game's own number), a dummy's
        included."""
        if players is None:
            players = cls.own_players()
            if players is None:
                raise ValueError(f"{cls.name} seats as many as play: say how many")
        return players + cls.dummies

    @classmethod
    def check_rules(cls, rules: Rules) -> None:
        """Refuse options this game does not have, and a game whose players the event chooses
        without a number (``ValueError``): five is no better a guess than twelve, and a guess
        scores every hand of another table size wrong."""
        players = rules.players
        allowed = cls.players_allowed
        count = f"{allowed[0]}" if len(allowed) == 1 else f"{allowed[0]} to {allowed[-1]}"
        if players is not None and (
            not isinstance(players, int) or isinstance(players, bool) or players not in allowed
        ):
            raise ValueError(f"{cls.name} is played by {count} players, not {players!r}")
        if players is None and cls.own_players() is None:
            raise ValueError(
                f"{cls.name} is played by {count} players: the rules must say how many (players)"
            )
        if rules.chaos and not cls.chaos_allowed:
            raise ValueError("Chaos Tichu is an option of four-player Tichu only")

    @property
    def decks(self) -> int:
        """How many decks are dealt (one; Grand Seigneur takes two from seven players)."""
        return 1

    @cached_property
    def cards(self) -> int:
        """How many cards are dealt: 56 a deck, 54 of the second (no Dog, no Mah Jong)."""
        return DECK_CARDS + (self.decks - 1) * SECOND_DECK_CARDS

    @cached_property
    def deck_mask(self) -> int:
        """The cards dealt, as a mask (``scoring.cards``)."""
        return TWO_DECKS_MASK if self.decks == 2 else FULL_DECK_MASK

    @property
    def grand_tichu_allowed(self) -> bool:
        """May a Grand Tichu be called? Not in a game without calls."""
        return False

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team (none in a game without teams)."""
        return ()

    @cached_property
    def deal_counts(self) -> tuple[int, ...]:
        """How many cards each seat is dealt: drawn one at a time from seat 0 on until none is
        left, so the first seats may hold one card more."""
        share, more = divmod(self.cards, self.seats)
        return tuple(share + (seat < more) for seat in range(self.seats))

    @abstractmethod
    def score_entry(
        self, entry: Mapping[str, Any], dealer: int | None = None
    ) -> HandScore | PlacingScore:
        """A captain's score entry, checked and scored (``scoring.entry``); ``dealer``: the
        hand's dealer where the caller knows it (Threechu only)."""

    # -- the hand, step by step: the hooks of ``scoring.state.HandState`` -------------------

    has_calls: ClassVar[bool] = True
    """Are there Tichu calls at all?"""

    def setting(
        self, dealer: int | None, placing: Sequence[int] | None
    ) -> tuple[int | None, tuple[int, ...] | None]:
        """A hand's setting, checked and completed (``ValueError`` if the game has no such
        thing): the dealer who plays a dummy (Threechu), the previous hand's placing (Grand
        Seigneur)."""
        if dealer is not None:
            raise ValueError(f"{self.name} has no dealer who plays a dummy")
        if placing is not None:
            raise ValueError(f"{self.name} has no exchange by placings")
        return None, None

    def grand_callers(self, dealer: int | None) -> tuple[int, ...]:
        """The seats that decide on a Grand Tichu in its window (none without one)."""
        return self._all_seats if self.grand_look else ()

    @cached_property
    def _all_seats(self) -> tuple[int, ...]:
        return tuple(range(self.seats))

    def tichu_open(self, seat: int, dealer: int | None, playing: bool) -> bool:
        """May ``seat`` call Tichu now, as far as the game goes (the general conditions, no call
        yet and no card played, are the state's)? ``playing``: the exchange is done."""
        return self.has_calls

    def recipients(
        self, seat: int, dealer: int | None, placing: Sequence[int] | None
    ) -> tuple[int, ...]:
        """Whom ``seat`` gives a card in the exchange, one seat per card, in the order the
        cards are laid out (a seat may be named more than once); empty: no card."""
        return ()

    def all_recipients(
        self, dealer: int | None, placing: tuple[int, ...] | None
    ) -> tuple[tuple[int, ...], ...]:
        """``recipients`` of every seat for a hand's setting, worked out once per setting."""
        cache = self.__dict__.setdefault("_recipients_cache", {})
        found: tuple[tuple[int, ...], ...] | None = cache.get((dealer, placing))
        if found is None:
            found = cache[dealer, placing] = tuple(
                self.recipients(seat, dealer, placing) for seat in range(self.seats)
            )
        return found

    def push_fault(
        self, seat: int, mask: int, hand: int, placing: Sequence[int] | None
    ) -> str | None:
        """Why these cards may not be given (a rule of the game), or ``None``."""
        return None

    def forced_push(
        self, seat: int, hand: int, placing: Sequence[int] | None
    ) -> tuple[Card, ...] | None:
        """The cards ``seat`` must give, where the game leaves no choice (Grand Seigneur's
        tribute of the best cards; among equal cards the first), or ``None``."""
        return None

    def dog_choices(self, seat: int, hands: Sequence[int]) -> tuple[int, ...]:
        """The seats the Dog's player may pass the lead to (all holding cards): one is taken at
        once, several are the player's choice; none when nobody holds cards. By default the
        next player after the Dog's who holds cards."""
        found = first_holding(seat + 1, hands)
        return () if found is None else (found,)

    def dragon_receivers(self, seat: int) -> tuple[int, ...]:
        """Whom the winner of a Dragon trick may give it to; none: the winner keeps it."""
        return ()

    def roles(self, dealer: int | None) -> dict[int, str]:
        """The seats of a hand that play a part beyond their own cards, by seat: ``dealer``
        and ``dummy`` in Threechu (a replay names them); none by default."""
        return {}

    def wish_free(self, dealer: int | None) -> int | None:
        """A seat the Mah Jong's wish never obliges (Threechu's dummy), or ``None``."""
        return None

    def hand_over(self, out: Sequence[int]) -> bool:
        """Does the hand end with these seats out? When one seat is left holding cards."""
        return len(out) >= self.seats - 1

    @abstractmethod
    def score(self, state: HandState) -> HandScore | PlacingScore:
        """The score of a hand played to its end."""

    @abstractmethod
    def entry(self, score: Any) -> dict[str, Any]:
        """The score entry a table captain would write for this score."""


def first_holding(start: int, hands: Sequence[int]) -> int | None:
    """The first seat from ``start`` on, in playing order, that holds cards (``None``: none)."""
    seats = len(hands)
    for k in range(seats):
        seat = (start + k) % seats
        if hands[seat]:
            return seat
    return None


class TeamVariant(Variant):
    """A partnership game: two teams, the even seats (team 0) and the odd ones (team 1), who
    alternate round the table; Tichu and Grand Tichu calls; card points or a sweep.

    Flags: ``sweep_key``, the score sheet's name for a sweep (``double_victory`` or
    ``triple_victory``).
    """

    sweep_key: ClassVar[str] = "double_victory"
    grand_look: ClassVar[int] = 8

    @property
    def team_size(self) -> int:
        return self.seats // 2

    @staticmethod
    def team_of(seat: int) -> int:
        """Team 0 is the even seats, team 1 the odd ones."""
        return seat & 1

    def members(self, team: int) -> tuple[int, ...]:
        """The seats of a team, in playing order from the lowest."""
        return tuple(range(team, self.seats, 2))

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team, in playing order after it."""
        return self._partners[seat]

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats of the other team, in playing order after ``seat``."""
        return self._opponents[seat]

    @cached_property
    def _partners(self) -> tuple[tuple[int, ...], ...]:
        n = self.seats
        return tuple(tuple((seat + k) % n for k in range(2, n, 2)) for seat in range(n))

    @cached_property
    def _opponents(self) -> tuple[tuple[int, ...], ...]:
        n = self.seats
        return tuple(tuple((seat + k) % n for k in range(1, n, 2)) for seat in range(n))

    @property
    def sweep_points(self) -> int:
        """What a sweep scores (the other team 0, no card points counted)."""
        return self.rules.double_victory_points

    @property
    def grand_tichu_allowed(self) -> bool:
        """May a Grand Tichu be called (the event's option)?"""
        return self.rules.grand_tichu_allowed

    @property
    def entry_keys(self) -> tuple[str, ...]:
        """The keys of this game's score sheet."""
        return ("card_points", "finish_order", "calls", self.sweep_key, "tichu_success")

    def dealer_of(self, entry: Mapping[str, Any], known: int | None = None) -> int | None:
        """The dealer the score sheet names, where the game has one (Threechu); ``known``: the
        hand's dealer as the caller knows it (``ValueError`` in a game without one)."""
        self.setting(known, None)
        return None

    def check_calls(self, calls: dict[int, str], dealer: int | None) -> None:
        """The game's own limits on the calls of a score entry (``InvalidHand``); the general
        ones (known calls, allowed by the event, one Grand Tichu per team) are checked before."""

    # -- the hand, step by step --------------------------------------------------------

    def recipients(
        self, seat: int, dealer: int | None, placing: Sequence[int] | None
    ) -> tuple[int, ...]:
        """One card to each other player: the left-hand opponent (the previous player), the
        partner, the right-hand one (the next player), as four-player Tichu lays them out."""
        n = self.seats
        return tuple((seat - k) % n for k in range(1, n))

    def dog_choices(self, seat: int, hands: Sequence[int]) -> tuple[int, ...]:
        """The partner; if out, the next player after the partner who holds cards."""
        found = first_holding(seat + 2, hands)
        return () if found is None else (found,)

    def dragon_receivers(self, seat: int) -> tuple[int, ...]:
        """An opponent of the winner's choice."""
        return self.opponents(seat)

    def sweep_of(self, out: Sequence[int]) -> int | None:
        """The team whose players all went out before any opponent, if one did
        (``scoring.score.sweep_of``)."""
        from ..score import sweep_of

        return sweep_of(out, self.team_size)

    def hand_over(self, out: Sequence[int]) -> bool:
        """When one player is left holding cards, or at a sweep."""
        return len(out) >= self.seats - 1 or (
            len(out) == self.team_size and self.sweep_of(out) is not None
        )

    def trick_receivers(self, out: Sequence[int], last: int) -> dict[int, int]:
        """Whose team gets the tricks of the seats that pass them on at the end, by seat: the
        last player's go to the first player out."""
        return {last: out[0]}

    def card_points(self, state: HandState) -> tuple[int, int]:
        """Each team's card points at the end of a hand without a sweep: the last player's hand
        cards go to the opposing team, the tricks of ``trick_receivers`` to the team of the
        seat named, every other trick to its winner's team."""
        hands, won = state.hands, state.won
        last = 0
        while not hands[last]:
            last += 1
        moved = self.trick_receivers(state.out, last)
        cards = [0, 0]
        for seat in range(self.seats):
            cards[moved.get(seat, seat) & 1] |= won[seat]
            cards[1 - (seat & 1)] |= hands[seat]
        return points_of_mask(cards[0]), points_of_mask(cards[1])

    def score(self, state: HandState) -> HandScore:
        sweep = self.sweep_of(state.out)
        first = state.out[0]
        calls = tuple(
            CallOutcome(s, call, s == first) for s, call in enumerate(state.calls) if call
        )
        card_points = self.card_points(state) if sweep is None else None
        totals = hand_totals(card_points, sweep, calls, self.rules, self.sweep_points)
        order = tuple(state.out)
        if sweep is None:
            order += tuple(s for s in range(self.seats) if s not in order)
        return HandScore(totals, card_points, sweep, order, calls, state.dealer, self.name)

    def entry(self, score: Any) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "card_points": list(score.card_points) if score.card_points else None,
            "finish_order": list(score.finish_order),
            "calls": {str(c.seat): c.call for c in score.calls},
            self.sweep_key: score.sweep,
        }
        if score.dealer is not None:
            entry["dealer"] = score.dealer
        return entry

    def score_entry(self, entry: Mapping[str, Any], dealer: int | None = None) -> HandScore:
        from ..entry import score_team_entry  # entry's defaults are rules, which check games

        return score_team_entry(entry, self, dealer)


class PlacingVariant(Variant):
    """A game of placings only: no teams, no calls, no card points; a hand's result is the order
    in which the players go out."""

    has_calls = False

    def score(self, state: HandState) -> PlacingScore:
        order = tuple(state.out)
        return PlacingScore(
            order + tuple(s for s in range(self.seats) if s not in order), self.name
        )

    def entry(self, score: Any) -> dict[str, Any]:
        return dict(score.as_entry())

    def score_entry(self, entry: Mapping[str, Any], dealer: int | None = None) -> PlacingScore:
        from ..entry import score_placing_entry

        self.setting(dealer, None)  # no dealer to know: refused
        return score_placing_entry(entry, self)
