"""Finishing a day cut short (issue 23): the open tables of the last round are closed, as the
organizer chose for each, and the event finished, in one transaction."""

from __future__ import annotations

import pytest

from tournaments.models import Change, Event, Table
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor, ServiceError
from tournaments.services.lifecycle import event_finish
from tournaments.services.rounds import event_finish_now

from .conftest import seated_round

pytestmark = pytest.mark.django_db


def _half_played(rnd):
    """Table 1 plays its four hands, table 2 two of them."""
    first, second = rnd.tables.order_by("number")
    for table, hands in ((first, 4), (second, 2)):
        for number in range(1, hands + 1):
            hand_record(
                table_id=table.pk,
                number=number,
                entry={"card_points": [60, 40]},
                actor=Actor.captain(table),
            )
    return first, second


def test_finishing_with_an_open_table_is_refused_without_a_closing(dtm_event, dtm_round, organizer):
    _first, second = _half_played(dtm_round)
    with pytest.raises(ServiceError) as refused:
        event_finish_now(event_id=dtm_event.pk, actor=Actor.organizer(organizer), closing={})
    assert refused.value.code == "round_incomplete"
    assert Table.objects.get(pk=second.pk).status == Table.Status.OPEN


@pytest.mark.parametrize(
    "closing, forfeited_by", [(("averaged", None), None), (("forfeited", 1), 1)]
)
def test_the_open_tables_are_closed_and_the_event_finished(
    dtm_event, dtm_round, organizer, closing, forfeited_by
):
    first, second = _half_played(dtm_round)
    event = event_finish_now(
        event_id=dtm_event.pk,
        actor=Actor.organizer(organizer),
        closing={first.pk: ("averaged", None), second.pk: closing},
        reason="the hall closes",
    )
    assert event.status == Event.Status.FINISHED
    second.refresh_from_db()
    assert (second.status, second.forfeited_by) == (closing[0], forfeited_by)
    assert Table.objects.get(pk=first.pk).status == Table.Status.OPEN  # it was done: left alone
    close = Change.objects.get(event=dtm_event, subject="table", action="close")
    assert close.reason == "the hall closes" and close.subject_id == second.pk
    assert Change.objects.filter(event=dtm_event, subject="event", action="finish").exists()


def test_a_refusal_after_a_table_was_closed_leaves_nothing_half_done(
    dtm_event, dtm_round, organizer
):
    """The first table closes, the second's forfeit lacks its team: the first is open again and
    the event still running."""
    first, second = dtm_round.tables.order_by("number")
    with pytest.raises(ServiceError) as refused:
        event_finish_now(
            event_id=dtm_event.pk,
            actor=Actor.organizer(organizer),
            closing={first.pk: ("averaged", None), second.pk: ("forfeited", None)},
        )
    assert refused.value.code == "forfeited_by"
    assert set(Table.objects.filter(round=dtm_round).values_list("status", flat=True)) == {
        Table.Status.OPEN
    }
    dtm_event.refresh_from_db()
    assert dtm_event.status != Event.Status.FINISHED
    assert not Change.objects.filter(event=dtm_event, action__in=["close", "finish"]).exists()


def test_a_table_of_another_round_or_event_is_refused(dtm_event, dtm_round, organizer):
    other = event_create(owner=organizer, name="Other", preset="dtm")
    players_register(
        event=other, names=[f"Q{i}" for i in range(4)], actor=Actor.organizer(organizer)
    )
    stranger = seated_round(other, list(other.entrants.all())).tables.get()
    _half_played(dtm_round)
    with pytest.raises(ServiceError) as refused:
        event_finish_now(
            event_id=dtm_event.pk,
            actor=Actor.organizer(organizer),
            closing={stranger.pk: ("averaged", None)},
        )
    assert refused.value.code == "not_last_round"
    assert Table.objects.get(pk=stranger.pk).status == Table.Status.OPEN


def test_a_finished_event_stays_as_it_is(dtm_event, dtm_round, organizer):
    _first, second = _half_played(dtm_round)
    event_finish_now(
        event_id=dtm_event.pk,
        actor=Actor.organizer(organizer),
        closing={second.pk: ("averaged", None)},
    )
    again = event_finish_now(
        event_id=dtm_event.pk,
        actor=Actor.organizer(organizer),
        closing={second.pk: ("forfeited", 0)},
    )
    assert again.status == Event.Status.FINISHED
    assert Table.objects.get(pk=second.pk).status == Table.Status.AVERAGED
    assert event_finish(event_id=dtm_event.pk, actor=Actor.organizer(organizer)).status == (
        Event.Status.FINISHED
    )
