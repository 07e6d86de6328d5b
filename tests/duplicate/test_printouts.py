"""Duplicate Tichu's printouts read back as poppler reads them (``tests/pdf.py``): each board slip
holds the board's cards under the right seat, split into the first 8 and the last 6, and names
its dealer; the dealing list gives each seat's cards by suit; a pair's movement card and the
director's sheet say what ``Movement`` says; in German, the words are German.

The slips are read by where words stand (``pdf_words``): a hand is found by its heading (the
seat, then "first 8" and "last 6" on its line), its cards are the words under it down to the
next hand's heading, a card's suit the row label on its line and its part the column it stands
in. The words expected are written out here, not taken from the code that prints them.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.pagesizes import A4

from scoring.boards import board
from scoring.cards import format_cards
from tests.pdf import Word, pdf_pages, pdf_text, pdf_words
from tournaments.duplicate.movement import movement
from tournaments.duplicate.printouts import (
    HAND_COLUMNS,
    board_slips,
    dealing_list,
    movement_cards,
    movement_sheet,
)
from tournaments.printing import MARGIN

EVENT = "Club evening"
WORDS = {
    "en": {
        "seats": ("North", "East", "South", "West"),
        "parts": ("first", "last"),
        "suits": ("Jade", "Swords", "Pagodas", "Stars"),
        "specials": {"Dragon": "DR", "Phoenix": "PH", "Mah Jong": "MJ", "Dog": "DOG"},
        "dealer": "Dealer:",
        "dealer_mark": "(dealer)",
        "special_cards": "Special",
        "seat": "Seat",
    },
    "de": {
        "seats": ("Nord", "Ost", "Süd", "West"),
        "parts": ("erste", "letzte"),
        "suits": ("Jade", "Schwerter", "Pagoden", "Sterne"),
        "specials": {"Drache": "DR", "Phönix": "PH", "Mah Jong": "MJ", "Hund": "DOG"},
        "dealer": "Geber:",
        "dealer_mark": "(gibt)",
        "special_cards": "Sonderkarten",
        "seat": "Platz",
    },
}
SUIT_LETTERS = "jspr"
FOOTER = A4[0] - MARGIN
"""Where a landscape page's footer (its number) begins, from the top."""
RANKS = {"10": "T", "J": "J", "Q": "Q", "K": "K", "A": "A"} | {str(n): str(n) for n in range(2, 10)}


def middle(word: Word) -> float:
    return (word.y0 + word.y1) / 2


def same_line(one: Word, other: Word, tolerance: float = 4) -> bool:
    return abs(middle(one) - middle(other)) <= tolerance


def card_names(words: list[Word], suit: int | None, language: str) -> set[str]:
    """The cards of one cell in the engine's notation: ranks of ``suit``, or special cards."""
    if suit is not None:
        return {RANKS[w.text] + SUIT_LETTERS[suit] for w in words if w.text != "–"}
    text = " ".join(w.text for w in sorted(words, key=lambda w: (round(w.y0), w.x0)))
    specials = WORDS[language]["specials"]
    return {specials[name.strip()] for name in text.split(",") if name.strip()}


@dataclass
class Hand:
    seat: int
    heading: Word
    first: Word  # the "first 8" label
    last: Word  # the "last 6" label

    @property
    def left(self) -> float:
        return self.heading.x0 - 1

    @property
    def right(self) -> float:
        return self.last.x0 + HAND_COLUMNS[2]


def hands_of_page(words: list[Word], language: str) -> list[tuple[Hand, dict[str, set[str]]]]:
    """Each hand of a page (top to bottom) with its cards: {"first": {...}, "last": {...}}."""
    seats, (first, last) = WORDS[language]["seats"], WORDS[language]["parts"]
    hands = []
    for word in words:
        if word.text not in seats:
            continue
        label = [w for w in words if w.text == first and same_line(w, word) and w.x0 > word.x1]
        end = [w for w in words if w.text == last and same_line(w, word) and w.x0 > word.x1]
        if label and end:
            near = min(label, key=lambda w: w.x0)
            hands.append(Hand(seats.index(word.text), word, near, min(end, key=lambda w: w.x0)))
    found = []
    for hand in hands:
        below = [
            other.heading.y0
            for other in hands
            if other.heading.y0 > hand.heading.y1
            and other.left < hand.right
            and hand.left < other.right
        ]
        bottom = min(below, default=float("inf"))
        top = max(hand.heading.y1, hand.first.y1)
        inside = [w for w in words if hand.left <= w.x0 < hand.right and top < middle(w) < bottom]
        labels = [w for w in inside if w.x0 < hand.first.x0 - 1]
        suits = WORDS[language]["suits"]
        cells: dict[tuple[str, int | None], list[Word]] = defaultdict(list)
        for w in inside:
            if w.x0 < hand.first.x0 - 1:
                continue
            part = "first" if w.x0 < hand.last.x0 - 1 else "last"
            row = next((suits.index(lab.text) for lab in labels if same_line(lab, w, 3)), None)
            cells[part, row].append(w)
        cards = {"first": set(), "last": set()}
        for (part, row), cell in cells.items():
            cards[part] |= card_names(cell, row, language)
        found.append((hand, cards))
    return sorted(found, key=lambda item: (item[0].heading.y0, item[0].heading.x0))


def read_slips(pdf: bytes, language: str) -> list[dict]:
    """Each slip, in order: {"seats": {seat: {"first": cards, "last": cards}}, "dealer": seat}."""
    slips: list[dict] = []
    for page in range(1, len(pdf_pages(pdf)) + 1):
        words = pdf_words(pdf, page)
        hands = hands_of_page(words, language)
        norths = sorted(hand.heading.y0 for hand, _ in hands if hand.seat == 0)
        page_slips: list[dict] = [{"seats": {}} for _ in norths]
        for hand, cards in hands:
            index = max(i for i, y in enumerate(norths) if y <= hand.heading.y0 + 1)
            assert hand.seat not in page_slips[index]["seats"], "a seat twice on one slip"
            page_slips[index]["seats"][hand.seat] = cards
            page_slips[index].setdefault("at", {})[hand.seat] = hand.heading
        dealers = sorted(
            (w for w in words if w.text == WORDS[language]["dealer"]), key=lambda w: w.y0
        )
        assert len(dealers) == len(norths)
        for slip, dealer in zip(page_slips, dealers, strict=True):
            name = min(
                (w for w in words if same_line(w, dealer, 2) and w.x0 > dealer.x1),
                key=lambda w: w.x0,
            )
            slip["dealer"] = WORDS[language]["seats"].index(name.text)
        slips += page_slips
    return slips


def expected(seed: int, number: int) -> dict[int, dict[str, set[str]]]:
    dealt = board(seed, number)
    return {
        seat: {
            "first": set(format_cards(dealt.first_eight(seat)).split()),
            "last": set(format_cards(dealt.last_six(seat)).split()),
        }
        for seat in range(4)
    }


# --- board slips --------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_slip_holds_its_boards_cards_under_the_right_seats_and_its_dealer(language):
    boards = [1, 2, 3, 4, 5, 6, 7, 18]
    pdf = board_slips(EVENT, 2026, boards, language)
    slips = read_slips(pdf, language)
    assert len(slips) == len(boards)
    assert len(pdf_pages(pdf)) == 3  # three slips to a page
    for number, slip in zip(boards, slips, strict=True):
        assert slip["seats"] == expected(2026, number), number
        assert slip["dealer"] == board(2026, number).dealer == (number - 1) % 4
        north, east, south, west = (slip["at"][seat] for seat in range(4))
        assert north.y0 < east.y0 == west.y0 < south.y0  # North on top, South at the bottom
        assert west.x0 < north.x0 == south.x0 < east.x0  # West left, East right


def test_a_slip_is_worded_in_the_readers_language():
    german = pdf_text(board_slips(EVENT, 7, [1, 2, 3, 4], "de"))
    assert "Boardzettel" in german and "Geber: Nord" in german and "Geber: Ost" in german
    for word in ("Nord", "Ost", "Süd", "West", "Schwerter", "Pagoden", "Sterne", "erste 8"):
        assert word in german, word
    for word in ("North", "Swords", "Pagodas", "Stars", "Dealer", "first 8", "Dragon", "Dog"):
        assert word not in german, word
    assert {"Drache", "Phönix", "Mah Jong", "Hund"} <= set(
        re.findall(r"Drache|Phönix|Mah Jong|Hund", german)
    )
    english = pdf_text(board_slips(EVENT, 7, [1, 2, 3, 4], "en"))
    assert "Board slips" in english and "Dealer: North" in english and "first 8" in english
    assert {"Dragon", "Phoenix", "Mah Jong", "Dog"} <= set(
        re.findall(r"Dragon|Phoenix|Mah Jong|Dog", english)
    )


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63),
    number=st.integers(min_value=1, max_value=500),
    language=st.sampled_from(["en", "de"]),
)
def test_a_slip_lists_fourteen_cards_per_seat_and_the_whole_deck(seed, number, language):
    (slip,) = read_slips(board_slips(EVENT, seed, [number], language), language)
    assert sorted(slip["seats"]) == [0, 1, 2, 3]
    for cards in slip["seats"].values():
        assert len(cards["first"]) == 8 and len(cards["last"]) == 6
        assert len(cards["first"] | cards["last"]) == 14
    deck = set().union(*(c["first"] | c["last"] for c in slip["seats"].values()))
    assert len(deck) == 56
    assert slip["seats"] == expected(seed, number)


# --- the dealing list ---------------------------------------------------------------------------


def read_dealing_list(pdf: bytes, language: str) -> list[tuple[int, bool, dict[str, set[str]]]]:
    """Each line of the list: its seat, whether it is marked as the dealer, and its cards."""
    words_of = WORDS[language]
    lines = []
    for page in range(1, len(pdf_pages(pdf)) + 1):
        words = pdf_words(pdf, page)
        heads = [w for w in words if w.text in (words_of["special_cards"], *words_of["suits"])]
        # the second header row: the special cards' and the suits' columns, twice
        row = max(heads, key=lambda w: w.y0)
        heads = sorted((w for w in heads if same_line(w, row, 2)), key=lambda w: w.x0)
        assert len(heads) == 10
        seat_head = next(w for w in words if w.text == words_of["seat"])
        seats = sorted(
            (
                w
                for w in words
                if w.text in words_of["seats"]
                and seat_head.x0 - 1 <= w.x0 < heads[0].x0 - 1
                and w.y0 > row.y1
            ),
            key=lambda w: w.y0,
        )
        for index, seat in enumerate(seats):
            bottom = seats[index + 1].y0 if index + 1 < len(seats) else FOOTER
            inside = [w for w in words if seat.y0 - 1 < w.y0 < bottom - 1]
            dealer = any(
                w.text == words_of["dealer_mark"] and same_line(w, seat, 2) for w in inside
            )
            cells: dict[int, list[Word]] = defaultdict(list)
            for w in inside:
                if w.x0 >= heads[0].x0 - 1:
                    column = max(i for i, h in enumerate(heads) if h.x0 - 1 <= w.x0)
                    cells[column].append(w)
            cards = {"first": set(), "last": set()}
            for column, cell in cells.items():
                suit = None if column % 5 == 0 else column % 5 - 1
                cards["first" if column < 5 else "last"] |= card_names(cell, suit, language)
            lines.append((words_of["seats"].index(seat.text), dealer, cards))
    return lines


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_dealing_list_gives_each_seat_its_cards_by_part_and_suit(language):
    boards = list(range(1, 14))
    pdf = dealing_list(EVENT, 99, boards, language)
    assert len(pdf_pages(pdf)) >= 2  # its header goes on to the next page
    lines = read_dealing_list(pdf, language)
    assert len(lines) == 4 * len(boards)
    for index, number in enumerate(boards):
        cards = expected(99, number)
        for seat in range(4):
            read_seat, dealer, read_cards = lines[4 * index + seat]
            assert read_seat == seat
            assert dealer == (seat == board(99, number).dealer)
            assert read_cards == cards[seat], (number, seat)


def test_the_dealing_list_in_german():
    text = pdf_text(dealing_list(EVENT, 5, [1, 2], "de"))
    for word in ("Austeilliste", "Platz", "Erste 8 Karten", "Letzte 6 Karten", "Sonderkarten"):
        assert word in text, word
    assert "Nord (gibt)" in text and "Ost (gibt)" in text


# --- movement cards and the movement sheet ------------------------------------------------------

CARD_LINE = re.compile(r"^\s*(\d+)\s+(\d+)\s+(NS|EW|OW)\s+(\d+)\s+([\d, –]+?)\s*$")


def read_card(text: str, sits_out: str) -> dict[int, tuple | None]:
    """A movement card's rounds: (table, direction, opponents, boards text) or None."""
    rounds: dict[int, tuple | None] = {}
    for line in text.splitlines():
        if found := CARD_LINE.match(line):
            number, table, direction, opponents, boards = found.groups()
            rounds[int(number)] = (int(table), direction, int(opponents), boards)
        elif found := re.match(rf"^\s*(\d+)\s+{sits_out}\s+–\s*$", line):
            rounds[int(found.group(1))] = None
    return rounds


def boards_text(boards: tuple[int, ...]) -> str:
    return f"{boards[0]}–{boards[-1]}" if len(boards) >= 3 else ", ".join(map(str, boards))


@pytest.mark.parametrize(
    "pairs, rounds, per_round, sets", [(9, None, 2, 1), (10, 7, 3, 1), (16, 5, 2, 2)]
)
def test_a_pairs_card_says_what_the_movement_says(pairs, rounds, per_round, sets):
    plan = movement(pairs, rounds=rounds, boards_per_round=per_round, sets_per_round=sets)
    for pair in range(1, pairs + 1):
        text = pdf_text(movement_cards(EVENT, plan, "en", pairs=[pair]))
        assert re.findall(r"Pair (\d+)", text) == [str(pair)]
        card = read_card(text, "sits out")
        assert sorted(card) == list(range(1, len(plan.rounds) + 1))
        for number, meeting in enumerate(plan.card(pair), start=1):
            if meeting is None:
                assert card[number] is None
                continue
            north_south = meeting.ns == pair
            assert card[number] == (
                meeting.table,
                "NS" if north_south else "EW",
                meeting.ew if north_south else meeting.ns,
                boards_text(meeting.boards),
            )


def test_every_pair_has_a_card_and_a_card_reads_in_german():
    plan = movement(9)
    text = pdf_text(movement_cards(EVENT, plan, "en"))
    assert sorted(int(n) for n in re.findall(r"Pair (\d+)", text)) == list(range(1, 10))
    german = pdf_text(movement_cards(EVENT, plan, "de", pairs=[3]))
    for word in ("Laufkarten", "Paar 3", "Runde", "Tisch", "Richtung", "Gegner", "Boards"):
        assert word in german, word
    card = read_card(german, "setzt aus")
    assert None in card.values()  # an odd field: every pair sits out once
    directions = {entry[1] for entry in card.values() if entry}
    assert directions == {"NS", "OW"}


def read_sheet(text: str, shared: bool) -> dict[int, list]:
    """The sheet's meetings by round, table by table across its blocks: (ns, ew[, boards])."""
    rounds: dict[int, list] = defaultdict(list)
    meeting = r"(\d+) ?– ?(\d+)" + ("" if shared else r" ?\(([^)]*)\)")
    for line in text.splitlines():
        if found := re.match(r"^\s*(\d+)\s", line):
            for cell in re.findall(meeting, re.sub(r"\s+", " ", line)):
                ns, ew, *boards = cell
                rounds[int(found.group(1))].append((int(ns), int(ew), *boards))
    return rounds


@pytest.mark.parametrize("pairs, sets", [(9, 1), (12, 1), (40, 2)])
def test_the_movement_sheet_shows_every_table_of_every_round(pairs, sets):
    plan = movement(pairs, rounds=6, sets_per_round=sets)
    text = pdf_text(movement_sheet(EVENT, plan, "en"))
    shared = sets == 1
    read = read_sheet(text, shared)
    for number, meetings in enumerate(plan.rounds, start=1):
        want = [(m.ns, m.ew) if shared else (m.ns, m.ew, boards_text(m.boards)) for m in meetings]
        assert read[number] == want, number
    if pairs % 2:
        for number, sitter in enumerate(plan.sit_outs, start=1):
            line = next(
                line
                for line in text.splitlines()
                if re.match(rf"^\s*{number}\s", line) and "–" in line
            )
            assert line.split()[-1] == str(sitter)
    if pairs == 40:
        assert "Tables 1–" in text  # a wide field in blocks of tables


def test_the_movement_sheet_in_german():
    text = pdf_text(movement_sheet(EVENT, movement(9, rounds=3), "de"))
    for word in ("Spielplan", "Runde", "Tisch", "Setzt", "Je Tisch: das Nord-Süd-Paar"):
        assert word in text, word
