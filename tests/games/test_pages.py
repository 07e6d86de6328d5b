"""Every game on its pages (issue 22): an event created from each preset on the web; a hand of
each game typed into its captain's form, previewed, refused inline when the engine refuses it,
stored as the engine scores it, corrected by the organizer; every page that shows the event
(the captain's, the organizer's event, round and table pages, the results desk, the public
event, round, seating and player pages, the projector, the standings PDF) in English and
German, with the game's own columns and the stored numbers, and no other game's."""

from __future__ import annotations

import re
from collections import Counter
from html import escape, unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.text import capfirst

from tests.conftest import wait_for_standings
from tests.pdf import pdf_text
from tests.web.test_settings import form_data
from tournaments import selectors
from tournaments.formats import PRESETS
from tournaments.games import GAMES, hand_table
from tournaments.models import Event, Hand, HandSeat, RoundResult

from .conftest import (
    assert_stored_as_scored,
    bot_entry,
    names_at,
    one_table,
    play,
    scored,
    start,
    sweep_entry,
    typed,
)

pytestmark = pytest.mark.django_db(transaction=True)
LANGUAGES = ("en", "de")
ROW = re.compile(r'<tr data-hand="(\d+)">(.*?)</tr>', re.S)
CELL = re.compile(r'<td class="num">([^<]*)</td>')
TOTAL = re.compile(r'<span class="total" title="[^"]*">([^<]*)</span>')
SIDE_ROW = re.compile(r'<tr><td class="side side-\d+">.*?</tr>', re.S)


def captain_url(table, name: str = "captain-table") -> str:
    return reverse(name, kwargs={"code": table.code})


def rows_shown(html: str) -> dict[int, list[str]]:
    """The entered hands' rows of a page's hand table (``_hand_rows.html``): each hand's
    cells (a missing hand's row has none)."""
    rows = {int(number): CELL.findall(row) for number, row in ROW.findall(html)}
    return {number: cells for number, cells in rows.items() if cells}


def card_of(html: str, number: int) -> str:
    """A table's card on a round's public page."""
    start = html.index(f'id="table-{number}"')
    return html[start : html.index("</article>", start)]


def rows_stored(event_format, names, hands) -> dict[int, list[str]]:
    """The stored hands' rows as the event's game lays them out (``hand_table``)."""
    rows = hand_table(event_format, names, hands, round_number=1).rows
    return {row.number: ["–" if v is None else str(v) for v in row.cells] for row in rows}


def labels(columns, language: str) -> list[str]:
    with translation.override(language):
        return [str(column.label) for column in columns]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_is_offered_and_created_on_the_web(organizer_client, preset):
    page = organizer_client.get(reverse("organizer-event-new")).content.decode()
    assert f'value="{preset}"' in page
    data = {"name": f"A {preset}", "preset": preset}
    response = organizer_client.post(reverse("organizer-event-new"), data)
    assert response.status_code == 302, response.content.decode()[-3000:]
    event = Event.objects.get(name=f"A {preset}")
    assert event.preset == preset and event.format == PRESETS[preset]


def round_vp(table) -> list[int | None]:
    """The VP of the round of the table's two first seats (the teams' seats) as the standings
    hold them, None where they hold none."""
    results = {r.entrant_id: r for r in RoundResult.objects.filter(round_id=table.round_id)}
    seats = dict(table.seats.values_list("position", "entrant_id"))
    found = [results.get(seats.get(position)) for position in (0, 1)]
    return [None if r is None else r.victory_points - r.adjustment_vp for r in found]


def left_out(game, entry: dict) -> dict:
    """``entry`` as a captain may type it: in a game of placings without the last player, whom
    the form lets the captain leave out (the table knows who is missing)."""
    if not game.placings:
        return entry
    return {**entry, "finish_order": entry["finish_order"][:-1]}


def test_a_hand_of_each_game_on_the_captains_page(game, organizer, client):
    """The captain's form of the game: every player named, the calls of every seat of the hand
    (a game of placings: a button a player), the game's own sweep; an entry the engine refuses
    is refused inline and nothing stored; the preview shows what the engine scores; a bot's
    hand (a finish order without its last player) and a sweep are stored as the engine scores
    them and listed with the game's words."""
    table = one_table(game, organizer)
    game = table.round.event.format.game
    names = names_at(table)
    html = client.get(captain_url(table)).content.decode()
    assert all(escape(name) in html for name in names.values())
    if game.placings:
        assert all(f'data-name="{escape(name)}"' in html for name in names.values())
        refused = {"number": "1", "finish_order": "1"}
    else:
        seats = game.hand_seats(1, names)
        assert all(f'name="call_{seat}"' in html for seat in seats)
        assert f'name="call_{max(seats) + 1}"' not in html
        for language in LANGUAGES:
            page = client.get(captain_url(table), HTTP_ACCEPT_LANGUAGE=language).content.decode()
            with translation.override(language):
                own = capfirst(str(game.sweep_label))
                others = {capfirst(str(g.sweep_label)) for g in GAMES.values()} - {own}
            assert own in page and not any(other in page for other in others), language
        refused = {"number": "1", "first_out": "0", "cp_0": "37"}
    response = client.post(captain_url(table), refused)
    assert response.status_code == 400
    assert 'class="errorlist inline-engine-error"' in response.content.decode()
    assert not Hand.objects.exists()

    entry = bot_entry(table)
    expected = scored(table, 1, entry)
    preview = client.post(captain_url(table, "captain-preview"), typed(table, 1, entry))
    shown = unescape(preview.content.decode())
    if game.placings:
        score = expected.score
        assert all(
            f"{names[seat]}: {score.points[seat]} point" in shown for seat in score.finish_order
        )
    else:
        assert all(f"{tp} TP" in shown for tp in expected.team_points), shown

    entries = [entry] + ([sweep_entry(table)] if not game.placings else [])
    for number, hand_entry in enumerate(entries, start=1):
        response = client.post(captain_url(table), typed(table, number, left_out(game, hand_entry)))
        assert response.status_code == 302, response.content.decode()[-3000:]
        hand = Hand.objects.get(table=table, number=number)
        assert_stored_as_scored(hand, scored(table, number, hand_entry), typed=True)
    if game.placings:
        assert Hand.objects.get().entry["finish_order"] == entry["finish_order"]
    else:
        assert Hand.objects.get(number=2).sweep_team == 1
    wait_for_standings(table.round.event)  # the round's VP beside each team, once settled
    html = unescape(client.get(captain_url(table)).content.decode())
    hands = list(table.hands.prefetch_related("seat_credits"))
    for row in hand_table(
        table.round.event.format, names, hands, round_number=table.round.number
    ).rows:
        assert all(f"{values} {column.label}" in html for column, values in row.lines)
        assert all(note in html for note in row.notes), row.notes
    totals = game.table_totals(hands, list(game.positions_of(names)), round_vp(table))
    for side, total in zip(game.side_names(names), totals, strict=True):
        values = "".join(
            f" · {'–' if total[c.key] is None else total[c.key]} {c.label}"
            for c in game.total_columns
        )
        assert f"<strong>{side}</strong>{values}</li>" in html, (side, values)


def test_an_organizer_corrects_a_hand_of_each_game(game, organizer, organizer_client):
    """The correction form shows the stored entry as it was typed; the corrected hand is
    stored as the engine scores it, its credits replaced, and shown on the table's page."""
    table = one_table(game, organizer)
    game = table.round.event.format.game
    event = table.round.event
    first, second = bot_entry(table, seed=1), bot_entry(table, seed=2)
    response = organizer_client.post(captain_url(table), typed(table, 1, first))
    assert response.status_code == 302
    edit = reverse("organizer-hand", args=[event.pk, table.pk, 1])
    page = organizer_client.get(edit).content.decode()
    hand = Hand.objects.get()
    for name, value in typed(table, 1, hand.entry).items():
        if name not in ("number", "filled"):
            assert f'name="{name}"' in page and (
                f'value="{value}"' in page or f'value="{value}" checked' in page
            ), name
    data = {**typed(table, 1, second), "reason": "the sheet was misread"}
    response = organizer_client.post(edit, data)
    assert response.status_code == 302, response.content.decode()[-3000:]
    hand = Hand.objects.get()
    expected = scored(table, 1, second)
    assert_stored_as_scored(hand, expected, typed=True)
    assert HandSeat.objects.count() == len(expected.credits or {})
    names = names_at(table)
    page = organizer_client.get(reverse("organizer-table", args=[event.pk, table.pk]))
    html = page.content.decode()
    hands = list(table.hands.prefetch_related("seat_credits"))
    assert rows_shown(html) == rows_stored(table.round.event.format, names, hands)
    assert all(escape(note) in html for note in game.hand_notes(hand, names))


def test_each_games_event_on_every_page_in_both_languages(game, organizer, organizer_client):
    """A round played by bots, read by its organizer and the public: each page shows the
    game's own columns (a hand's, a table's total, the standings') with the stored numbers,
    no other game's, every player's name, and no team where the game has none."""
    event = play(game, organizer, rounds=1)
    game = event.format.game
    rnd = event.rounds.get()
    table = rnd.tables.order_by("number").first()
    shown = Shown(event.format, names_at(table), list(table.hands.prefetch_related("seat_credits")))
    leader = selectors.standing_rows(event).select_related("entrant").first()
    public = Client()
    pages = {
        "captain": (public, captain_url(table)),
        "organizer event": (organizer_client, reverse("organizer-event", args=[event.pk])),
        "organizer round": (organizer_client, reverse("organizer-round", args=[event.pk, rnd.pk])),
        "organizer table": (
            organizer_client,
            reverse("organizer-table", args=[event.pk, table.pk]),
        ),
        "results desk": (organizer_client, reverse("organizer-desk", args=[event.pk])),
        "public event": (public, reverse("event", args=[event.pk])),
        "public round": (public, reverse("event-round", args=[event.pk, rnd.number])),
        "seating": (public, reverse("event-seating", args=[event.pk, rnd.number])),
        "projector": (public, reverse("event-projector", args=[event.pk]) + "?screen=1"),
        "player": (public, reverse("event-player", args=[event.pk, leader.entrant_id])),
    }
    for language in LANGUAGES:
        read = {}
        for what, (who, url) in pages.items():
            response = who.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200, (what, language)
            read[what] = html = response.content.decode()
            if not game.teams:
                assert "TP A" not in html and "Team A" not in html and "Team B" not in html, what
        with translation.override(language):
            shown.table_page(read["organizer table"])
            card = card_of(read["public round"], table.number)
            shown.round_pages(card, read["organizer round"], table.number)
            for what in ("public event", "projector", "organizer event"):
                shown.standings(read[what], leader)
            shown.player_page(unescape(read["player"]), leader)
            shown.seating(unescape(read["seating"]))
            assert all(escape(n) in read["captain"] for n in shown.names.values())


class Shown:
    """What the pages of a table of ``game`` show, read against its stored ``hands``: the
    checks of each page, in the active language."""

    def __init__(self, event_format, names: dict[int, str], hands: list):
        self.format, self.game = event_format, event_format.game
        self.names, self.hands = names, hands
        self.positions = list(self.game.positions_of(names))

    def labels(self, attribute: str) -> tuple[list[str], set[str]]:
        """The game's column labels of ``attribute`` (``hand_columns``...), and the other
        games' that the game has not."""
        own = [str(c.label) for c in getattr(self.game, attribute)]
        every = {str(c.label) for g in GAMES.values() for c in getattr(g, attribute)}
        return own, every - set(own)

    def headed(self, html: str, attribute: str) -> None:
        own, foreign = self.labels(attribute)
        assert all(f">{label}</th>" in html for label in own), (attribute, own)
        assert not any(f">{label}</th>" in html for label in foreign), (attribute, foreign)

    def table_page(self, html: str) -> None:
        """The organizer's table page: the hands in the game's columns, their notes."""
        self.headed(html, "hand_columns")
        assert rows_shown(html) == rows_stored(self.format, self.names, self.hands)
        notes = [n for hand in self.hands for n in self.game.hand_notes(hand, self.names)]
        assert all(escape(note) in html for note in notes)

    def round_pages(self, card: str, organizer_round: str, number: int) -> None:
        """The public round's table card: its sides' totals, its hands; the organizer's round
        page: the table's sides by name (the players in one line where there are no teams)."""
        self.headed(card, "total_columns")
        assert rows_shown(card) == rows_stored(self.format, self.names, self.hands)
        totals = self.game.table_totals(self.hands, self.positions, [None, None])
        cells = [CELL.findall(row) for row in SIDE_ROW.findall(card)]
        for side, (total, shown) in enumerate(zip(totals, cells, strict=True)):
            for column, cell in zip(self.game.total_columns, shown, strict=True):
                if total[column.key] is not None:
                    assert cell == str(total[column.key]), (side, column.key)
        sides = [escape(side) for side in self.game.side_names(self.names)]
        line = sides if self.game.teams else [" · ".join(sides)]
        assert all(side in organizer_round for side in line)
        row = organizer_round[organizer_round.index(f'id="table-{number}"') :].split("</tr>")[0]
        shown_totals = TOTAL.findall(row)
        assert len(shown_totals) == len(self.game.total_columns)
        for column, text in zip(self.game.total_columns, shown_totals, strict=True):
            assert text.endswith(f" {column.label}"), (text, column.key)

    def standings(self, html: str, leader) -> None:
        self.headed(html, "standing_columns")
        assert escape(leader.entrant.display_name) in html

    def player_page(self, html: str, leader) -> None:
        """The player's standing in the game's columns; calls and partners where the game's
        hands have them (not in a game of placings)."""
        for column in self.game.standing_columns:
            assert f"{getattr(leader, column.standing)} {column.label}" in html
        for heading in (translation.gettext("Calls"), translation.gettext("Partners")):
            assert (f">{heading}</h2>" in html) == (not self.game.placings), heading
        _own, foreign = self.labels("hand_columns")
        assert not any(f">{label}</th>" in html for label in foreign), foreign

    def seating(self, html: str) -> None:
        """Every player with their partners (the other seats of their team), none where the
        game has no teams."""
        with_partners = translation.gettext("with %(p)s")
        for position, name in self.names.items():
            partners = [
                self.names[p]
                for p in self.names
                if self.game.teams and self.game.team_of(p) == self.game.team_of(position)
                if p != position
            ]
            assert name in html
            line = with_partners % {"p": " & ".join(partners)}
            assert (line in html) == bool(partners), name
        if not self.game.teams:
            assert f'<span class="muted">{with_partners % {"p": ""}}' not in html


def test_each_games_standings_pdf_heads_its_own_columns(game, organizer, client):
    event = play(game, organizer, rounds=1)
    game = event.format.game
    response = client.get(reverse("event-standings-pdf", args=[event.pk]))
    assert response.status_code == 200
    text = pdf_text(response.content)
    words = text.split()
    own = labels(game.standing_columns, "en")
    others = {label for g in GAMES.values() for label in labels(g.standing_columns, "en")}
    assert all(label in words for label in own), words[:40]
    assert not (others - set(own)) & set(words), "another game's column"
    leader = selectors.standing_rows(event).select_related("entrant").first()
    line = next(line for line in text.splitlines() if leader.entrant.display_name in line)
    values = [str(getattr(leader, column.standing)) for column in game.standing_columns]
    assert all(value in line.split() for value in values), line


def test_each_games_settings_offer_its_table_size_where_the_event_chooses_it(
    game, organizer, organizer_client
):
    """The settings form offers the tables' size where the game lets the event choose it, and
    a change of the settings keeps the game."""
    event = start(game, organizer, game.seats)
    page = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert ('name="players"' in page) == game.sized_tables
    tiebreaks = {f"tiebreak_{i}": name for i, name in enumerate(event.format.tiebreaks, start=1)}
    data = form_data(event, rounds=3, **tiebreaks)
    if game.sized_tables:
        data["players"] = str(min(game.allowed_sizes()))
    response = organizer_client.post(reverse("organizer-settings", args=[event.pk]), data)
    assert response.status_code == 302, response.content.decode()[-3000:]
    event.refresh_from_db()
    assert event.format.rounds == 3 and event.rules.game == game.name
    if game.sized_tables:
        assert event.format.game.seats == min(game.allowed_sizes())
    wait_for_standings(event)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_players_partners_are_the_hands_played_on_their_side(game, organizer, client, language):
    """The Partners card of a player's page names who played on their side with the hands
    played together, read from each hand's seats (Threechu's sides change with the deal; a game
    of placings has no card); a round's Partner column is there only where the draw seats one
    partner for the whole round."""
    event = play(game, organizer, rounds=1)
    game = event.format.game
    table = event.rounds.get().tables.order_by("number").first()
    names = names_at(table)
    me = names[0]
    together: Counter[str] = Counter()
    for hand in table.hands.all():
        sides = game.hand_seats(hand.number, names)
        mine = {seat % 2 for seat, name in sides.items() if name == me}
        together.update(name for seat, name in sides.items() if seat % 2 in mine and name != me)
    entrant = table.seats.get(position=0).entrant_id
    with translation.override(language):
        html = unescape(
            client.get(
                reverse("event-player", args=[event.pk, entrant]), HTTP_ACCEPT_LANGUAGE=language
            ).content.decode()
        )
        card = f">{translation.gettext('Partners')}</h2>"
        partner_column = f"<th>{translation.gettext('Partner')}</th>"
        hands_words = {
            name: translation.ngettext("%(n)s hand", "%(n)s hands", n) % {"n": n}
            for name, n in together.items()
        }
    assert (card in html) == (not game.placings)
    assert (partner_column in html) == (game.teams and not game.placings)
    if game.placings:
        return
    assert together, "a game of sides has partners"
    listed = html[html.index(card) : html.index("</section>", html.index(card))]
    for name, words in hands_words.items():
        assert f'<li>{name} <span class="muted">{words}</span></li>' in listed, (name, words)
    assert listed.count("<li>") == len(together)
