"""Backups: an event as one JSON document, and its restoration into another database.

The document holds everything the event's results depend on (format, seed, entrants and their
players, rounds with tables, codes (the captain's and the opponents'), seats with who plays a
team's seats, byes, every hand with its entry (and a captain's open request for its
correction), a cup's matches with the tables of their games, and the history).
Standings are not stored: they are derived data, recomputed after an import, which is how a
restore proves itself (identical standings).
"""

from __future__ import annotations

from django.db import connection, transaction
from django.utils.translation import gettext as _

from ..models import (
    ArtificialResult,
    Bye,
    Change,
    DifferingEntry,
    Entrant,
    Event,
    Hand,
    HandSeat,
    Match,
    MatchGame,
    Membership,
    Player,
    Round,
    Seat,
    Table,
)
from ..standings.compute import refresh
from .backup_check import FORMAT_VERSION, CheckedBackup, backup_checked
from .events import roster_create
from .hands import entry_digest
from .history import ServiceError
from .people import RegisterPeople, imported_person, own_register


def event_export(event_id: int) -> dict:
    """The whole event as a JSON-ready mapping (ids are the source database's, for reference)."""
    event = Event.objects.select_related("owner").filter(pk=event_id).first()
    if event is None:
        raise ServiceError(_("There is no event %(id)s.") % {"id": event_id}, code="not_found")
    entrants = list(
        Entrant.objects.filter(event=event).select_related("player").prefetch_related("members")
    )
    rounds = list(
        Round.objects.filter(event=event).prefetch_related(
            "tables__seats__player",
            "tables__hands",
            "tables__differing_entries",
            "tables__artificial_results",
            "byes",
        )
    )
    return {
        "version": FORMAT_VERSION,
        "event": {
            "id": event.pk,
            "name": event.name,
            "owner": event.owner.get_username(),
            "co_organizers": [u.get_username() for u in event.co_organizers.all()],
            "preset": event.preset,
            "format": event.format_data,
            "seed": event.seed,
            "status": event.status,
            "created_at": event.created_at.isoformat(),
        },
        "entrants": [
            {
                "id": e.pk,
                "name": e.name,
                "player": _player(e.player) if e.player else None,
                "members": [_player(p) for p in e.members.all()],
                "joined_round": e.joined_round,
                "withdrawn_after_round": e.withdrawn_after_round,
            }
            for e in entrants
        ],
        "rounds": [
            {
                "number": r.number,
                "status": r.status,
                "seed": r.seed,
                "byes": [b.entrant_id for b in r.byes.all()],
                "tables": [
                    {
                        "number": t.number,
                        "code": t.code,
                        "opponents_code": t.opponents_code,
                        "status": t.status,
                        "forfeited_by": t.forfeited_by,
                        "seats": [
                            s.entrant_id for s in sorted(t.seats.all(), key=lambda s: s.position)
                        ],
                        # who plays each seat of a team (a roster member's name)
                        "players": [
                            s.player.name if s.player else None
                            for s in sorted(t.seats.all(), key=lambda s: s.position)
                        ],
                        "hands": [_hand(h) for h in sorted(t.hands.all(), key=lambda h: h.number)],
                        # what another phone sent differently for a recorded hand, not settled
                        "differing": [
                            _differing(d)
                            for d in t.differing_entries.all()
                            if d.number in {h.number for h in t.hands.all()}
                        ],
                        # a duplicate board's artificial results, given by the organizer
                        "artificial": [
                            {"number": a.number, "ns": a.ns, "ew": a.ew}
                            for a in t.artificial_results.all()
                        ],
                    }
                    for t in sorted(r.tables.all(), key=lambda t: t.number)
                ],
            }
            for r in rounds
        ],
        "matches": [
            _match(m)
            for m in Match.objects.filter(event=event)
            .select_related("round")
            .prefetch_related("games__table")
        ],
        "changes": [
            {
                "subject": c.subject,
                "subject_id": c.subject_id,
                "action": c.action,
                "actor": c.actor,
                "old": c.old,
                "new": c.new,
                "reason": c.reason,
                "created_at": c.created_at.isoformat(),
            }
            for c in Change.objects.filter(event=event).order_by("id")
        ],
    }


def _player(player: Player) -> dict:
    """A person as a backup carries them: enough to find them again in a register."""
    return {
        "name": player.name,
        "email": player.email,
        "club": player.club,
        "public_id": player.public_id,
    }


def _match(match: Match) -> dict:
    """A cup's match: its place in the cup, its teams (entrant ids) and how it was decided; its
    games by the number of their table in the match's round."""
    return {
        "stage": match.stage,
        "group": match.group,
        "level": match.level,
        "slot": match.slot,
        "round": match.round.number,
        "teams": [match.entrant_a_id, match.entrant_b_id],
        "seeds": [match.seed_a, match.seed_b],
        "best_of": match.best_of,
        "winner": match.winner_id,
        "decided_by": match.decided_by,
        "attention": match.attention,
        "games": [
            {"number": game.number, "table": game.table.number}
            for game in sorted(match.games.all(), key=lambda g: g.number)
        ],
    }


def _hand(hand: Hand) -> dict:
    return {
        "number": hand.number,
        "entry": hand.entry,
        "tp": [hand.tp_0, hand.tp_1],
        "vp": [hand.vp_0, hand.vp_1],
        "double_victory": hand.sweep_team,  # the backup's key for any sweep
        "entered_by": hand.entered_by,
        "confirmed": hand.confirmed_by_opponents,
        "correction_request": hand.correction_request,
        "play_record": hand.play_record,  # the hand card by card, where known (else null)
        "passes": hand.passes,  # a duplicate board's passes, where the table recorded them
    }


def _differing(differing: DifferingEntry) -> dict:
    return {
        "number": differing.number,
        "entry": differing.entry,
        "tp": [differing.tp_0, differing.tp_1],
        "entered_by": differing.entered_by,
        "typed_at": differing.typed_at.isoformat() if differing.typed_at else None,
        "received_at": differing.received_at.isoformat(),
    }


def event_import(document, *, owner: str | None = None) -> Event:
    """Restore an exported event under new ids, owned by the document's owner or ``owner``
    (existing accounts: an import creates none).

    The whole document is checked first (``backup_checked``: a ``BackupError`` names the faulty
    place); then everything, the standings included, is written in one transaction, so a refused
    or failed import leaves nothing. Table codes are kept when free, so printed sheets keep
    working; history rows keep their texts (ids inside them are the source's).
    """
    checked = backup_checked(document, owner=owner)
    with transaction.atomic():
        event = _restore(checked)
        refresh(event.pk, full=True)
        if connection.vendor == "postgresql":
            # The standings run commits asynchronously (its rows are derived); here the same
            # commit holds the event itself, which must be durable once the command says so.
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit = on")
    return event


def _restore(checked: CheckedBackup) -> Event:
    event = Event.objects.create(
        name=checked.name,
        owner=checked.owner,
        register=own_register(checked.owner),
        preset=checked.preset,
        format_data=checked.format.as_dict(),
        seed=checked.seed,
        status=checked.status,
        change_seq=1,
    )
    event.co_organizers.set(checked.co_organizers)
    entrant_ids: dict[int, int] = {}
    taken: set[int] = set()
    known = RegisterPeople(event.register)
    for item in checked.entrants:
        player = imported_person(known, item.player, taken=taken) if item.player else None
        entrant = Entrant.objects.create(
            event=event,
            name=item.name,
            player=player,
            joined_round=item.joined_round,
            withdrawn_after_round=item.withdrawn_after_round,
        )
        roster_create(entrant, [imported_person(known, m, taken=taken) for m in item.members])
        entrant_ids[item.source_id] = entrant.pk
    people = {
        (entrant_id, name): player_id
        for entrant_id, name, player_id in Membership.objects.filter(event=event).values_list(
            "entrant_id", "player__name", "player_id"
        )
    }
    tables = _restore_rounds(event, checked, entrant_ids, people)
    _restore_matches(event, checked, entrant_ids, tables)
    Change.objects.bulk_create([Change(event=event, **change) for change in checked.changes])
    return event


def _restore_rounds(
    event: Event,
    checked: CheckedBackup,
    entrant_ids: dict[int, int],
    people: dict[tuple[int, str], int],
) -> dict[tuple[int, int], Table]:
    """The rounds, their tables, seats (with who plays a team's seat: ``people``, the restored
    players by team and name), byes and hands; the tables by (round, table number)."""
    restored = {}
    taken = set(
        Table.objects.filter(
            code__in=[t.code for r in checked.rounds for t in r.tables]
        ).values_list("code", flat=True)
    )
    for item in checked.rounds:
        rnd = Round.objects.create(
            event=event, number=item.number, status=item.status, seed=item.seed
        )
        Bye.objects.bulk_create([Bye(round=rnd, entrant_id=entrant_ids[e]) for e in item.byes])
        for t in item.tables:
            kept = ({} if t.code in taken else {"code": t.code}) | (
                {} if t.opponents_code is None else {"opponents_code": t.opponents_code}
            )
            table = Table.objects.create(
                round=rnd, number=t.number, status=t.status, forfeited_by=t.forfeited_by, **kept
            )
            restored[item.number, t.number] = table
            Seat.objects.bulk_create(
                [
                    Seat(
                        table=table,
                        position=p,
                        entrant_id=entrant_ids[e],
                        player_id=None if name is None else people[entrant_ids[e], name],
                    )
                    for p, (e, name) in enumerate(zip(t.seats, t.players, strict=True))
                ]
            )
            hands = Hand.objects.bulk_create(
                [
                    Hand(
                        table=table,
                        number=h.number,
                        entry=h.entry,
                        tp_0=h.tp[0],
                        tp_1=h.tp[1],
                        vp_0=h.vp[0],
                        vp_1=h.vp[1],
                        sweep_team=h.sweep_team,
                        entered_by=h.entered_by,
                        confirmed_by_opponents=h.confirmed,
                        correction_request=h.correction_request,
                        play_record=h.play_record,
                        passes=h.passes,
                    )
                    for h in t.hands
                ]
            )
            _restore_differing(table, t.differing)
            ArtificialResult.objects.bulk_create(
                [
                    ArtificialResult(table=table, number=a.number, ns=a.ns, ew=a.ew)
                    for a in t.artificial
                ]
            )
            HandSeat.objects.bulk_create(
                [  # a game scored per player: each seat's credit
                    HandSeat(hand=hand, position=position, tp=tp, vp=vp, place=place)
                    for hand, h in zip(hands, t.hands, strict=True)
                    if h.credits
                    for position, (tp, vp, place) in sorted(h.credits.items())
                ]
            )
    return restored


def _restore_differing(table: Table, rows) -> None:
    """A table's differing entries, each with its time of arrival (the model sets it on
    creation: written after)."""
    for row in rows:
        differing = DifferingEntry.objects.create(
            table=table,
            number=row.number,
            entry=row.entry,
            digest=entry_digest(row.entry),
            tp_0=row.tp[0],
            tp_1=row.tp[1],
            entered_by=row.entered_by,
            typed_at=row.typed_at,
        )
        DifferingEntry.objects.filter(pk=differing.pk).update(received_at=row.received_at)


def _restore_matches(
    event: Event,
    checked: CheckedBackup,
    entrant_ids: dict[int, int],
    tables: dict[tuple[int, int], Table],
) -> None:
    """A cup's matches and their games (``entrant_ids.get`` keeps an unknown team None)."""
    rounds = {r.number: r for r in Round.objects.filter(event=event)}
    for m in checked.matches:
        match = Match.objects.create(
            event=event,
            round=rounds[m.round],
            stage=m.stage,
            group=m.group,
            level=m.level,
            slot=m.slot,
            entrant_a_id=entrant_ids.get(m.teams[0]),
            entrant_b_id=entrant_ids.get(m.teams[1]),
            seed_a=m.seeds[0],
            seed_b=m.seeds[1],
            best_of=m.best_of,
            winner_id=entrant_ids.get(m.winner),
            decided_by=m.decided_by,
            attention=m.attention,
        )
        MatchGame.objects.bulk_create(
            [
                MatchGame(match=match, number=number, table=tables[m.round, table])
                for number, table in m.games
            ]
        )
