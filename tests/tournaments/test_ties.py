"""Ties: entrants equal on VP and on every tie-break share a rank ("3="), and the order of the
rows stays fixed (registration order last), on the pages, in the API and in the exports."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.models import StandingRow
from tournaments.selectors import ranking, standing_rows
from tournaments.selectors.pages import standing_of
from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor

pytestmark = pytest.mark.django_db


def event_with_rows(organizer, lines: list[tuple[int, int]]):
    """An event whose stored standings are ``lines`` of (VP, TP), one per entrant."""
    event = event_create(owner=organizer, name="Ties", preset="dtm", seed=1)
    entrants = players_register(
        event=event, names=[f"P{i}" for i in range(len(lines))], actor=Actor.organizer(organizer)
    )
    StandingRow.objects.bulk_create(
        [
            StandingRow(
                event=event,
                entrant=entrant,
                victory_points=vp,
                tichu_points=tp,
                hands_played=4,
                byes=0,
            )
            for entrant, (vp, tp) in zip(entrants, lines, strict=True)
        ]
    )
    return event, entrants


def test_equal_on_everything_share_a_rank(organizer, client):
    event, entrants = event_with_rows(organizer, [(5, 100), (7, 300), (5, 100), (5, 90), (5, 100)])
    rows = list(standing_rows(event))
    assert [(r.entrant_id, r.rank_label) for r in rows] == [
        (entrants[1].pk, "1"),
        (entrants[0].pk, "2="),
        (entrants[2].pk, "2="),
        (entrants[4].pk, "2="),
        (entrants[3].pk, "5"),
    ]
    assert standing_of(event, entrants[4]).rank_label == "2="
    html = client.get(reverse("event-player", args=[event.pk, entrants[4].pk])).content
    assert "Rank 2=" in html.decode()
    body = client.get(f"/api/events/{event.pk}/standings/").json()
    assert [(r["rank"], r["tied"]) for r in body["rows"]] == [
        (1, False),
        (2, True),
        (2, True),
        (2, True),
        (5, False),
    ]
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert page.count('<td class="num">2=</td>') == 3


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 3), st.sampled_from([0, 50, 100])), min_size=1, max_size=12)
)
def test_ranks_follow_the_order_and_ties(lines):
    """Over any standings: equal lines share their rank, a rank is the number of lines ahead
    plus one, and the order is VP, TP, registration."""
    from django.contrib.auth import get_user_model

    user, _ = get_user_model().objects.get_or_create(username="prop")
    event, entrants = event_with_rows(user, lines)
    rows = list(standing_rows(event))
    by_id = {e.pk: line for e, line in zip(entrants, lines, strict=True)}
    expected = sorted(by_id, key=lambda pk: (-by_id[pk][0], -by_id[pk][1], pk))
    assert [r.entrant_id for r in rows] == expected
    for row in rows:
        ahead = sum(1 for pk in by_id if by_id[pk] > by_id[row.entrant_id])
        equal = sum(1 for pk in by_id if by_id[pk] == by_id[row.entrant_id])
        assert row.rank == ahead + 1
        assert row.rank_label == f"{ahead + 1}" + ("=" if equal > 1 else "")
    numbered = ranking(event)  # what the pages slice: the same order, ranks and ties
    assert [(r.entrant_id, r.rank, r.tied) for r in numbered[:]] == [
        (r.entrant_id, r.rank, r.tied) for r in rows
    ]
    middle = len(rows) // 2
    assert [r.entrant_id for r in numbered[middle : middle + 3]] == expected[middle : middle + 3]
    assert numbered.row_of(rows[-1].entrant_id).rank == rows[-1].rank
