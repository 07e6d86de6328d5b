"""Legal plays: what a player may lay from their hand on the table, the Mah Jong's wish applied.

Rules implemented here (RULINGS.md, "Beating"):

- On a lead any combination the hand can form may be played: the Dog and bombs included.
- On a table, only a combination that beats it (``scoring.combinations.lies_on``): the same kind
  and number of cards and a higher rank, or a bomb. Nothing is laid on the Dog. Bombs are legal
  on any other table, also out of turn; whose turn it is is the business of the hand's state.
- The Mah Jong's wish (a rank 2-A, or none): while it stands, a player whose turn it is and who can
  legally play a combination holding a real card of the wished rank must do so. A bomb counts
  (four of the wished rank on a straight), so does the Phoenix as a helper (the straight it
  completes), but the Phoenix never counts as the wished rank. A bomb may always be played
  instead. A leader who holds the wished rank must lead something holding it (or a bomb), so not
  the Dog. A player who cannot fulfil the wish may pass or play anything legal.

Plays are generated in two stages, as python-chess does with moves: the well-formed candidates
of the table's kind built straight from per-rank suit masks (never by enumerating subsets of the
hand), then the filter of the wish. ``is_legal_play`` is composed from the same predicates.

A player who plays many turns from one hand (bots, simulations) keeps a ``HandPlays``: the same
generators run once per kind, and their candidates are narrowed as the hand shrinks. Small
helpers read the hand's bits directly (``rank_sets``, ``singles_above``), and ``obliges`` is the
wish's test for a hand given as a bitmask, as the state machine holds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from operator import attrgetter

from scoring.cards import (
    CARDS,
    DOG,
    DRAGON,
    DRAGON_RANK,
    HIGHEST_RANK,
    LOWEST_RANK,
    MAH_JONG,
    MAH_JONG_RANK,
    PHOENIX,
    Card,
    cards_of,
    parse_cards,
)
from scoring.combinations import (
    BOMB_KINDS,
    DOG_KIND,
    FULL_HOUSE,
    MIN_STRAIGHT_LENGTH,
    PAIR,
    SINGLE,
    STAIRS,
    STRAIGHT,
    SUITED_MASK,
    TRIPLE,
    Cards,
    Combination,
    Table,
    beats,
    readings,
    table_combination,
)

Play = tuple[Card, ...]

# -- tables built at import ------------------------------------------------------------------

_RANKS = range(LOWEST_RANK, HIGHEST_RANK + 1)

_HELD: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(CARDS[((rank - LOWEST_RANK) << 2) + suit] for suit in range(4)
                if nibble >> suit & 1) if rank >= LOWEST_RANK else ()
          for nibble in range(16))
    for rank in range(HIGHEST_RANK + 1))
"""``_HELD[rank][suits]``: the cards of a rank held in the suits of a 4-bit mask, in index order."""

_GROUPS: tuple[tuple[tuple[tuple[Play, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(combinations(held, k)) for k in range(5)) for held in by_suits)
    for by_suits in _HELD)
"""``_GROUPS[rank][suits][k]``: every choice of ``k`` of those cards (pairs, triples, ...)."""

_WITH_PHOENIX: tuple[tuple[tuple[tuple[Play, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(group + (PHOENIX,) for group in groups[k]) for k in range(4))
          for groups in by_suits)
    for by_suits in _GROUPS)
"""``_WITH_PHOENIX[rank][suits][k]``: every choice of ``k`` of those cards and the Phoenix."""

_SINGLE_PLAYS: tuple[Play, ...] = tuple((card,) for card in CARDS)
_PHOENIX_BIT, _MAH_JONG_BIT, _DRAGON_BIT, _DOG_BIT = PHOENIX.bit, MAH_JONG.bit, DRAGON.bit, DOG.bit
_MAH_JONG_RANK_BIT = 1 << MAH_JONG_RANK
"""The Mah Jong in a rank bitmask (``_HandView.run``)."""

_bit = attrgetter("bit")
_RANK_BITS = tuple(sum(1 << (((rank - LOWEST_RANK) << 2) + suit) for suit in range(4))
                   if LOWEST_RANK <= rank <= HIGHEST_RANK else 0 for rank in range(16))
"""``_RANK_BITS[rank]``: the card mask of the four real cards of a rank 2-A (0 for others)."""

PHOENIX_SINGLE_RANK = 14.75
"""What a Phoenix single in hand is compared with: above any single but the Dragon (15), a lone
Phoenix on the table lying at most at 14.5 (the Phoenix is never laid on itself: there is one)."""
_SINGLE_ENTRIES = tuple((card.bit, (card,), 1,
                         PHOENIX_SINGLE_RANK if card is PHOENIX else card.rank or 0)
                        for card in CARDS)
"""The ``HandPlays`` entry of each card alone: (mask, play, length, rank); the Dog's rank 0."""


def _as_entries(plays: tuple[Play, ...], rank: int) -> tuple:
    return tuple((sum(card.bit for card in play), play, len(play), rank) for play in plays)


_PLAY_TABLES = (
    tuple(tuple(tuple(_SINGLE_PLAYS[card.index] for card in held) for held in by_suits)
          for by_suits in _HELD),
    (DRAGON,), (PHOENIX,), _GROUPS, _WITH_PHOENIX)
"""What the generators of singles and sets list: plays (``_singles``, ``_sets``)."""
_ENTRY_TABLES = (
    tuple(tuple(tuple(_SINGLE_ENTRIES[card.index] for card in held) for held in by_suits)
          for by_suits in _HELD),
    _SINGLE_ENTRIES[DRAGON.index], _SINGLE_ENTRIES[PHOENIX.index],
    tuple(tuple(tuple(_as_entries(groups[k], rank) for k in range(5)) for groups in by_suits)
          for rank, by_suits in enumerate(_GROUPS)),
    tuple(tuple(tuple(_as_entries(groups[k], rank) for k in range(4)) for groups in by_suits)
          for rank, by_suits in enumerate(_WITH_PHOENIX)))
"""The same as ``HandPlays`` entries."""


def _translation(keep) -> bytes:
    """A ``bytes.translate`` table from hex digits to ``keep(digit)``, for ``rank_sets`` and
    ``_HandView``."""
    table = bytearray(range(256))
    for nibble in range(16):
        table[ord(f"{nibble:x}")] = keep(nibble)
    return bytes(table)


_HEX_TO_NIBBLE = _translation(lambda nibble: nibble)
_HEX_TO_HELD = _translation(lambda nibble: ord("1") if nibble else ord("0"))
_HEX_TO_PAIRED = _translation(lambda nibble: ord("1") if nibble.bit_count() >= 2 else ord("0"))
_HEX_TO_TRIPLED = _translation(lambda nibble: ord("1") if nibble.bit_count() >= 3 else ord("0"))
_SUITED_RANKS = sum(1 << rank for rank in _RANKS)
"""The rank bitmask (bit ``r`` for rank ``r``) of the ranks 2-A."""
_RANK_NIBBLES = sum(1 << ((rank - LOWEST_RANK) << 2) for rank in _RANKS)
"""The bit of each rank's first suit in a suited-card mask."""


_RANKS_ABOVE = tuple(_SUITED_RANKS & -(1 << (rank + 1)) for rank in range(DRAGON_RANK + 1))
"""``_RANKS_ABOVE[int(above)]``: the rank bitmask of the ranks 2-A that beat rank ``above``
(maybe a Phoenix's half rank)."""


_RANK_LISTS = tuple(tuple(rank for rank in _RANKS if bits << LOWEST_RANK >> rank & 1)
                    for bits in range(1 << len(_RANKS)))


def _ranks_in(mask: int) -> tuple[int, ...]:
    """The ranks of a rank bitmask of ranks 2-A, lowest first (from a table built at import)."""
    return _RANK_LISTS[mask >> LOWEST_RANK]


def _run_length(full: int, partial: int, start: int) -> int:
    """How many consecutive ranks from ``start`` are in ``full``, with at most one rank of
    ``partial`` bridging a gap (the rank the Phoenix stands for)."""
    ones = full >> start
    length = (~ones & (ones + 1)).bit_length() - 1
    if partial >> (start + length) & 1:
        ones = full >> (start + length + 1)
        length += (~ones & (ones + 1)).bit_length()
    return length


def rank_sets(mask: int) -> tuple[int, int, int]:
    """The rank bitmasks (bit ``r`` for rank ``r``) of the suited ranks a hand holds at least
    once, twice and three times. The hex digits of the suited-card mask are its nibbles (rank A
    first), each translated to a binary digit in one go."""
    return _rank_sets_of(b"%013x" % (mask & SUITED_MASK))


def _rank_sets_of(digits: bytes) -> tuple[int, int, int]:
    """``rank_sets`` of the hex digits of a suited-card mask."""
    return (int(digits.translate(_HEX_TO_HELD), 2) << LOWEST_RANK,
            int(digits.translate(_HEX_TO_PAIRED), 2) << LOWEST_RANK,
            int(digits.translate(_HEX_TO_TRIPLED), 2) << LOWEST_RANK)


class _HandView:
    """A hand as the generators read it: per rank the 4-bit mask of suits held (``nibbles``), and
    rank bitmasks (bit ``r`` for rank ``r``) of the suited ranks held at least once, twice and
    three times (``held``, ``paired``, ``tripled``); ``run`` is ``held`` with the Mah Jong as bit 1.
    ``flush``: four consecutive ranks in one suit, the least a straight flush needs (with the Mah
    Jong). The hex digits of the suited-card mask are the nibbles (as in ``rank_sets``). The
    flags ``phoenix``, ``mahjong``, ``dragon``, ``dog`` and ``flush`` are bits, true or 0."""

    __slots__ = ("mask", "nibbles", "held", "paired", "tripled", "run", "phoenix", "mahjong",
                 "dragon", "dog", "flush")

    def __init__(self, mask: int):
        suited = mask & SUITED_MASK
        digits = b"%013x" % suited  # rank A first, rank 2 last
        self.mask = mask
        self.nibbles = (digits.translate(_HEX_TO_NIBBLE) + b"\0\0")[::-1]  # ranks 0 and 1: none
        self.held, self.paired, self.tripled = _rank_sets_of(digits)
        self.phoenix = mask & _PHOENIX_BIT
        self.mahjong = mask & _MAH_JONG_BIT
        self.dragon = mask & _DRAGON_BIT
        self.dog = mask & _DOG_BIT
        self.run = self.held | _MAH_JONG_RANK_BIT if self.mahjong else self.held
        self.flush = suited & suited >> 4 & suited >> 8 & suited >> 12


# -- candidates by kind --------------------------------------------------------------------------

def _concat(parts: Sequence[Sequence[Play]]) -> list[Play]:
    """Every play taking one group from each part (a product of groups, flattened)."""
    acc: Sequence[Play] = parts[0]
    for part in parts[1:]:
        acc = [a + b for a in acc for b in part]
    return list(acc)


def _singles(hand, above, out, tables=None):
    """Singles above rank ``above``: suited cards and the Dragon; the Phoenix on any single but
    the Dragon. (The Mah Jong and the Dog only lead.) ``tables``: ``_ENTRY_TABLES`` to list
    ``HandPlays`` entries rather than plays."""
    singles_of, dragon, phoenix = (tables or _PLAY_TABLES)[:3]
    nibbles = hand.nibbles
    for rank in _ranks_in(hand.held & _RANKS_ABOVE[int(above)]):
        out.extend(singles_of[rank][nibbles[rank]])
    if above < DRAGON_RANK:
        if hand.dragon:
            out.append(dragon)
        if hand.phoenix:
            out.append(phoenix)


def _sets(hand, size, above, out, tables=None):
    """Pairs (``size`` 2) or triples (3) above rank ``above``: real cards of one rank, or one fewer
    completed by the Phoenix. ``tables``: as for ``_singles``."""
    groups, with_phoenix = (tables or _PLAY_TABLES)[3:]
    nibbles, phoenix = hand.nibbles, hand.phoenix
    if size == 2:
        ranks = hand.held if phoenix else hand.paired
    else:
        ranks = hand.paired if phoenix else hand.tripled
    for rank in _ranks_in(ranks & _RANKS_ABOVE[int(above)]):
        nibble = nibbles[rank]
        out.extend(groups[rank][nibble][size])
        if phoenix:
            out.extend(with_phoenix[rank][nibble][size - 1])


def _full_houses(hand, above, out):
    """Full houses whose triple ranks above ``above``: a real triple with a real pair, or with one
    card completed by the Phoenix; or two real pairs and the Phoenix, read with the higher pair as
    the triple (listed once, though it has two readings)."""
    nibbles, phoenix, paired = hand.nibbles, hand.phoenix, hand.paired
    above_mask = _RANKS_ABOVE[int(above)]
    pair_ranks = hand.held if phoenix else paired
    for top in _ranks_in(hand.tripled & above_mask):
        triples = _GROUPS[top][nibbles[top]][3]
        for rank in _ranks_in(pair_ranks & ~(1 << top)):
            pairs = _GROUPS[rank][nibbles[rank]][2]
            if phoenix:
                pairs = pairs + _WITH_PHOENIX[rank][nibbles[rank]][1]
            out.extend(t + p for t in triples for p in pairs)
    if phoenix:
        for top in _ranks_in(paired & above_mask):
            triples = _WITH_PHOENIX[top][nibbles[top]][2]
            for rank in _ranks_in(paired & ((1 << top) - 1)):
                out.extend(p + t for t in triples for p in _GROUPS[rank][nibbles[rank]][2])


def _stairs_of(hand, low, high, out):
    """Stairs on the ranks ``low``-``high``: a real pair of each, or with the Phoenix completing
    the pair of one rank (the one rank held once, else each rank in turn)."""
    nibbles = hand.nibbles
    pairs = [_GROUPS[rank][nibbles[rank]][2] for rank in range(low, high + 1)]
    short = [i for i, group in enumerate(pairs) if not group]
    if not short:
        out.extend(_concat(pairs))
    if hand.phoenix:
        for i in short or range(len(pairs)):
            rank = low + i
            out.extend(_concat(pairs[:i] + [_WITH_PHOENIX[rank][nibbles[rank]][1]]
                               + pairs[i + 1:]))


def _stairs(hand, length, above, out):
    """Stairs of ``length`` cards (``None``: every length) whose top pair ranks above ``above``.
    Every rank of the run is held twice or more, save at most one held once that the Phoenix
    completes."""
    paired = hand.paired
    once = hand.held & ~paired if hand.phoenix else 0
    if not (paired & paired >> 1 or paired & once >> 1 or once & paired >> 1):
        return
    if length is not None:
        size = length // 2
        for high in _ranks_in(_RANKS_ABOVE[int(above)] & (paired | once)):
            low = high - size + 1
            if low >= LOWEST_RANK and _run_length(paired, once, low) >= size:
                _stairs_of(hand, low, high, out)
        return
    for low in _ranks_in(paired | once):
        for high in range(low + 1, low + _run_length(paired, once, low)):
            _stairs_of(hand, low, high, out)


def _straights_of(hand, choices, low, high, mahjong_in_bomb, out):
    """Straights on the ranks ``low``-``high`` (rank 1 the Mah Jong): one card of each rank, or the
    Phoenix for one rank 2-A. A set of cards is listed once, in its highest reading: the Phoenix
    stands at the bottom only of a straight up to the Ace (else it reads one rank above the top).
    One-suit sets are bombs, left to ``_bombs``."""
    run = choices[low:high + 1]
    missing = [i for i, cards in enumerate(run) if not cards] if hand.phoenix else ()
    if not missing:
        plays = list(product(*run))
        if hand.flush and (low > MAH_JONG_RANK or mahjong_in_bomb):
            plays = [p for p in plays if len({c.suit for c in p if c is not MAH_JONG}) > 1]
        out.extend(plays)
    if hand.phoenix:
        lowest = 0 if low > MAH_JONG_RANK and high == HIGHEST_RANK else 1
        for i in missing or range(lowest, len(run)):
            if i >= lowest:
                out.extend(product(*run[:i], (PHOENIX,), *run[i + 1:]))


def _straights(hand, length, above, mahjong_in_bomb, out):
    """Straights of ``length`` cards (``None``: every length) whose top card ranks above ``above``.
    Every rank of the run is held (the Mah Jong as the 1), save at most one the Phoenix stands for.
    """
    run = hand.run
    gaps = _SUITED_RANKS & ~run if hand.phoenix else 0
    if not gaps and not run & run >> 1 & run >> 2 & run >> 3 & run >> 4:
        return
    choices = [_HELD[rank][nibble] for rank, nibble in enumerate(hand.nibbles)]
    if hand.mahjong:
        choices[MAH_JONG_RANK] = (MAH_JONG,)
    if length is not None:
        for high in range(max(length, int(above) + 1), HIGHEST_RANK + 1):
            low = high - length + 1
            if _run_length(run, gaps, low) >= length:
                _straights_of(hand, choices, low, high, mahjong_in_bomb, out)
        return
    for low in range(MAH_JONG_RANK, HIGHEST_RANK - MIN_STRAIGHT_LENGTH + 2):
        top = low + _run_length(run, gaps, low) - 1
        if not run >> low & 1:  # the Phoenix at the bottom: only up to the Ace (else read higher)
            if top == HIGHEST_RANK:
                _straights_of(hand, choices, low, top, mahjong_in_bomb, out)
            continue
        for high in range(low + MIN_STRAIGHT_LENGTH - 1, top + 1):
            _straights_of(hand, choices, low, high, mahjong_in_bomb, out)


def _bombs(hand, table, mahjong_in_bomb, out):
    """Bombs that beat ``table`` (``None`` or a non-bomb: every bomb): four of a kind, and every run
    of five or more cards of one suit (the Mah Jong at the bottom only under the house rule)."""
    if table is not None and table.kind in BOMB_KINDS:
        beaten = (table.length, table.rank)
    else:
        beaten = (0, 0)
    nibbles = hand.nibbles
    for rank in _ranks_in(hand.tripled):
        if nibbles[rank] == 15 and (4, rank) > beaten:
            out.append(_GROUPS[rank][15][4][0])
    if not hand.flush:  # no four consecutive ranks in one suit: no straight flush
        return
    suited = hand.mask & SUITED_MASK
    mahjong = 1 if mahjong_in_bomb and hand.mahjong else 0
    for suit in range(4):
        ranks = ((suited >> suit) & _RANK_NIBBLES) << 4 | mahjong  # bit 4 * (r - 1): rank r held
        if not ranks & ranks >> 4 & ranks >> 8 & ranks >> 12 & ranks >> 16:
            continue
        for low in range(MAH_JONG_RANK, HIGHEST_RANK - MIN_STRAIGHT_LENGTH + 2):
            if not ranks >> ((low - 1) << 2) & 1:
                continue
            high = low
            while high < HIGHEST_RANK and ranks >> (high << 2) & 1:
                high += 1
            for end in range(low + MIN_STRAIGHT_LENGTH - 1, high + 1):
                if (end - low + 1, end) > beaten:
                    out.append(tuple(MAH_JONG if r == MAH_JONG_RANK
                                     else CARDS[((r - LOWEST_RANK) << 2) + suit]
                                     for r in range(low, end + 1)))


def _candidates(hand_mask: int, table: Combination | None, mahjong_in_bomb: bool
                ) -> tuple[list[Play], list[Play]]:
    """Stage one: the plays from the hand that may be laid on ``table``, as (non-bombs, bombs)."""
    plays: list[Play] = []
    bombs: list[Play] = []
    if table is not None and table.kind == DOG_KIND:
        return plays, bombs
    hand = _HandView(hand_mask)
    if table is None:
        _singles(hand, 0, plays)
        if hand.mahjong:
            plays.append((MAH_JONG,))
        if hand.dog:
            plays.append((DOG,))
        _sets(hand, 2, 0, plays)
        _sets(hand, 3, 0, plays)
        _full_houses(hand, 0, plays)
        _stairs(hand, None, 0, plays)
        _straights(hand, None, 0, mahjong_in_bomb, plays)
    else:
        kind, rank = table.kind, table.rank
        if kind == SINGLE:
            _singles(hand, rank, plays)
        elif kind == PAIR:
            _sets(hand, 2, rank, plays)
        elif kind == TRIPLE:
            _sets(hand, 3, rank, plays)
        elif kind == FULL_HOUSE:
            _full_houses(hand, rank, plays)
        elif kind == STAIRS:
            _stairs(hand, table.length, rank, plays)
        elif kind == STRAIGHT:
            _straights(hand, table.length, rank, mahjong_in_bomb, plays)
    _bombs(hand, table, mahjong_in_bomb, bombs)
    return plays, bombs


# -- the wish ----------------------------------------------------------------------------------

def _wished(wish: int | None) -> frozenset[Card]:
    """The real cards of the wished rank (the Phoenix is never one of them)."""
    if wish is None:
        return frozenset()
    if not LOWEST_RANK <= wish <= HIGHEST_RANK:
        raise ValueError(f"a wish names a rank 2-14 (2-A), not {wish!r}")
    return frozenset(_HELD[wish][15])


def _hand_mask(hand: Cards) -> int:
    """The bitmask of the hand's cards (given as cards or as their notation)."""
    if isinstance(hand, str):
        hand = parse_cards(hand)
    mask = 0
    for card in hand:
        mask |= card.bit
    return mask


def _holding(plays: list[Play], wished: frozenset[Card]) -> list[Play]:
    """The plays holding a real card of the wished rank."""
    return [play for play in plays if not wished.isdisjoint(play)]


def wish_obliges(hand: Cards, table: Table, wish: int | None, *,
                 mahjong_in_bomb: bool = False) -> bool:
    """Must the player fulfil the wish? True when a wish stands and the hand can legally play a
    combination holding a real card of the wished rank on this table, a bomb or a play helped by
    the Phoenix included (on a lead: when the hand holds one)."""
    _wished(wish)
    return obliges(_hand_mask(hand), table_combination(table, mahjong_in_bomb=mahjong_in_bomb),
                   wish, mahjong_in_bomb)


def obliges(hand_mask: int, table: Combination | None, wish: int | None,
            mahjong_in_bomb: bool = False) -> bool:
    """``wish_obliges`` for a hand given as a bitmask, a table as a ``Combination`` (or ``None``)
    and a wish already known to be a rank 2-A (or ``None``): the state machine's check."""
    if not wish:
        return False
    cards = _RANK_BITS[wish]
    if not hand_mask & cards:
        return False
    if table is None:
        return True
    plays, bombs = _candidates(hand_mask, table, mahjong_in_bomb)
    return any(sum(map(_bit, play)) & cards for play in plays) or any(
        sum(map(_bit, bomb)) & cards for bomb in bombs)


def legal_plays(hand: Cards, table: Table = None, wish: int | None = None, *,
                mahjong_in_bomb: bool = False) -> list[Play]:
    """Every legal play from ``hand`` on ``table`` (``None``: a lead), the wish applied.

    Each play is a distinct set of cards, listed once as a tuple (the order of its cards carries
    no meaning; ``scoring.combinations.reading_on`` tells how it lies). A pass is not listed.
    Under the wish's obligation only the plays holding the wished rank and the bombs remain.
    """
    wished = _wished(wish)
    hand_mask = _hand_mask(hand)
    table = table_combination(table, mahjong_in_bomb=mahjong_in_bomb)
    plays, bombs = _candidates(hand_mask, table, mahjong_in_bomb)
    if wished and any(hand_mask & card.bit for card in wished):
        fulfilling = _holding(plays, wished)
        if fulfilling or _holding(bombs, wished):
            return fulfilling + bombs
    return plays + bombs


def is_legal_play(hand: Cards, play: Cards | None, table: Table = None, wish: int | None = None,
                  *, mahjong_in_bomb: bool = False) -> bool:
    """May ``play`` (``None``: a pass) be made from ``hand`` on ``table`` under ``wish``?

    A pass is legal only on a table (never on a lead) and when the wish does not oblige. A play
    must be cards of the hand that beat the table; under the wish's obligation it must also hold a
    card of the wished rank, or be a bomb.
    """
    hand = cards_of(_hand_mask(hand))
    table = table_combination(table, mahjong_in_bomb=mahjong_in_bomb)
    if play is None:
        return table is not None and not wish_obliges(hand, table, wish,
                                                      mahjong_in_bomb=mahjong_in_bomb)
    found = readings(play, mahjong_in_bomb=mahjong_in_bomb)
    if not found or not set(found[0].cards).issubset(hand):
        return False
    if not beats(found[0].cards, table, mahjong_in_bomb=mahjong_in_bomb):
        return False
    if found[0].is_bomb or _wished(wish).intersection(found[0].cards):
        return True
    return not wish_obliges(hand, table, wish, mahjong_in_bomb=mahjong_in_bomb)


# -- one hand over many turns ------------------------------------------------------------------

BOMB = "bomb"
"""``HandPlays``' name for its list of bombs (of either bomb kind)."""
LEAD_KINDS = (SINGLE, DOG_KIND, PAIR, TRIPLE, FULL_HOUSE, STAIRS, STRAIGHT)
"""The kinds of ``HandPlays.entries`` other than ``BOMB``, in the order ``leads`` lists them."""
LEADS = "leads"
"""``HandPlays``' name for the list of every non-bomb lead."""


def _generate(hand: _HandView, kind: str, mahjong_in_bomb: bool) -> list[Play]:
    """Every candidate lead of one kind (``BOMB``: every bomb), from stage one's generators."""
    out: list[Play] = []
    if kind == SINGLE:
        _singles(hand, 0, out)
        if hand.mahjong:
            out.append((MAH_JONG,))
    elif kind == PAIR:
        _sets(hand, 2, 0, out)
    elif kind == TRIPLE:
        _sets(hand, 3, 0, out)
    elif kind == FULL_HOUSE:
        _full_houses(hand, 0, out)
    elif kind == STAIRS:
        _stairs(hand, None, 0, out)
    elif kind == STRAIGHT:
        _straights(hand, None, 0, mahjong_in_bomb, out)
    elif kind == BOMB:
        _bombs(hand, None, mahjong_in_bomb, out)
    elif hand.dog:
        out.append((DOG,))
    return out


def _entries(hand: _HandView, kind: str, mahjong_in_bomb: bool
             ) -> list[tuple[int, Play, int, float]]:
    """The candidates of one kind as ``HandPlays`` entries.

    The rank of the highest reading (the one that beats every table any reading beats) is read
    from the places the generators give the cards, each play listing its cards by rank, the
    Mah Jong first and the Phoenix in the place it stands for: sets and four of a kind by
    their first card; a full house by its first card when its first three are the triple, else
    (two pairs and the Phoenix, the higher pair read as the triple) by its third; stairs by the
    top pair; straights and straight flushes by the top card, or one above the card below the
    Phoenix when it stands at the top (a set is listed once, in its highest reading).
    """
    found: list = []
    if kind == SINGLE:
        _singles(hand, 0, found, _ENTRY_TABLES)
        if hand.mahjong:
            found.append(_SINGLE_ENTRIES[MAH_JONG.index])
        return found
    if kind in (PAIR, TRIPLE):
        _sets(hand, 2 if kind == PAIR else 3, 0, found, _ENTRY_TABLES)
        return found
    if kind == DOG_KIND:
        return [_SINGLE_ENTRIES[DOG.index]] if hand.dog else found
    plays = _generate(hand, kind, mahjong_in_bomb)
    append = found.append
    if kind == FULL_HOUSE:
        for play in plays:
            first, third = play[0].rank, play[2].rank
            append((sum(map(_bit, play)), play, 5, first if first == third else third))
    else:  # stairs, straights, bombs
        above = 1 if kind == STRAIGHT else 0
        for play in plays:
            last = play[-1]
            rank = play[-2].rank + above if last is PHOENIX else last.rank
            append((sum(map(_bit, play)), play, len(play), rank))
    return found


def _top_single(mask: int) -> float:
    """The rank the hand's best single is compared with: the Dragon 15, the Phoenix
    ``PHOENIX_SINGLE_RANK``, else its highest suited rank (0: none)."""
    if mask & _DRAGON_BIT:
        return DRAGON_RANK
    if mask & _PHOENIX_BIT:
        return PHOENIX_SINGLE_RANK
    suited = mask & SUITED_MASK
    return LOWEST_RANK + ((suited.bit_length() - 1) >> 2) if suited else 0


def _may_hold_bomb(mask: int) -> bool:
    """A quick test: no bomb without four of a kind or four consecutive ranks of one suit."""
    suited = mask & SUITED_MASK
    return bool(suited & suited >> 1 & suited >> 2 & suited >> 3 & _RANK_NIBBLES
                or suited & suited >> 4 & suited >> 8 & suited >> 12)


_SUITED_ABOVE = tuple(sum(card.bit for card in CARDS[:52] if card.rank > rank)
                      for rank in range(DRAGON_RANK + 1))
"""``_SUITED_ABOVE[rank]``: the suited cards of ranks above ``rank`` (0-15)."""


def singles_above(mask: int, rank: float) -> int:
    """The suited cards of ``mask`` that beat a single of ``rank`` (a Phoenix's half rank
    included); the Phoenix and the Dragon beat every single below the Dragon (``_singles``)."""
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

    def __init__(self, mask: int, mahjong_in_bomb: bool = False):
        self.mask = mask
        self.mahjong_in_bomb = mahjong_in_bomb
        self.bomb_free = not _may_hold_bomb(mask)
        self.exhausted: set[str] = set()
        self._slots: dict[str, list] = {}  # kind: [the mask it was narrowed to, its entries]
        self._view: _HandView | None = None

    def narrow(self, mask: int) -> HandPlays:
        """The plays of ``mask``: this object narrowed when ``mask`` is a part of its hand, else a
        new one."""
        if mask & ~self.mask:
            return HandPlays(mask, self.mahjong_in_bomb)
        self.mask = mask
        return self

    def entries(self, kind: str) -> list[tuple[int, Play, int, float]]:
        """The candidates of one kind (``BOMB``: the bombs; ``LEADS``: every non-bomb lead, of
        the kinds of ``LEAD_KINDS`` in that order) that the hand still holds."""
        mask = self.mask
        slot = self._slots.get(kind)
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
        elif kind == BOMB and not _may_hold_bomb(mask):
            entries = []
        elif kind == DOG_KIND:
            entries = [_SINGLE_ENTRIES[DOG.index]] if mask & DOG.bit else []
        else:
            view = self._view
            if view is None or view.mask != mask:
                view = self._view = _HandView(mask)
            entries = _entries(view, kind, self.mahjong_in_bomb)
        self._slots[kind] = [mask, entries]
        if not entries:
            self.exhausted.add(kind)
        return entries

    def holds(self, wish: int | None) -> bool:
        """Does the hand hold a real card of the wished rank (so that the wish obliges a lead)?"""
        return bool(wish and self.mask & _RANK_BITS[wish])

    def leads(self) -> list[Play]:
        """Every non-bomb lead (the Dog, the Mah Jong and straights included)."""
        return [entry[1] for entry in self.entries(LEADS)]

    def beating(self, table: Combination) -> list[Play]:
        """The non-bomb plays that may be laid on ``table`` (none on the Dog or on a bomb)."""
        return [entry[1] for entry in self.beating_entries(table)]

    def beating_entries(self, table: Combination) -> list[tuple[int, Play, int, float]]:
        """``beating`` as entries."""
        kind = table.kind
        if kind == DOG_KIND or kind in BOMB_KINDS:
            return []
        rank, length = table.rank, table.length
        return [entry for entry in self.entries(kind) if entry[3] > rank and entry[2] == length]

    def bomb_entries(self, table: Combination | None = None
                     ) -> list[tuple[int, Play, int, float]]:
        """The bombs that may be laid on ``table`` (``None``: every bomb; none on the Dog), as
        entries."""
        entries = self.entries(BOMB)
        if table is None or not entries or table.kind not in BOMB_KINDS:
            return [] if table is not None and table.kind == DOG_KIND else entries
        beaten = (table.length, table.rank)
        return [entry for entry in entries if (entry[2], entry[3]) > beaten]

    def bombs(self, table: Combination | None = None) -> list[Play]:
        """The bombs that may be laid on ``table`` (``None``: every bomb; none on the Dog)."""
        return [entry[1] for entry in self.bomb_entries(table)]

    def split_entries(self, table: Combination | None, wish: int | None = None):
        """The legal plays as entries (non-bombs, bombs), and whether a pass is legal: under the
        wish's obligation only the non-bombs holding the wished rank remain, and no pass."""
        if table is None:
            plays = self.entries(LEADS)
            bombs = [] if self.bomb_free else self.entries(BOMB)
        else:
            kind = table.kind
            if kind == DOG_KIND:
                return [], [], True
            bombs = [] if self.bomb_free else self.entries(BOMB)
            if kind in BOMB_KINDS:
                plays = []
                if bombs:
                    beaten = (table.length, table.rank)
                    bombs = [entry for entry in bombs if (entry[2], entry[3]) > beaten]
            else:
                rank = table.rank
                if kind == SINGLE and rank >= _top_single(self.mask):
                    plays = []  # no single of the hand beats it (quicker than looking)
                else:
                    length = table.length
                    plays = [entry for entry in self.entries(kind)
                             if entry[3] > rank and entry[2] == length]
        if wish and self.mask & _RANK_BITS[wish]:
            cards = _RANK_BITS[wish]
            fulfilling = [entry for entry in plays if entry[0] & cards]
            if fulfilling or any(entry[0] & cards for entry in bombs):
                return fulfilling, bombs, False
        return plays, bombs, table is not None

    def split(self, table: Combination | None, wish: int | None = None
              ) -> tuple[list[Play], list[Play], bool]:
        """``split_entries`` as plays."""
        plays, bombs, may_pass = self.split_entries(table, wish)
        return [entry[1] for entry in plays], [entry[1] for entry in bombs], may_pass

    def legal(self, table: Combination | None, wish: int | None = None
              ) -> tuple[list[Play], bool]:
        """``legal_plays`` for this hand (the same sets of cards), and whether a pass is legal."""
        plays, bombs, may_pass = self.split_entries(table, wish)
        return [entry[1] for entry in plays] + [entry[1] for entry in bombs], may_pass
