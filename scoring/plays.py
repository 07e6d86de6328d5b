"""Legal plays: what a player may lay from their hand on the table, the Mah Jong's wish applied.

Rules implemented here (``docs/rules.md``, "Beating" and "The Mah Jong's wish"):

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

The bombs of a hand are listed in one place, ``bombs_in`` (cached per hand), which the
generators, the state machine (bombs out of turn) and the bots all read. A player who plays many
turns from one hand (bots, simulations) keeps a ``scoring.hand_plays.HandPlays`` built on the same
generators (``HandView`` and the ``list_*`` functions). ``obliges`` is the wish's test for a hand
given as a bitmask, as the state machine holds it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain, combinations, product, repeat, starmap
from operator import add, attrgetter, call, getitem, itemgetter
from typing import Any

from scoring.cards import (
    CARDS,
    DECK_SIZE,
    DOG,
    DOG_BIT,
    DRAGON,
    DRAGON_BIT,
    DRAGON_RANK,
    HIGHEST_RANK,
    LOWEST_RANK,
    MAH_JONG,
    MAH_JONG_BIT,
    MAH_JONG_RANK,
    PHOENIX,
    PHOENIX_BIT,
    RANK_FIRSTS,
    RANK_MASKS,
    SUITED_MASK,
    WISH_MASKS,
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
    TRIPLE,
    Cards,
    Combination,
    Table,
    beats,
    outranks_bomb,
    reading_of_mask,
    readings,
    table_combination,
)

Play = tuple[Card, ...]

# -- tables built at import ------------------------------------------------------------------

_RANKS = range(LOWEST_RANK, HIGHEST_RANK + 1)

HELD: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(
        tuple(CARDS[((rank - LOWEST_RANK) << 2) + suit] for suit in range(4) if nibble >> suit & 1)
        if rank >= LOWEST_RANK
        else ()
        for nibble in range(16)
    )
    for rank in range(HIGHEST_RANK + 1)
)
"""``HELD[rank][suits]``: the cards of a rank held in the suits of a 4-bit mask, in index order."""

GROUPS: tuple[tuple[tuple[tuple[Play, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(combinations(held, k)) for k in range(5)) for held in by_suits)
    for by_suits in HELD
)
"""``GROUPS[rank][suits][k]``: every choice of ``k`` of those cards (pairs, triples, ...)."""

WITH_PHOENIX: tuple[tuple[tuple[tuple[Play, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(tuple(group + (PHOENIX,) for group in groups[k]) for k in range(4))
        for groups in by_suits
    )
    for by_suits in GROUPS
)
"""``WITH_PHOENIX[rank][suits][k]``: every choice of ``k`` of those cards and the Phoenix."""

_SINGLE_PLAYS: tuple[Play, ...] = tuple((card,) for card in CARDS)
_bit = attrgetter("bit")
_rank_of = attrgetter("rank")
_MAH_JONG_RANK_BIT = 1 << MAH_JONG_RANK
"""The Mah Jong in a rank bitmask (``HandView.run``)."""

PLAY_TABLES = (
    tuple(
        tuple(tuple(_SINGLE_PLAYS[card.index] for card in held) for held in by_suits)
        for by_suits in HELD
    ),
    (DRAGON,),
    (PHOENIX,),
    GROUPS,
    WITH_PHOENIX,
)
"""What the generators of singles and sets list by default: plays (``list_singles``,
``list_sets``; ``scoring.hand_plays`` gives them tables of its entries instead)."""


def _translation(keep: Callable[[int], int]) -> bytes:
    """A ``bytes.translate`` table from hex digits to ``keep(digit)``, for ``rank_sets`` and
    ``HandView``."""
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


RANKS_ABOVE = tuple(_SUITED_RANKS & -(1 << (rank + 1)) for rank in range(DRAGON_RANK + 1))
"""``RANKS_ABOVE[int(above)]``: the rank bitmask of the ranks 2-A that beat rank ``above``
(maybe a Phoenix's half rank)."""


_RANK_LISTS = tuple(
    tuple(rank for rank in _RANKS if bits << LOWEST_RANK >> rank & 1)
    for bits in range(1 << len(_RANKS))
)


def ranks_in(mask: int) -> tuple[int, ...]:
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
    return (
        int(digits.translate(_HEX_TO_HELD), 2) << LOWEST_RANK,
        int(digits.translate(_HEX_TO_PAIRED), 2) << LOWEST_RANK,
        int(digits.translate(_HEX_TO_TRIPLED), 2) << LOWEST_RANK,
    )


class HandView:
    """A hand as the generators read it: per rank the 4-bit mask of suits held (``nibbles``), and
    rank bitmasks (bit ``r`` for rank ``r``) of the suited ranks held at least once, twice and
    three times (``held``, ``paired``, ``tripled``); ``run`` is ``held`` with the Mah Jong as bit 1.
    ``flush``: four consecutive ranks in one suit, the least a straight flush needs (with the Mah
    Jong). The hex digits of the suited-card mask are the nibbles (as in ``rank_sets``). The
    flags ``phoenix``, ``mahjong``, ``dragon``, ``dog`` and ``flush`` are bits, true or 0."""

    __slots__ = (
        "mask",
        "nibbles",
        "held",
        "paired",
        "tripled",
        "run",
        "phoenix",
        "mahjong",
        "dragon",
        "dog",
        "flush",
    )

    def __init__(self, mask: int) -> None:
        suited = mask & SUITED_MASK
        digits = b"%013x" % suited  # rank A first, rank 2 last
        self.mask = mask
        self.nibbles = (digits.translate(_HEX_TO_NIBBLE) + b"\0\0")[::-1]  # ranks 0 and 1: none
        self.held, self.paired, self.tripled = _rank_sets_of(digits)
        self.phoenix = mask & PHOENIX_BIT
        self.mahjong = mask & MAH_JONG_BIT
        self.dragon = mask & DRAGON_BIT
        self.dog = mask & DOG_BIT
        self.run = self.held | _MAH_JONG_RANK_BIT if self.mahjong else self.held
        self.flush = suited & suited >> 4 & suited >> 8 & suited >> 12


# -- candidates by kind --------------------------------------------------------------------------


def _concat(parts: Sequence[Sequence[Play]]) -> list[Play]:
    """Every play taking one group from each part (a product of groups, flattened)."""
    acc: Sequence[Play] = parts[0]
    for part in parts[1:]:
        acc = [a + b for a in acc for b in part]
    return list(acc)


def list_singles(
    hand: HandView, above: float, out: list[Any], tables: tuple[Any, ...] | None = None
) -> None:
    """Singles above rank ``above``: suited cards and the Dragon; the Phoenix on any single but
    the Dragon. (The Mah Jong and the Dog only lead.) ``tables``: ``hand_plays``' tables, to
    list ``HandPlays`` entries rather than plays."""
    singles_of, dragon, phoenix = (tables or PLAY_TABLES)[:3]
    nibbles = hand.nibbles
    for rank in ranks_in(hand.held & RANKS_ABOVE[int(above)]):
        out.extend(singles_of[rank][nibbles[rank]])
    if above < DRAGON_RANK:
        if hand.dragon:
            out.append(dragon)
        if hand.phoenix:
            out.append(phoenix)


def list_sets(
    hand: HandView, size: int, above: float, out: list[Any], tables: tuple[Any, ...] | None = None
) -> None:
    """Pairs (``size`` 2) or triples (3) above rank ``above``: real cards of one rank, or one fewer
    completed by the Phoenix. ``tables``: as for ``list_singles``."""
    groups, with_phoenix = (tables or PLAY_TABLES)[3:]
    nibbles, phoenix = hand.nibbles, hand.phoenix
    if size == 2:
        ranks = hand.held if phoenix else hand.paired
    else:
        ranks = hand.paired if phoenix else hand.tripled
    for rank in ranks_in(ranks & RANKS_ABOVE[int(above)]):
        nibble = nibbles[rank]
        out.extend(groups[rank][nibble][size])
        if phoenix:
            out.extend(with_phoenix[rank][nibble][size - 1])


def list_full_houses(hand: HandView, above: float, out: list[Play]) -> None:
    """Full houses whose triple ranks above ``above``: a real triple with a real pair, or with one
    card completed by the Phoenix; or two real pairs and the Phoenix, read with the higher pair as
    the triple (listed once, though it has two readings)."""
    nibbles, phoenix, paired = hand.nibbles, hand.phoenix, hand.paired
    above_mask = RANKS_ABOVE[int(above)]
    pair_ranks = hand.held if phoenix else paired
    for top in ranks_in(hand.tripled & above_mask):
        triples = GROUPS[top][nibbles[top]][3]
        for rank in ranks_in(pair_ranks & ~(1 << top)):
            pairs = GROUPS[rank][nibbles[rank]][2]
            if phoenix:
                pairs = pairs + WITH_PHOENIX[rank][nibbles[rank]][1]
            out.extend(starmap(add, product(triples, pairs)))
    if phoenix:
        for top in ranks_in(paired & above_mask):
            triples = WITH_PHOENIX[top][nibbles[top]][2]
            for rank in ranks_in(paired & ((1 << top) - 1)):
                out.extend(p + t for t in triples for p in GROUPS[rank][nibbles[rank]][2])


def _stairs_of(hand: HandView, low: int, high: int, out: list[Play]) -> None:
    """Stairs on the ranks ``low``-``high``: a real pair of each, or with the Phoenix completing
    the pair of one rank (the one rank held once, else each rank in turn)."""
    nibbles = hand.nibbles
    pairs = [GROUPS[rank][nibbles[rank]][2] for rank in range(low, high + 1)]
    short = [i for i, group in enumerate(pairs) if not group]
    if not short:
        out.extend(_concat(pairs))
    if hand.phoenix:
        for i in short or range(len(pairs)):
            rank = low + i
            out.extend(_concat(pairs[:i] + [WITH_PHOENIX[rank][nibbles[rank]][1]] + pairs[i + 1 :]))


def list_stairs(hand: HandView, length: int | None, above: float, out: list[Play]) -> None:
    """Stairs of ``length`` cards (``None``: every length) whose top pair ranks above ``above``.
    Every rank of the run is held twice or more, save at most one held once that the Phoenix
    completes."""
    paired = hand.paired
    once = hand.held & ~paired if hand.phoenix else 0
    starts = paired & (paired | once) >> 1 | once & paired >> 1
    if not starts:
        return
    if length is not None:
        size = length // 2
        for high in ranks_in(RANKS_ABOVE[int(above)] & (paired | once)):
            low = high - size + 1
            if low >= LOWEST_RANK and _run_length(paired, once, low) >= size:
                _stairs_of(hand, low, high, out)
        return
    # Every length at once: the stairs from each low grow a rank at a time, those of real pairs
    # and those where the Phoenix completes one pair (in the order ``_stairs_of`` lists them).
    nibbles, phoenix = hand.nibbles, hand.phoenix
    for low in ranks_in(starts):
        nibble = nibbles[low]
        real: Sequence[Play] = GROUPS[low][nibble][2]
        helped: Sequence[Play] = WITH_PHOENIX[low][nibble][1] if phoenix else ()
        for rank in range(low + 1, HIGHEST_RANK + 1):
            nibble = nibbles[rank]
            pairs = GROUPS[rank][nibble][2]
            grown = [h + p for h in helped for p in pairs] if helped and pairs else []
            if real:
                if phoenix:
                    grown += [r + p for r in real for p in WITH_PHOENIX[rank][nibble][1]]
                real = [r + p for r in real for p in pairs] if pairs else ()
            helped = grown
            if not (real or helped):
                break
            out.extend(real)
            out.extend(helped)


# Straights are made by C iterators from tables built at import: a window (its low and high
# rank, and the rank the Phoenix stands for, if any) is an ``itemgetter`` picking, from the list
# of the cards held per rank, the cards of each of its ranks, whose ``product`` is its straights.
# Each low of a hand and its first gap then name every window from that low at once; a product
# per window and per place of the Phoenix, made by Python code, cost several times more.

_PHOENIX_SLOT = HIGHEST_RANK + 1
"""Where ``list_straights`` puts the Phoenix in its list of the cards held per rank."""

Picker = Callable[[Sequence[Play]], tuple[Play, ...]]
"""An ``itemgetter`` of a window: the cards held of each of its ranks, to take one of each."""
Windows = tuple[tuple[tuple[tuple[Picker, ...], ...], ...], ...]
"""Pickers by low, high and gap (``_window``)."""


def _picker(low: int, high: int, phoenix_at: int = 0) -> Picker:
    """The ``Picker`` of the ranks ``low``-``high``, the Phoenix for rank ``phoenix_at``
    (0: none)."""
    return itemgetter(
        *(_PHOENIX_SLOT if rank == phoenix_at else rank for rank in range(low, high + 1))
    )


def _window(low: int, high: int, gap: int, phoenix: bool) -> tuple[Picker, ...]:
    """The pickers of the straights on the ranks ``low``-``high`` (rank 1 the Mah Jong), rank
    ``gap`` not held (0: every rank held), in the order they are listed: the real cards, then
    (with the Phoenix) the Phoenix for each rank in turn; or the Phoenix for the gap only. A
    set of cards is listed once, in its highest reading: the Phoenix stands for the low only in
    a straight up to the Ace (else it reads one rank above the top), and never for the 1."""
    if high - low < MIN_STRAIGHT_LENGTH - 1 or low < MAH_JONG_RANK:
        return ()
    bottom = low if low > MAH_JONG_RANK and high == HIGHEST_RANK else low + 1
    if gap:
        return (_picker(low, high, gap),) if gap >= bottom else ()
    if not phoenix:
        return (_picker(low, high),)
    return (_picker(low, high), *(_picker(low, high, rank) for rank in range(bottom, high + 1)))


def _windows(phoenix: bool) -> Windows:
    """``_window`` for each low, high and gap (gap 0 only without the Phoenix)."""
    return tuple(
        tuple(
            tuple(_window(low, high, gap, phoenix) for gap in range(high + 1 if phoenix else 1))
            for high in range(HIGHEST_RANK + 1)
        )
        for low in range(HIGHEST_RANK + 1)
    )


_WINDOWS = (_windows(False), _windows(True))
"""``_WINDOWS[phoenix][low][high][gap]``: the pickers of a window (``_window``)."""


def _from_low(windows: Windows, low: int, gap: int, top: int) -> tuple[Picker, ...]:
    """The pickers of every window from ``low`` to at most ``top``: the gap is in those that
    reach it."""
    return tuple(
        picker
        for high in range(low, top + 1)
        for picker in windows[low][high][gap if gap <= high else 0]
    )


_FROM_LOW = tuple(
    tuple(
        tuple(
            tuple(_from_low(windows, low, gap, top) for top in range(HIGHEST_RANK + 1))
            for gap in range(HIGHEST_RANK + 1 if phoenix else 1)
        )
        for low in range(HIGHEST_RANK - MIN_STRAIGHT_LENGTH + 2)
    )
    for phoenix, windows in enumerate(_WINDOWS)
)
"""``_FROM_LOW[phoenix][low][gap][top]``: ``_from_low``, every straight of a lead from a low."""

_STRAIGHT_LOWS = sum(1 << low for low in range(MAH_JONG_RANK, HIGHEST_RANK - 3))
"""The rank bitmask of the lows a straight may start at (the Mah Jong's 1 to the Ten)."""
_BIT_LISTS = tuple(
    tuple(bit for bit in range(HIGHEST_RANK + 1) if bits >> bit & 1)
    for bits in range(_STRAIGHT_LOWS << 1)
)
"""``_BIT_LISTS[bits]``: the set bits of a rank bitmask of the Ten or lower, lowest first."""


def list_straights(
    hand: HandView, length: int | None, above: float, mahjong_in_bomb: bool, out: list[Play]
) -> None:
    """Straights of ``length`` cards (``None``: every length) whose top card ranks above ``above``.
    Every rank of the run is held (the Mah Jong as the 1), save at most one the Phoenix stands for.
    One-suit straights are bombs, left to ``list_bombs``.
    """
    run, phoenix = hand.run, hand.phoenix
    if not phoenix and not run & run >> 1 & run >> 2 & run >> 3 & run >> 4:
        return
    pickers: list[tuple[Picker, ...]] = []
    if length is None:  # every window from each low at once
        from_low = _FROM_LOW[1 if phoenix else 0]
        if phoenix:  # a held low, at most one gap in the four ranks above it
            one, two, three, four = run >> 1, run >> 2, run >> 3, run >> 4
            lows = run & _STRAIGHT_LOWS & (one & two & (three | four) | three & four & (one | two))
            below = (~run & _SUITED_RANKS).bit_length() - 1  # the gap below the ranks to the Ace
            if LOWEST_RANK <= below <= HIGHEST_RANK - MIN_STRAIGHT_LENGTH + 1:
                lows |= 1 << below  # the Phoenix for the low of a straight to the Ace
        else:
            lows = run & run >> 1 & run >> 2 & run >> 3 & run >> 4
        for low in _BIT_LISTS[lows]:
            ones = run >> low
            held = (~ones & (ones + 1)).bit_length() - 1  # the ranks held from the low on
            if phoenix and low + held <= HIGHEST_RANK:
                ones >>= held + 1
                top = low + held + (~ones & (ones + 1)).bit_length() - 1
                pickers.append(from_low[low][low + held][top])
            else:
                pickers.append(from_low[low][0][low + held - 1])
    else:
        windows = _WINDOWS[1 if phoenix else 0]
        for high in range(max(length, int(above) + 1), HIGHEST_RANK + 1):
            low = high - length + 1
            missing = ((1 << high + 1) - (1 << low)) & ~run
            if not missing:
                pickers.append(windows[low][high][0])
            elif phoenix and not missing & (missing - 1):
                pickers.append(windows[low][high][missing.bit_length() - 1])
    choices: list[Play] = [*map(getitem, HELD, hand.nibbles), (PHOENIX,)]
    if hand.mahjong:
        choices[MAH_JONG_RANK] = (MAH_JONG,)
    plays = chain.from_iterable(
        starmap(product, map(call, chain.from_iterable(pickers), repeat(choices)))
    )
    if not hand.flush:
        out.extend(plays)
        return
    straights = list(plays)
    for bomb in bombs_in(hand.mask, mahjong_in_bomb):  # cards by rank, as a product lists them
        if bomb in straights:
            straights.remove(bomb)
    out.extend(straights)


# -- bombs -------------------------------------------------------------------------------------


def may_hold_bomb(mask: int) -> bool:
    """A quick test: no bomb without four of a kind or four consecutive ranks of one suit (the
    least a straight flush needs, with the Mah Jong below them)."""
    suited = mask & SUITED_MASK
    return bool(
        suited & suited >> 1 & suited >> 2 & suited >> 3 & RANK_FIRSTS
        or suited & suited >> 4 & suited >> 8 & suited >> 12
    )


_BOMB_CACHE: dict[tuple[int, bool], tuple[Play, ...]] = {}
_BOMB_CACHE_SIZE = 200_000


def bombs_in(mask: int, mahjong_in_bomb: bool = False) -> tuple[Play, ...]:
    """Every bomb a hand can lay: each four of a kind (by rank), then each run of five or more
    consecutive ranks in one suit (by suit, lowest and shortest first; from the Mah Jong as the 1,
    listed first, under ``mahjong_in_bomb``). Each bomb lists its cards by rank, so its top card
    comes last. Cached per hand that may hold one; most hands are told apart by
    ``may_hold_bomb`` without the cache."""
    if mask >> DECK_SIZE:  # by rank, as below (a bomb holds no Phoenix)
        return tuple(
            tuple(sorted(play, key=_rank_of))
            for _, play, lead in two_deck_leads(mask, mahjong_in_bomb)
            if lead.is_bomb
        )
    if not may_hold_bomb(mask):
        return ()
    key = (mask, mahjong_in_bomb)
    found = _BOMB_CACHE.get(key)
    if found is not None:
        return found
    suited = mask & SUITED_MASK
    bombs = [
        GROUPS[rank][15][4][0] for rank in _RANKS if suited & RANK_MASKS[rank] == RANK_MASKS[rank]
    ]
    if suited & suited >> 4 & suited >> 8 & suited >> 12:  # four consecutive ranks of one suit
        mahjong = 1 if mahjong_in_bomb and mask & MAH_JONG_BIT else 0
        for suit in range(4):
            ranks = ((suited >> suit) & RANK_FIRSTS) << 4 | mahjong  # bit 4 * (r - 1): rank r
            if not ranks & ranks >> 4 & ranks >> 8 & ranks >> 12 & ranks >> 16:
                continue
            for low in range(MAH_JONG_RANK, HIGHEST_RANK - MIN_STRAIGHT_LENGTH + 2):
                if not ranks >> ((low - 1) << 2) & 1:
                    continue
                high = low
                while high < HIGHEST_RANK and ranks >> (high << 2) & 1:
                    high += 1
                for end in range(low + MIN_STRAIGHT_LENGTH - 1, high + 1):
                    bombs.append(
                        tuple(
                            MAH_JONG
                            if r == MAH_JONG_RANK
                            else CARDS[((r - LOWEST_RANK) << 2) + suit]
                            for r in range(low, end + 1)
                        )
                    )
    if len(_BOMB_CACHE) > _BOMB_CACHE_SIZE:
        _BOMB_CACHE.clear()
    found = _BOMB_CACHE[key] = tuple(bombs)
    return found


def bombs_on(mask: int, table: Combination | None, mahjong_in_bomb: bool = False) -> list[Play]:
    """The bombs of a hand that may be laid on ``table`` (``None``: every bomb): none on the Dog;
    every bomb on a non-bomb; on a bomb, those with more cards, or as many and a higher top card
    (``outranks_bomb``, the top card read from ``bombs_in``'s listing)."""
    bombs = bombs_in(mask, mahjong_in_bomb)
    if table is None or not bombs:
        return list(bombs)
    kind = table.kind
    if kind == DOG_KIND:
        return []
    if kind not in BOMB_KINDS:
        return list(bombs)
    return [bomb for bomb in bombs if outranks_bomb(len(bomb), bomb[-1].rank, table)]


def list_bombs(
    hand: HandView, table: Combination | None, mahjong_in_bomb: bool, out: list[Play]
) -> None:
    """Bombs that beat ``table`` (``None`` or a non-bomb: every bomb), from ``bombs_on``."""
    out.extend(bombs_on(hand.mask, table, mahjong_in_bomb))


# -- two decks ---------------------------------------------------------------------------------

_TWO_DECK_CACHE: dict[tuple[int, bool], tuple[tuple[int, Play, Combination], ...]] = {}


def two_deck_leads(
    mask: int, mahjong_in_bomb: bool = False
) -> tuple[tuple[int, Play, Combination], ...]:
    """Every combination a hand holding cards of two decks can lead, each set of cards once, as
    (mask, cards, highest reading). The groups a hand could form are proposed rank by rank (the
    cards of a rank from both decks, one Phoenix at most standing in), and ``_analyse`` (through
    ``reading_of_mask``), the one place where shapes are decided, keeps those that are
    combinations. Slower than one deck's tables, and only Grand Seigneur's biggest tables need
    it."""
    key = (mask, mahjong_in_bomb)
    found = _TWO_DECK_CACHE.get(key)
    if found is not None:
        return found
    cards = cards_of(mask)
    by_rank: list[list[Card]] = [[] for _ in range(HIGHEST_RANK + 1)]
    phoenixes = []
    proposals: list[Play] = [(card,) for card in cards]
    for card in cards:
        if card.suit is not None and card.rank is not None:
            by_rank[card.rank].append(card)
        elif card.face is PHOENIX:
            phoenixes.append(card)
        elif card is MAH_JONG:
            by_rank[MAH_JONG_RANK].append(card)

    def groups(rank: int, size: int) -> list[Play]:
        """``size`` cards of one rank, or one fewer and a Phoenix."""
        held = by_rank[rank]
        found = list(combinations(held, size))
        if size > 1:
            found += [group + (ph,) for group in combinations(held, size - 1) for ph in phoenixes]
        return found

    ranks = range(LOWEST_RANK, HIGHEST_RANK + 1)
    pairs = {rank: groups(rank, 2) for rank in ranks}
    for rank in ranks:
        proposals += pairs[rank] + groups(rank, 3) + list(combinations(by_rank[rank], 4))
        for other in ranks:
            if other != rank:
                proposals += [t + p for t in groups(rank, 3) for p in pairs[other]]
    for low in ranks:  # stairs
        run: list[list[Play]] = []
        for rank in range(low, HIGHEST_RANK + 1):
            if not pairs[rank]:
                break
            run.append(pairs[rank])
            if len(run) >= 2:
                proposals += [sum(parts, ()) for parts in product(*run)]
    singles = [tuple((card,) for card in held) for held in by_rank]
    for low in range(MAH_JONG_RANK, HIGHEST_RANK - MIN_STRAIGHT_LENGTH + 2):  # straights
        for high in range(low + MIN_STRAIGHT_LENGTH - 1, HIGHEST_RANK + 1):
            ranks_run = [singles[rank] for rank in range(low, high + 1)]
            if all(ranks_run):
                proposals += [sum(parts, ()) for parts in product(*ranks_run)]
            for i in range(1 if low == MAH_JONG_RANK else 0, len(ranks_run)):
                for ph in phoenixes:
                    proposals += [
                        sum(parts, ())
                        for parts in product(*ranks_run[:i], (((ph,),)), *ranks_run[i + 1 :])
                    ]
    leads = {}
    for play in proposals:
        play_mask = sum(card.bit for card in play)
        if play_mask not in leads and play_mask.bit_count() == len(play):
            reading = reading_of_mask(play_mask, None, mahjong_in_bomb)
            if reading is not None:
                leads[play_mask] = (play_mask, reading.cards, reading)
    if len(_TWO_DECK_CACHE) > _BOMB_CACHE_SIZE // 10:
        _TWO_DECK_CACHE.clear()
    found = _TWO_DECK_CACHE[key] = tuple(leads.values())
    return found


def _two_deck_candidates(
    hand_mask: int, table: Combination | None, mahjong_in_bomb: bool
) -> tuple[list[Play], list[Play]]:
    """``_candidates`` for a hand of two decks: its leads, those that may be laid on ``table``."""
    plays: list[Play] = []
    bombs: list[Play] = []
    for play_mask, play, lead in two_deck_leads(hand_mask, mahjong_in_bomb):
        if table is None or reading_of_mask(play_mask, table, mahjong_in_bomb) is not None:
            (bombs if lead.is_bomb else plays).append(play)
    return plays, bombs


def _candidates(
    hand_mask: int, table: Combination | None, mahjong_in_bomb: bool
) -> tuple[list[Play], list[Play]]:
    """Stage one: the plays from the hand that may be laid on ``table``, as (non-bombs, bombs)."""
    plays: list[Play] = []
    bombs: list[Play] = []
    if table is not None and table.kind == DOG_KIND:
        return plays, bombs
    if hand_mask >> DECK_SIZE:
        return _two_deck_candidates(hand_mask, table, mahjong_in_bomb)
    if table is None:
        hand = HandView(hand_mask)
        list_singles(hand, 0, plays)
        if hand.mahjong:
            plays.append((MAH_JONG,))
        if hand.dog:
            plays.append((DOG,))
        list_sets(hand, 2, 0, plays)
        list_sets(hand, 3, 0, plays)
        list_full_houses(hand, 0, plays)
        list_stairs(hand, None, 0, plays)
        list_straights(hand, None, 0, mahjong_in_bomb, plays)
    else:
        kind, rank = table.kind, table.rank
        if rank is None:  # the Dog (the one rank None): nothing is laid on it
            return plays, bombs
        hand = HandView(hand_mask)
        if kind == SINGLE:
            list_singles(hand, rank, plays)
        elif kind == PAIR:
            list_sets(hand, 2, rank, plays)
        elif kind == TRIPLE:
            list_sets(hand, 3, rank, plays)
        elif kind == FULL_HOUSE:
            list_full_houses(hand, rank, plays)
        elif kind == STAIRS:
            list_stairs(hand, table.length, rank, plays)
        elif kind == STRAIGHT:
            list_straights(hand, table.length, rank, mahjong_in_bomb, plays)
    list_bombs(hand, table, mahjong_in_bomb, bombs)
    return plays, bombs


# -- the wish ----------------------------------------------------------------------------------


def _wished(wish: int | None) -> frozenset[Card]:
    """The real cards of the wished rank, of either deck (the Phoenix is never one of them)."""
    if wish is None:
        return frozenset()
    if not LOWEST_RANK <= wish <= HIGHEST_RANK:
        raise ValueError(f"a wish names a rank 2-14 (2-A), not {wish!r}")
    return frozenset(cards_of(WISH_MASKS[wish]))


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


def wish_obliges(
    hand: Cards, table: Table, wish: int | None, *, mahjong_in_bomb: bool = False
) -> bool:
    """Must the player fulfil the wish? True when a wish stands and the hand can legally play a
    combination holding a real card of the wished rank on this table, a bomb or a play helped by
    the Phoenix included (on a lead: when the hand holds one)."""
    _wished(wish)
    return obliges(
        _hand_mask(hand),
        table_combination(table, mahjong_in_bomb=mahjong_in_bomb),
        wish,
        mahjong_in_bomb,
    )


def obliges(
    hand_mask: int, table: Combination | None, wish: int | None, mahjong_in_bomb: bool = False
) -> bool:
    """``wish_obliges`` for a hand given as a bitmask, a table as a ``Combination`` (or ``None``)
    and a wish already known to be a rank 2-A (or ``None``): the state machine's check."""
    if not wish:
        return False
    cards = WISH_MASKS[wish]
    if not hand_mask & cards:
        return False
    if table is None:
        return True
    plays, bombs = _candidates(hand_mask, table, mahjong_in_bomb)
    return any(sum(map(_bit, play)) & cards for play in plays) or any(
        sum(map(_bit, bomb)) & cards for bomb in bombs
    )


def legal_plays(
    hand: Cards, table: Table = None, wish: int | None = None, *, mahjong_in_bomb: bool = False
) -> list[Play]:
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
    plays += bombs  # the candidates' own list: no copy
    return plays


def is_legal_play(
    hand: Cards,
    play: Cards | None,
    table: Table = None,
    wish: int | None = None,
    *,
    mahjong_in_bomb: bool = False,
) -> bool:
    """May ``play`` (``None``: a pass) be made from ``hand`` on ``table`` under ``wish``?

    A pass is legal only on a table (never on a lead) and when the wish does not oblige. A play
    must be cards of the hand that beat the table; under the wish's obligation it must also hold a
    card of the wished rank, or be a bomb.
    """
    hand = cards_of(_hand_mask(hand))
    table = table_combination(table, mahjong_in_bomb=mahjong_in_bomb)
    if play is None:
        return table is not None and not wish_obliges(
            hand, table, wish, mahjong_in_bomb=mahjong_in_bomb
        )
    found = readings(play, mahjong_in_bomb=mahjong_in_bomb)
    if not found or not set(found[0].cards).issubset(hand):
        return False
    if not beats(found[0].cards, table, mahjong_in_bomb=mahjong_in_bomb):
        return False
    if found[0].is_bomb or _wished(wish).intersection(found[0].cards):
        return True
    return not wish_obliges(hand, table, wish, mahjong_in_bomb=mahjong_in_bomb)
