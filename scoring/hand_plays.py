"""One hand's plays over the many turns it is played from: the cache bots and simulations keep.

``legal_plays`` (``scoring.plays``) generates a hand's plays afresh on every call. A player who
plays many turns from one hand keeps a ``HandPlays`` instead: the same generators run once per
kind of combination, and their candidates are narrowed as the hand shrinks, so a turn costs a
filter, not a generation. Its plays agree with ``legal_plays`` (the same sets of cards; the order
may differ). Small helpers read the hand's bits directly (``singles_above``).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from scoring.cards import (
    CARDS,
    DECK_SIZE,
    DOG,
    DRAGON,
    DRAGON_BIT,
    DRAGON_RANK,
    LOWEST_RANK,
    MAH_JONG,
    PHOENIX,
    PHOENIX_BIT,
    SUITED_MASK,
    WISH_MASKS,
)
from scoring.combinations import (
    BOMB_KINDS,
    DOG_KIND,
    FULL_HOUSE,
    PAIR,
    PHOENIX_TOP_RANK,
    SINGLE,
    STAIRS,
    STRAIGHT,
    TRIPLE,
    Combination,
    outranks_bomb,
    reading_of_mask,
)
from scoring.plays import (
    GROUPS,
    HELD,
    WITH_PHOENIX,
    HandView,
    Play,
    list_bombs,
    list_full_houses,
    list_sets,
    list_singles,
    list_stairs,
    list_straights,
    may_hold_bomb,
    two_deck_leads,
)

Entry = tuple[int, Play, int, float]
"""A candidate play as ``HandPlays`` keeps it: (its cards as a mask, the play, its number of
cards, the rank of its highest reading)."""

_bit = attrgetter("bit")

_SINGLE_ENTRIES: tuple[Entry, ...] = tuple(
    (card.bit, (card,), 1, PHOENIX_TOP_RANK if card is PHOENIX else card.rank or 0)
    for card in CARDS
)
"""The entry of each card alone; the Dog's rank 0, the Phoenix's the highest it can take."""


def _as_entries(plays: tuple[Play, ...], rank: int) -> tuple[Entry, ...]:
    return tuple((sum(card.bit for card in play), play, len(play), rank) for play in plays)


_ENTRY_TABLES = (
    tuple(
        tuple(tuple(_SINGLE_ENTRIES[card.index] for card in held) for held in by_suits)
        for by_suits in HELD
    ),
    _SINGLE_ENTRIES[DRAGON.index],
    _SINGLE_ENTRIES[PHOENIX.index],
    tuple(
        tuple(tuple(_as_entries(groups[k], rank) for k in range(5)) for groups in by_suits)
        for rank, by_suits in enumerate(GROUPS)
    ),
    tuple(
        tuple(tuple(_as_entries(groups[k], rank) for k in range(4)) for groups in by_suits)
        for rank, by_suits in enumerate(WITH_PHOENIX)
    ),
)
"""``scoring.plays.PLAY_TABLES`` as entries: what ``list_singles`` and ``list_sets`` list here."""

BOMB = "bomb"
"""``HandPlays``' name for its list of bombs (of either bomb kind)."""
LEAD_KINDS = (SINGLE, DOG_KIND, PAIR, TRIPLE, FULL_HOUSE, STAIRS, STRAIGHT)
"""The kinds of ``HandPlays.entries`` other than ``BOMB``, in the order ``leads`` lists them."""
LEADS = "leads"
"""``HandPlays``' name for the list of every non-bomb lead."""


def _generate(hand: HandView, kind: str, mahjong_in_bomb: bool) -> list[Play]:
    """Every candidate lead of one kind (``BOMB``: every bomb), from stage one's generators."""
    out: list[Play] = []
    if kind == SINGLE:
        list_singles(hand, 0, out)
        if hand.mahjong:
            out.append((MAH_JONG,))
    elif kind == PAIR:
        list_sets(hand, 2, 0, out)
    elif kind == TRIPLE:
        list_sets(hand, 3, 0, out)
    elif kind == FULL_HOUSE:
        list_full_houses(hand, 0, out)
    elif kind == STAIRS:
        list_stairs(hand, None, 0, out)
    elif kind == STRAIGHT:
        list_straights(hand, None, 0, mahjong_in_bomb, out)
    elif kind == BOMB:
        list_bombs(hand, None, mahjong_in_bomb, out)
    elif hand.dog:
        out.append((DOG,))
    return out


def _entries(hand: HandView, kind: str, mahjong_in_bomb: bool) -> list[Entry]:
    """The candidates of one kind as ``HandPlays`` entries.

    The rank of the highest reading (the one that beats every table any reading beats) is read
    from the places the generators give the cards, each play listing its cards by rank, the
    Mah Jong first and the Phoenix in the place it stands for: sets and four of a kind by
    their first card; a full house by its first card when its first three are the triple, else
    (two pairs and the Phoenix, the higher pair read as the triple) by its third; stairs by the
    top pair; straights and straight flushes by the top card, or one above the card below the
    Phoenix when it stands at the top (a set is listed once, in its highest reading).
    """
    found: list[Entry] = []
    if kind == SINGLE:
        list_singles(hand, 0, found, _ENTRY_TABLES)
        if hand.mahjong:
            found.append(_SINGLE_ENTRIES[MAH_JONG.index])
        return found
    if kind in (PAIR, TRIPLE):
        list_sets(hand, 2 if kind == PAIR else 3, 0, found, _ENTRY_TABLES)
        return found
    if kind == DOG_KIND:
        return [_SINGLE_ENTRIES[DOG.index]] if hand.dog else found
    plays = _generate(hand, kind, mahjong_in_bomb)
    append = found.append
    if kind == FULL_HOUSE:
        for play in plays:
            first, third = play[0].rank, play[2].rank  # real cards: the Phoenix stands last
            append((sum(map(_bit, play)), play, 5, first if first == third else third))  # type: ignore[arg-type]
    else:  # stairs, straights, bombs
        above = 1 if kind == STRAIGHT else 0
        for play in plays:
            last = play[-1]
            # real cards but the Phoenix, which stands last only above a real card
            rank = play[-2].rank + above if last is PHOENIX else last.rank  # type: ignore[operator]
            append((sum(map(_bit, play)), play, len(play), rank))  # type: ignore[arg-type]
    return found


def _two_deck_entries(mask: int, kind: str, mahjong_in_bomb: bool) -> list[Entry]:
    """``_entries`` for a hand of two decks, from its leads (``two_deck_leads``)."""
    found = []
    for play_mask, play, lead in two_deck_leads(mask, mahjong_in_bomb):
        if lead.is_bomb if kind == BOMB else lead.kind == kind:
            rank = lead.rank or 0  # the Dog's 0, as ``_SINGLE_ENTRIES``
            if kind == SINGLE and play[0].face is PHOENIX:
                rank = PHOENIX_TOP_RANK
            found.append((play_mask, play, lead.length, rank))
    return found


def _top_single(mask: int) -> float:
    """The rank the hand's best single is compared with: the Dragon 15, the Phoenix
    ``PHOENIX_TOP_RANK``, else its highest suited rank (0: none)."""
    if mask & DRAGON_BIT:
        return DRAGON_RANK
    if mask & PHOENIX_BIT:
        return PHOENIX_TOP_RANK
    suited = mask & SUITED_MASK
    return LOWEST_RANK + ((suited.bit_length() - 1) >> 2) if suited else 0


_SUITED_ABOVE = tuple(
    sum(card.bit for card in CARDS[:52] if (card.rank or 0) > rank)
    for rank in range(DRAGON_RANK + 1)
)
"""``_SUITED_ABOVE[rank]``: the suited cards of ranks above ``rank`` (0-15)."""


def singles_above(mask: int, rank: float) -> int:
    """The suited cards of ``mask`` that beat a single of ``rank`` (a Phoenix's half rank
    included); the Phoenix and the Dragon beat every single below the Dragon (``list_singles``)."""
    return mask & _SUITED_ABOVE[int(rank)]


class HandPlays:
    """The plays of one hand over the many turns it is played from (bots, simulations, search).

    The candidates of a kind are generated the first time that kind is asked for (by stage
    one's generators); after that, the hand only shrinks, and a set of cards is a combination
    whatever else the hand holds, so the candidates of the smaller hand are exactly those of
    the larger one that it still holds all of. ``narrow(mask)`` says which cards are still held;
    each kind's list is filtered when next asked for. The plays on a table are the candidates of
    the table's kind and length whose highest reading beats it (``lies_on``), and the bombs that
    beat it; the wish applies as in ``legal_plays``, which ``legal`` agrees with (the same sets
    of cards; the order may differ).

    Entries are ``(mask, play, length, rank)``: the cards as a bitmask and as a tuple, the number
    of cards, and the rank of the highest reading (``_entries``).

    ``bomb_free``: the hand holds no bomb, and so will no part of it (it has no four of a kind
    and no four consecutive ranks of one suit): most hands, whose turns need not ask for bombs.
    ``exhausted``: the kinds whose entries have come out empty, as they stay (so that a caller
    trying kinds in turn need not ask for those again).
    """

    __slots__ = ("mask", "mahjong_in_bomb", "bomb_free", "exhausted", "_slots", "_view")

    def __init__(self, mask: int, mahjong_in_bomb: bool = False) -> None:
        self.mask = mask
        self.mahjong_in_bomb = mahjong_in_bomb
        self.bomb_free = not mask >> DECK_SIZE and not may_hold_bomb(mask)
        self.exhausted: set[str] = set()
        self._slots: dict[str, list[Any]] = {}  # kind: [the mask it was narrowed to, its entries]
        self._view: HandView | None = None

    def narrow(self, mask: int) -> HandPlays:
        """The plays of ``mask``: this object narrowed when ``mask`` is a part of its hand, else a
        new one."""
        if mask & ~self.mask:
            return HandPlays(mask, self.mahjong_in_bomb)
        self.mask = mask
        return self

    def entries(self, kind: str) -> list[Entry]:
        """The candidates of one kind (``BOMB``: the bombs; ``LEADS``: every non-bomb lead, of
        the kinds of ``LEAD_KINDS`` in that order) that the hand still holds."""
        mask = self.mask
        slot = self._slots.get(kind)
        entries: list[Entry]
        if slot is not None:
            entries = slot[1]
            if slot[0] != mask:
                slot[0], gone = mask, slot[0] & ~mask
                if entries:
                    entries = slot[1] = [entry for entry in entries if not entry[0] & gone]
                    if not entries:
                        self.exhausted.add(kind)
            return entries
        if kind == LEADS:
            entries = [entry for each in LEAD_KINDS for entry in self.entries(each)]
        elif mask >> DECK_SIZE:
            entries = _two_deck_entries(mask, kind, self.mahjong_in_bomb)
        elif kind == BOMB and not may_hold_bomb(mask):
            entries = []
        elif kind == DOG_KIND:
            entries = [_SINGLE_ENTRIES[DOG.index]] if mask & DOG.bit else []
        else:
            view = self._view
            if view is None or view.mask != mask:
                view = self._view = HandView(mask)
            entries = _entries(view, kind, self.mahjong_in_bomb)
        self._slots[kind] = [mask, entries]
        if not entries:
            self.exhausted.add(kind)
        return entries

    def holds(self, wish: int | None) -> bool:
        """Does the hand hold a real card of the wished rank (so that the wish obliges a lead)?"""
        return bool(wish and self.mask & WISH_MASKS[wish])

    def leads(self) -> list[Play]:
        """Every non-bomb lead (the Dog, the Mah Jong and straights included)."""
        return [entry[1] for entry in self.entries(LEADS)]

    def beating(self, table: Combination) -> list[Play]:
        """The non-bomb plays that may be laid on ``table`` (none on the Dog or on a bomb)."""
        return [entry[1] for entry in self.beating_entries(table)]

    def beating_entries(self, table: Combination) -> list[Entry]:
        """``beating`` as entries."""
        kind, rank, length = table.kind, table.rank, table.length
        if rank is None or kind in BOMB_KINDS:  # the Dog (the one rank None), or a bomb
            return []
        return [entry for entry in self.entries(kind) if entry[3] > rank and entry[2] == length]

    def bomb_entries(self, table: Combination | None = None) -> list[Entry]:
        """The bombs that may be laid on ``table`` (``None``: every bomb; none on the Dog), as
        entries."""
        entries = self.entries(BOMB)
        if table is None or not entries or table.kind not in BOMB_KINDS:
            return [] if table is not None and table.kind == DOG_KIND else entries
        return [entry for entry in entries if outranks_bomb(entry[2], entry[3], table)]

    def bombs(self, table: Combination | None = None) -> list[Play]:
        """The bombs that may be laid on ``table`` (``None``: every bomb; none on the Dog)."""
        return [entry[1] for entry in self.bomb_entries(table)]

    def split_entries(
        self, table: Combination | None, wish: int | None = None
    ) -> tuple[list[Entry], list[Entry], bool]:
        """The legal plays as entries (non-bombs, bombs), and whether a pass is legal: under the
        wish's obligation only the non-bombs holding the wished rank remain, and no pass."""
        if self.mask >> DECK_SIZE:
            return self._two_deck_split(table, wish)
        if table is None:
            plays = self.entries(LEADS)
            bombs = [] if self.bomb_free else self.entries(BOMB)
        else:
            kind, rank = table.kind, table.rank
            if rank is None:  # the Dog (the one rank None): nothing is laid on it
                return [], [], True
            bombs = [] if self.bomb_free else self.entries(BOMB)
            if kind in BOMB_KINDS:
                plays = []
                if bombs:
                    bombs = [entry for entry in bombs if outranks_bomb(entry[2], entry[3], table)]
            else:
                if kind == SINGLE and rank >= _top_single(self.mask):
                    plays = []  # no single of the hand beats it (quicker than looking)
                else:
                    length = table.length
                    plays = [
                        entry
                        for entry in self.entries(kind)
                        if entry[3] > rank and entry[2] == length
                    ]
        if wish and self.mask & WISH_MASKS[wish]:
            cards = WISH_MASKS[wish]
            fulfilling = [entry for entry in plays if entry[0] & cards]
            if fulfilling or any(entry[0] & cards for entry in bombs):
                return fulfilling, bombs, False
        return plays, bombs, table is not None

    def _two_deck_split(
        self, table: Combination | None, wish: int | None
    ) -> tuple[list[Entry], list[Entry], bool]:
        """``split_entries`` for a hand of two decks: each candidate laid on the table as the
        state machine would (``reading_of_mask``: the second Dragon on the first, a Phoenix on
        the other)."""
        plays, bombs = self.entries(LEADS), self.entries(BOMB)
        if table is not None:
            if table.kind == DOG_KIND:
                return [], [], True
            mj = self.mahjong_in_bomb
            plays = [e for e in plays if reading_of_mask(e[0], table, mj) is not None]
            bombs = [e for e in bombs if reading_of_mask(e[0], table, mj) is not None]
        if wish and self.mask & WISH_MASKS[wish]:
            cards = WISH_MASKS[wish]
            fulfilling = [entry for entry in plays if entry[0] & cards]
            if fulfilling or any(entry[0] & cards for entry in bombs):
                return fulfilling, bombs, False
        return plays, bombs, table is not None

    def split(
        self, table: Combination | None, wish: int | None = None
    ) -> tuple[list[Play], list[Play], bool]:
        """``split_entries`` as plays."""
        plays, bombs, may_pass = self.split_entries(table, wish)
        return [entry[1] for entry in plays], [entry[1] for entry in bombs], may_pass

    def legal(self, table: Combination | None, wish: int | None = None) -> tuple[list[Play], bool]:
        """``legal_plays`` for this hand (the same sets of cards), and whether a pass is legal."""
        plays, bombs, may_pass = self.split_entries(table, wish)
        return [entry[1] for entry in plays] + [entry[1] for entry in bombs], may_pass
