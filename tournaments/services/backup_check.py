"""Checking a backup before anything of it is written.

A backup is a file anyone can edit, so the import trusts none of it: every value passes the same
checks a live request does (the format through ``formats``, names and rosters through the entrant
services, every hand re-scored by the engine under the event's rules, its number within the
round), and the Tichu and victory points stored with a hand must be the ones the engine computes;
a cup's matches must be places of a bracket or group with the teams seated at their games'
tables. No text anywhere holds a NUL or an unpaired surrogate (no database column takes them),
table codes (the captain's and the opponents') are codes the service could have made, and the
document as a whole is a state the services reach (``_states``: a finished event's last round
is played, entrants play between joining and withdrawing...). The first fault found stops the
import with a ``BackupError`` naming its place in the document, such as
``rounds[2].tables[1].hands[3].tp``; ``backup_checked`` returns a ``CheckedBackup`` only when
the whole document holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.utils.dateparse import parse_datetime
from django.utils.timezone import is_naive
from django.utils.translation import gettext as _

from scoring import InvalidHand, InvalidRecord

from ..choices import EntrantType
from ..formats import PRESETS, Format, FormatError
from ..games import checked_play_record, score_for_table
from ..models import (
    CORRECTION_REQUEST_LENGTH,
    OPPONENTS_CODE_LENGTH,
    TABLE_CODE_ALPHABET,
    TABLE_CODE_LENGTH,
    ArtificialResult,
    Change,
    Event,
    Match,
    Round,
    Table,
    is_opponents_code,
    is_public_id,
    is_table_code,
)
from ..record_wording import record_error_message
from ..selectors.progress import table_is_complete
from ..wording import hand_error_message
from .events import RosterClash, check_one_team_each, clean_roster
from .hands import board_passes, check_game_open, hand_number_limit
from .history import ServiceError
from .names import clean_club, clean_email, clean_name

FORMAT_VERSION = 1
SURROGATE = re.compile("[\ud800-\udfff]")  # in a decoded text, a half of no pair


class BackupError(ServiceError):
    """A backup the import refuses; ``place`` is the path of the faulty value in the document."""

    def __init__(self, place: str, message: str):
        super().__init__(f"{place}: {message}", code="backup")
        self.place = place


@dataclass(frozen=True)
class CheckedHand:
    number: int
    entry: dict  # canonical, as the engine writes it
    tp: tuple[int, int]
    vp: tuple[int, int]
    sweep_team: int | None  # the backup's "double_victory": any sweep's team
    entered_by: str
    confirmed: bool
    correction_request: str = ""  # the captain's open request, if any
    # a game scored per player: each position's (TP, VP, place), rewritten as ``HandSeat`` rows
    credits: dict | None = None
    # the hand card by card (``Hand.play_record``), where the backup has one
    play_record: dict | None = None
    # a duplicate board's passes as the table recorded them (``Hand.passes``), where it did
    passes: dict | None = None


@dataclass(frozen=True)
class CheckedArtificial:
    """An organizer's artificial result of a duplicate board at a table (``ArtificialResult``):
    the board's hand number at the table, and a kind per direction."""

    number: int
    ns: str
    ew: str


@dataclass(frozen=True)
class CheckedDiffering:
    """A captain's entry refused for differing from a recorded hand, not settled yet
    (``DifferingEntry``)."""

    number: int
    entry: dict  # canonical, as the engine writes it
    tp: tuple[int, int]
    entered_by: str
    typed_at: datetime | None
    received_at: datetime


@dataclass(frozen=True)
class CheckedTable:
    number: int
    code: str
    opponents_code: str | None  # None in a backup made before it was kept: a new one then
    status: str
    forfeited_by: int | None  # the team at fault of a forfeited table
    seats: tuple[int, ...]  # the document's entrant ids, positions 0-3
    hands: tuple[CheckedHand, ...]
    # who plays each seat of a team: a name on its roster, None where nobody is named
    players: tuple[str | None, ...] = ()
    differing: tuple[CheckedDiffering, ...] = ()
    artificial: tuple[CheckedArtificial, ...] = ()


@dataclass(frozen=True)
class CheckedRound:
    number: int
    status: str
    seed: int
    byes: tuple[int, ...]
    tables: tuple[CheckedTable, ...]


@dataclass(frozen=True)
class CheckedMatch:
    stage: str
    group: int | None
    level: int
    slot: int
    round: int  # its round's number
    teams: tuple[int | None, int | None]  # the document's entrant ids, None while unknown
    seeds: tuple[int | None, int | None]
    best_of: int
    winner: int | None
    decided_by: str
    attention: dict
    games: tuple[tuple[int, int], ...]  # (game number, table number in the round)


@dataclass(frozen=True)
class CheckedEntrant:
    source_id: int
    name: str
    player: dict | None  # {"name", "email"}
    members: tuple[dict, ...]
    joined_round: int
    withdrawn_after_round: int | None


@dataclass(frozen=True)
class CheckedBackup:
    """A whole document that holds, with the accounts its event belongs to."""

    name: str
    owner: object
    co_organizers: tuple
    preset: str
    format: Format
    seed: int
    status: str
    entrants: tuple[CheckedEntrant, ...]
    rounds: tuple[CheckedRound, ...]
    matches: tuple[CheckedMatch, ...]
    changes: tuple[dict, ...]


def backup_checked(document, *, owner: str | None = None) -> CheckedBackup:
    """The document checked from top to bottom (module docstring). ``owner`` names the account
    that owns the restored event, instead of the document's owner; either must exist."""
    if not isinstance(document, dict) or document.get("version") != FORMAT_VERSION:
        raise BackupError("version", _("this is not an event export of a known version"))
    _plain_text_throughout(document)
    data = _object(document, "event", "event")
    preset = _choice(_key(data, "preset", "event"), "event.preset", tuple(PRESETS))
    raw_format = _object(data, "format", "event")
    try:
        event_format = Format.from_dict(raw_format)
    except (FormatError, TypeError, ValueError) as error:
        place = f"event.format.{error.field}" if isinstance(error, FormatError) else "event.format"
        raise BackupError(place, str(error)) from None
    entrants = _entrants(_list(document, "entrants", ""), event_format)
    known = {entrant.source_id: entrant for entrant in entrants}
    seed = _int(_key(data, "seed", "event"), "event.seed", -(2**63), 2**63 - 1)
    rounds = _rounds(_list(document, "rounds", ""), event_format, known, seed)
    status = _choice(_key(data, "status", "event"), "event.status", Event.Status.values)
    matches = _matches(document.get("matches", []), event_format, known, rounds)
    _states(status, entrants, rounds, matches, event_format)
    return CheckedBackup(
        name=_name(_key(data, "name", "event"), "event.name"),
        owner=_account(
            owner or _key(data, "owner", "event"), "--owner" if owner else "event.owner"
        ),
        co_organizers=tuple(
            _account(name, f"event.co_organizers[{i}]")
            for i, name in enumerate(_list(data, "co_organizers", "event"))
        ),
        preset=preset,
        format=event_format,
        seed=seed,
        status=status,
        entrants=entrants,
        rounds=rounds,
        matches=matches,
        changes=tuple(
            _change(item, f"changes[{i}]") for i, item in enumerate(_list(document, "changes", ""))
        ),
    )


def _plain_text_throughout(document: dict) -> None:
    """Every text of the document, keys included, at any depth, is text a database stores: no
    NUL (PostgreSQL refuses it in text and JSON) and no unpaired surrogate (no encoding writes
    one; JSON's escapes can make one). Checked first, so no other refusal prints such a text."""
    pending: list[tuple[str, object]] = [("", document)]
    while pending:
        place, value = pending.pop()
        if isinstance(value, str):
            _plain_text(value, place)
        elif isinstance(value, dict):
            inner = []
            for key, item in value.items():
                _plain_text(key, f"{place}.{ascii(key)}" if place else ascii(key))
                inner.append((f"{place}.{key}" if place else key, item))
            pending.extend(reversed(inner))  # the document's order: the first fault is named
        elif isinstance(value, list):
            pending.extend(reversed([(f"{place}[{i}]", item) for i, item in enumerate(value)]))


def _plain_text(text: str, place: str) -> None:
    if "\x00" in text:
        raise BackupError(place, _("holds a NUL character, which no text may hold"))
    if SURROGATE.search(text):
        raise BackupError(
            place,
            _("holds an unpaired surrogate (half of a UTF-16 character), which no text may hold"),
        )


def _account(username, place: str):
    """An existing account: an import never creates one (it would be a login nobody chose)."""
    user = (
        get_user_model().objects.filter(username=username).first()
        if isinstance(username, str)
        else None
    )
    if user is None:
        raise BackupError(
            place,
            _(
                "there is no account %(name)r; create it first, or name an "
                "existing owner with --owner"
            )
            % {"name": username},
        )
    return user


def _entrants(items: list, event_format: Format) -> tuple[CheckedEntrant, ...]:
    team_event = event_format.entrant_type == EntrantType.TEAM
    checked, seen = [], set()
    for i, item in enumerate(items):
        place = f"entrants[{i}]"
        source_id = _int(_key(item, "id", place), f"{place}.id", 1)
        if source_id in seen:
            raise BackupError(
                f"{place}.id", _("entrant id %(id)s appears twice") % {"id": source_id}
            )
        seen.add(source_id)
        player, members = _key(item, "player", place), _key(item, "members", place)
        if team_event:
            if player is not None:
                raise BackupError(f"{place}.player", _("a team event's entrant is a team"))
            roster = _people(members, f"{place}.members")
            _checked(clean_roster, [m["name"] for m in roster], place=f"{place}.members")
        else:
            if members:
                raise BackupError(f"{place}.members", _("an individual event has no teams"))
            roster = ()
            player = _person(player, f"{place}.player")
        withdrawn = _key(item, "withdrawn_after_round", place)
        checked.append(
            CheckedEntrant(
                source_id=source_id,
                name=_name(_key(item, "name", place), f"{place}.name"),
                player=player,
                members=tuple(roster),
                joined_round=_int(_key(item, "joined_round", place), f"{place}.joined_round", 1),
                withdrawn_after_round=None
                if withdrawn is None
                else _int(withdrawn, f"{place}.withdrawn_after_round", 0),
            )
        )
    if team_event:
        _one_team_each(checked)
    return tuple(checked)


def _one_team_each(entrants: list[CheckedEntrant]) -> None:
    """The services' rule: a person plays in one team of an event (``check_one_team_each``)."""
    try:
        check_one_team_each(
            [(e.name, [m["name"] for m in e.members]) for e in entrants], registered={}
        )
    except RosterClash as clash:
        raise BackupError(
            f"entrants[{clash.team}].members[{clash.member}].name", clash.message
        ) from None


def _people(items, place: str) -> list[dict]:
    if not isinstance(items, list):
        raise BackupError(place, _("must be a list"))
    return [_person(item, f"{place}[{i}]") for i, item in enumerate(items)]


PERSON_KEYS = {"name", "email", "club", "public_id"}


def _person(item, place: str) -> dict:
    """A person as a backup names them: ``name`` and ``email``, and since backups carry the
    register, their ``club`` and ``public_id`` (absent from older backups)."""
    if not isinstance(item, dict) or not {"name", "email"} <= set(item) <= PERSON_KEYS:
        raise BackupError(
            place, _('must be an object with "name" and "email" (and "club", "public_id")')
        )
    email = item["email"]
    if not isinstance(email, str):
        raise BackupError(
            f"{place}.email", _("%(value)r is not an e-mail address") % {"value": email}
        )
    public_id = item.get("public_id")
    if public_id is not None and not is_public_id(public_id):
        raise BackupError(f"{place}.public_id", _("not a person's address of this service"))
    return {
        "name": _name(item["name"], f"{place}.name"),
        "email": _checked(clean_email, email, place=f"{place}.email"),  # as the register checks
        "club": _checked(clean_club, item.get("club", ""), place=f"{place}.club"),
        "public_id": public_id,
    }


def _rounds(
    items: list, event_format: Format, entrants: dict[int, CheckedEntrant], seed: int
) -> tuple[CheckedRound, ...]:
    """The rounds in order, each with its tables; ``seed`` (the event's) deals a duplicate
    event's boards, which recorded passes are checked against."""
    if event_format.rounds is not None and len(items) > event_format.rounds:
        raise BackupError(
            "rounds",
            _("%(n)s rounds, but the format has %(rounds)s")
            % {"n": len(items), "rounds": event_format.rounds},
        )
    checked: list[CheckedRound] = []
    codes: set[str] = set()
    for i, item in enumerate(items):
        place = f"rounds[{i}]"
        number = _int(_key(item, "number", place), f"{place}.number", 1)
        if number != i + 1:
            raise BackupError(
                f"{place}.number",
                _("round %(expected)s expected here, not %(n)s") % {"expected": i + 1, "n": number},
            )
        status = _choice(_key(item, "status", place), f"{place}.status", Round.Status.values)
        if status == Round.Status.DRAFT and i != len(items) - 1:
            raise BackupError(f"{place}.status", _("only the last round may be a draft"))
        seated: set[int] = set()
        byes = tuple(
            _entrant(e, f"{place}.byes[{j}]", entrants, seated)
            for j, e in enumerate(_list(item, "byes", place))
        )
        # in a cup, the games of a match seat its two teams at a table each (``_matches``)
        tables = tuple(
            _table(
                table,
                f"{place}.tables[{j}]",
                j,
                event_format,
                entrants,
                set() if event_format.is_cup else seated,
                codes,
                draft=status == Round.Status.DRAFT,
                deal=(seed, number),
            )
            for j, table in enumerate(_list(item, "tables", place))
        )
        checked.append(
            CheckedRound(
                number=number,
                status=status,
                byes=byes,
                tables=tables,
                seed=_int(_key(item, "seed", place), f"{place}.seed", -(2**63), 2**63 - 1),
            )
        )
    return tuple(checked)


def _entrant(source_id, place: str, entrants: dict[int, CheckedEntrant], seated: set[int]) -> int:
    """An entrant of the document, not seated twice in one round (a bye counts as a seat)."""
    if not isinstance(source_id, int) or source_id not in entrants:
        raise BackupError(place, _("%(id)r is not an entrant of this backup") % {"id": source_id})
    if source_id in seated:
        raise BackupError(
            place, _("entrant %(id)s is already seated in this round") % {"id": source_id}
        )
    seated.add(source_id)
    return source_id


def _table(
    item,
    place: str,
    index: int,
    event_format: Format,
    entrants: dict[int, CheckedEntrant],
    seated: set[int],
    codes: set[str],
    *,
    draft: bool,
    deal: tuple[int, int],
) -> CheckedTable:
    """A table of a round; ``deal`` is the event's seed and the round's number, which say
    which boards a duplicate table's hands are."""
    number = _int(_key(item, "number", place), f"{place}.number", 1)
    if number != index + 1:
        raise BackupError(
            f"{place}.number",
            _("table %(expected)s expected here, not %(n)s") % {"expected": index + 1, "n": number},
        )
    code = _key(item, "code", place)
    if not is_table_code(code) or code in codes:
        raise BackupError(
            f"{place}.code",
            _("must be a table code (%(n)s characters of %(alphabet)s), unique in the backup")
            % {"n": TABLE_CODE_LENGTH, "alphabet": TABLE_CODE_ALPHABET},
        )
    codes.add(code)
    opponents_code = item.get("opponents_code")  # absent from backups made before it was kept
    if opponents_code is not None and not is_opponents_code(opponents_code):
        raise BackupError(
            f"{place}.opponents_code",
            _("must be an opponents' code (%(n)s characters of %(alphabet)s)")
            % {"n": OPPONENTS_CODE_LENGTH, "alphabet": TABLE_CODE_ALPHABET},
        )
    seats = _list(item, "seats", place)
    game = event_format.game
    if len(seats) not in game.allowed_sizes():
        raise BackupError(
            f"{place}.seats",
            _("a table has four seats")
            if game.seats == 4
            else _("a table of %(game)s has %(sizes)s seats")
            % {"game": event_format.rules.game, "sizes": ", ".join(map(str, game.allowed_sizes()))},
        )
    if event_format.entrant_type == EntrantType.TEAM:  # a team fills the even seats, or the odd
        if len(set(seats[0::2])) != 1 or len(set(seats[1::2])) != 1:
            raise BackupError(f"{place}.seats", _("each team fills two opposite seats"))
        teams = [
            _entrant(e, f"{place}.seats[{p}]", entrants, seated) for p, e in enumerate(seats[:2])
        ]
        seats = list(game.match_seats(teams[0], teams[1]))
    else:
        seats = [_entrant(e, f"{place}.seats[{p}]", entrants, seated) for p, e in enumerate(seats)]
    players = _players(item, place, seats, entrants, event_format.entrant_type == EntrantType.TEAM)
    hands = _list(item, "hands", place)
    if draft and hands:
        raise BackupError(f"{place}.hands", _("a draft round has no hands"))
    checked: list[CheckedHand] = []
    for k, hand in enumerate(hands):
        checked.append(
            _hand(hand, f"{place}.hands[{k}]", event_format, checked, len(seats), deal=deal)
        )
    artificial = _artificial(item, place, event_format, draft=draft)
    status = _choice(_key(item, "status", place), f"{place}.status", Table.Status.values)
    forfeited_by = item.get("forfeited_by")  # absent from backups made before it was kept
    if forfeited_by is not None:
        if status != Table.Status.FORFEITED:
            raise BackupError(
                f"{place}.forfeited_by", _("only a forfeited table names a team at fault")
            )
        _int(forfeited_by, f"{place}.forfeited_by", 0, 1)
    return CheckedTable(
        number=number,
        code=code,
        opponents_code=opponents_code,
        seats=tuple(seats),
        hands=tuple(checked),
        differing=_differing(item, place, event_format, checked, len(seats)),
        artificial=artificial,
        status=status,
        forfeited_by=forfeited_by,
        players=players,
    )


def _players(
    item: dict, place: str, seats: list[int], entrants: dict[int, CheckedEntrant], team_event: bool
) -> tuple[str | None, ...]:
    """Who plays each seat (``services.lineups``): a member of the roster of the team in that
    seat, in one seat of the table; null where nobody is named, and always in an individual
    event. Absent from backups made before seats named their players: nobody is named."""
    names = item.get("players")
    if names is None:
        return (None,) * len(seats)
    if not isinstance(names, list) or len(names) != len(seats):
        raise BackupError(f"{place}.players", _("must be a list of a name (or null) per seat"))
    seen: set[str] = set()
    for p, name in enumerate(names):
        if name is None:
            continue
        entrant = entrants[seats[p]]
        if not team_event:
            raise BackupError(
                f"{place}.players[{p}]", _("an individual event names no team's player at a seat")
            )
        if not isinstance(name, str) or name not in [m["name"] for m in entrant.members]:
            raise BackupError(
                f"{place}.players[{p}]",
                _("%(name)r is not on the roster of %(team)s")
                % {"name": name, "team": entrant.name},
            )
        if name in seen:
            raise BackupError(
                f"{place}.players[{p}]",
                _("%(name)s plays two seats of this table") % {"name": name},
            )
        seen.add(name)
    return tuple(names)


def _artificial(item, place: str, event_format: Format, *, draft: bool) -> tuple:
    """A duplicate table's artificial results (absent from older backups), as
    ``services.duplicate`` gives them: one per board of the round at most, of a known kind."""
    rows = item.get("artificial", [])
    if not isinstance(rows, list):
        raise BackupError(f"{place}.artificial", _("must be a list"))
    if rows and (draft or not event_format.is_duplicate):
        raise BackupError(
            f"{place}.artificial",
            _("only a played round of a duplicate event has artificial results"),
        )
    checked: list[CheckedArtificial] = []
    limit = event_format.hands_per_round or 0
    for k, row in enumerate(rows):
        at = f"{place}.artificial[{k}]"
        number = _int(_key(row, "number", at), f"{at}.number", 1, max(limit, 1))
        if any(other.number == number for other in checked):
            raise BackupError(
                f"{at}.number", _("board %(n)s appears twice at this table") % {"n": number}
            )
        kinds = ArtificialResult.Kind.values
        ns, ew = (_choice(_key(row, key, at), f"{at}.{key}", kinds) for key in ("ns", "ew"))
        checked.append(CheckedArtificial(number=number, ns=ns, ew=ew))
    return tuple(checked)


def _hand(
    item,
    place: str,
    event_format: Format,
    before: list[CheckedHand],
    seats: int = 4,
    *,
    deal: tuple[int, int],
) -> CheckedHand:
    """A hand as a live entry checks it, re-scored by the engine; the stored points must agree.
    A duplicate board's passes are checked against its cards (``deal``: see ``_table``)."""
    limit = hand_number_limit(event_format)
    number = _int(_key(item, "number", place), f"{place}.number", 1)
    if number > limit:
        raise BackupError(
            f"{place}.number",
            _("hand %(n)s is beyond the round's %(limit)s") % {"n": number, "limit": limit},
        )
    if any(hand.number == number for hand in before):
        raise BackupError(
            f"{place}.number", _("hand %(n)s appears twice at this table") % {"n": number}
        )
    if event_format.open_ended:
        _checked(
            check_game_open, [h.tp for h in before], number, event_format, place=f"{place}.number"
        )
    try:
        scored = score_for_table(event_format, _key(item, "entry", place), number, seats)
    except InvalidHand as error:
        raise BackupError(
            f"{place}.entry" + (f".{error.field}" if error.field else ""), hand_error_message(error)
        ) from None
    teams, vp, sweep = scored.team_points, scored.victory_points, scored.sweep
    for key, computed in (("tp", teams), ("vp", vp)):
        stored = _key(item, key, place)
        if stored != list(computed):
            raise BackupError(
                f"{place}.{key}",
                _("%(stored)r stored, but the entry scores %(computed)s")
                % {"stored": stored, "computed": list(computed)},
            )
    if _key(item, "double_victory", place) != sweep:
        raise BackupError(f"{place}.double_victory", _("disagrees with the entry"))
    confirmed = _key(item, "confirmed", place)
    if not isinstance(confirmed, bool):
        raise BackupError(f"{place}.confirmed", _("must be true or false"))
    request = item.get("correction_request", "")  # absent from older backups
    play_record = item.get("play_record")  # absent from older backups
    if play_record is not None:
        try:
            play_record = checked_play_record(event_format, play_record, scored, seats)
        except InvalidRecord as error:
            raise BackupError(f"{place}.play_record", record_error_message(error)) from None
    passes = item.get("passes")  # absent from older backups, and where none were recorded
    if passes is not None:
        try:
            passes = board_passes(event_format, *deal, number, passes)
        except InvalidHand as error:
            raise BackupError(f"{place}.passes", hand_error_message(error)) from None
        except ServiceError as error:
            raise BackupError(f"{place}.passes", error.message) from None
    return CheckedHand(
        number=number,
        entry=scored.entry,
        tp=teams,
        vp=vp,
        sweep_team=sweep,
        confirmed=confirmed,
        correction_request=_text(
            request, f"{place}.correction_request", CORRECTION_REQUEST_LENGTH, blank=True
        ),
        entered_by=_text(_key(item, "entered_by", place), f"{place}.entered_by", 60),
        credits=scored.credits,
        play_record=play_record,
        passes=passes,
    )


def _matches(
    items,
    event_format: Format,
    entrants: dict[int, CheckedEntrant],
    rounds: tuple[CheckedRound, ...],
) -> tuple[CheckedMatch, ...]:
    """A cup's matches: each at its own place, its teams known entrants, its winner one of them,
    and every table of the cup the table of exactly one game, seating the match's teams as the
    game's number says (``knockout.games.side_at_table``)."""
    if not isinstance(items, list):
        raise BackupError("matches", _("must be a list"))
    if items and not event_format.is_cup:
        raise BackupError("matches", _("only a cup has matches"))
    tables = {(r.number, t.number): t for r in rounds for t in r.tables}
    played: set[tuple[int, int]] = set()
    places: set[tuple[str, int, int]] = set()
    checked = []
    for i, item in enumerate(items):
        match = _match(item, f"matches[{i}]", entrants, len(rounds))
        if (match.stage, match.level, match.slot) in places:
            raise BackupError(f"matches[{i}].slot", _("two matches at one place of the cup"))
        places.add((match.stage, match.level, match.slot))
        for j, (number, table) in enumerate(match.games):
            place = f"matches[{i}].games[{j}]"
            seats = tables.get((match.round, table))
            if seats is None or (match.round, table) in played:
                raise BackupError(
                    f"{place}.table",
                    _("round %(round)s has no table %(table)s free for this game")
                    % {"round": match.round, "table": table},
                )
            played.add((match.round, table))
            first, second = match.teams if number % 2 else match.teams[::-1]
            if seats.seats != (first, second, first, second):
                raise BackupError(f"{place}.table", _("the table does not seat the match's teams"))
        checked.append(match)
    if event_format.is_cup and len(played) != len(tables):
        round_number, table = min(set(tables) - played)
        raise BackupError(
            "matches",
            _("table %(table)s of round %(round)s belongs to no match's game")
            % {"table": table, "round": round_number},
        )
    return tuple(checked)


def _match(item, place: str, entrants: dict[int, CheckedEntrant], rounds: int) -> CheckedMatch:
    teams = _list(item, "teams", place)
    if (
        len(teams) != 2
        or any(t is not None and t not in entrants for t in teams)
        or (teams[0] is not None and teams[0] == teams[1])
    ):
        raise BackupError(f"{place}.teams", _("two different entrants of this backup (or null)"))
    seeds = _list(item, "seeds", place)
    if len(seeds) != 2:
        raise BackupError(f"{place}.seeds", _("two seeds (or null)"))
    winner = _key(item, "winner", place)
    decided_by = _choice(
        _key(item, "decided_by", place), f"{place}.decided_by", Match.Decision.values
    )
    if (winner is None) != (decided_by == Match.Decision.OPEN) or (
        winner is not None and winner not in teams
    ):
        raise BackupError(f"{place}.winner", _("a decided match's winner is one of its teams"))
    best_of = _int(_key(item, "best_of", place), f"{place}.best_of", 1, 9)
    group = _key(item, "group", place)
    games = []
    for j, game in enumerate(_list(item, "games", place)):
        number = _int(
            _key(game, "number", f"{place}.games[{j}]"), f"{place}.games[{j}].number", j + 1, j + 1
        )
        games.append(
            (
                number,
                _int(_key(game, "table", f"{place}.games[{j}]"), f"{place}.games[{j}].table", 1),
            )
        )
    if len(games) > best_of:
        raise BackupError(f"{place}.games", _("more games than the best of %(n)s") % {"n": best_of})
    attention = _key(item, "attention", place)
    if not isinstance(attention, dict):
        raise BackupError(f"{place}.attention", _("must be an object"))
    return CheckedMatch(
        stage=_choice(_key(item, "stage", place), f"{place}.stage", Match.Stage.values),
        group=None if group is None else _int(group, f"{place}.group", 0, 32767),
        level=_int(_key(item, "level", place), f"{place}.level", 1, 32767),
        slot=_int(_key(item, "slot", place), f"{place}.slot", 0, 32767),
        round=_int(_key(item, "round", place), f"{place}.round", 1, max(rounds, 1)),
        teams=(teams[0], teams[1]),
        seeds=tuple(
            None if s is None else _int(s, f"{place}.seeds[{k}]", 1, 32767)
            for k, s in enumerate(seeds)
        ),
        best_of=best_of,
        winner=winner,
        decided_by=decided_by,
        attention=attention,
        games=tuple(games),
    )


# --- the states the services reach ------------------------------------------------------------


def _states(
    status: str,
    entrants: tuple[CheckedEntrant, ...],
    rounds: tuple[CheckedRound, ...],
    matches: tuple[CheckedMatch, ...],
    event_format: Format,
) -> None:
    """The document as a whole is a state the live services can reach: each value may hold and
    their combination still be one the services refuse to make (``lifecycle``, ``rounds``,
    ``events``, ``knockout.progress``), which no page or standing expects."""
    _event_status(status, rounds, event_format)
    if event_format.is_cup:
        _cup_statuses(status, rounds, matches)
    _entrants_in_rounds(entrants, rounds)


def _event_status(status: str, rounds: tuple[CheckedRound, ...], event_format: Format) -> None:
    """A draft event has no round, a running or finished one has (the first pairing or draw
    starts it); an event other than a cup is finished only once its last round is played
    (``lifecycle.event_finish``), and a finished event changes no more."""
    if (status == Event.Status.DRAFT) != (not rounds):
        raise BackupError(
            "event.status",
            _(
                "a draft event has no rounds, and a running or finished one has: "
                "its first pairing or draw starts it"
            ),
        )
    if status != Event.Status.FINISHED or event_format.is_cup:
        return
    last = len(rounds) - 1
    if rounds[last].status == Round.Status.DRAFT:
        raise BackupError(
            f"rounds[{last}].status",
            _(
                "the event is finished, but its last round is a draft: an event "
                "is finished once its last round is played"
            ),
        )
    for j, table in enumerate(rounds[last].tables):
        if not table_is_complete(
            Table(status=table.status),
            event_format,
            played=len(
                {hand.number for hand in table.hands} | {a.number for a in table.artificial}
            ),
            unconfirmed=sum(
                not hand.confirmed or bool(hand.correction_request) for hand in table.hands
            ),
            totals=[sum(hand.tp[side] for hand in table.hands) for side in (0, 1)],
        ):
            raise BackupError(
                f"rounds[{last}].tables[{j}]",
                _(
                    "the event is finished, but this table of its last round is "
                    "not played out: an event is finished once its last round is "
                    "played"
                ),
            )


def _cup_statuses(
    status: str, rounds: tuple[CheckedRound, ...], matches: tuple[CheckedMatch, ...]
) -> None:
    """A cup's round is complete when its matches are decided, the cup finished when all are
    (``knockout.progress.sync_statuses``, which keeps them so after every change)."""
    for i, item in enumerate(rounds):
        own = [m for m in matches if m.round == item.number]
        complete = bool(own) and all(m.winner is not None for m in own)
        if (item.status == Round.Status.COMPLETE) != complete:
            raise BackupError(
                f"rounds[{i}].status",
                _("a cup's round is complete exactly when all its matches are decided"),
            )
    if matches and (status == Event.Status.FINISHED) != all(m.winner is not None for m in matches):
        raise BackupError(
            "event.status", _("a cup is finished exactly when all its matches are decided")
        )


def _entrants_in_rounds(
    entrants: tuple[CheckedEntrant, ...], rounds: tuple[CheckedRound, ...]
) -> None:
    """An entrant joins by the round after the last one paired and withdraws after a paired
    round (``events``); a round seats them, or gives them a bye, from the round they joined and,
    once published, up to the round they withdrew after (a draft may still seat them: the
    organizer pairs it again)."""
    paired = sum(item.status != Round.Status.DRAFT for item in rounds)
    for i, entrant in enumerate(entrants):
        if entrant.joined_round > paired + 1:
            raise BackupError(
                f"entrants[{i}].joined_round",
                _(
                    "round %(n)s, but an entrant joins by the round after the last "
                    "one paired (%(next)s)"
                )
                % {"n": entrant.joined_round, "next": paired + 1},
            )
        if (entrant.withdrawn_after_round or 0) > paired:
            raise BackupError(
                f"entrants[{i}].withdrawn_after_round",
                _("round %(n)s, but only %(paired)s rounds are paired")
                % {"n": entrant.withdrawn_after_round, "paired": paired},
            )
    known = {entrant.source_id: entrant for entrant in entrants}
    for i, item in enumerate(rounds):
        places = [(f"rounds[{i}].byes[{j}]", e) for j, e in enumerate(item.byes)] + [
            (f"rounds[{i}].tables[{j}].seats[{p}]", e)
            for j, table in enumerate(item.tables)
            for p, e in enumerate(table.seats)
        ]
        for place, source_id in places:
            entrant = known[source_id]
            if item.number < entrant.joined_round:
                raise BackupError(
                    place,
                    _("entrant %(id)s joined in round %(joined)s")
                    % {"id": source_id, "joined": entrant.joined_round},
                )
            withdrawn = entrant.withdrawn_after_round
            if (
                withdrawn is not None
                and item.number > withdrawn
                and item.status != Round.Status.DRAFT
            ):
                raise BackupError(
                    place,
                    _("entrant %(id)s withdrew after round %(round)s")
                    % {"id": source_id, "round": withdrawn},
                )


def _differing(
    item: dict, place: str, event_format: Format, hands: list[CheckedHand], seats: int
) -> tuple[CheckedDiffering, ...]:
    """A table's differing entries (absent from backups made before they were kept), as the
    service keeps them (``hands._keep_differing``): each an entry the engine takes, scored as
    stored, for a recorded hand of the table and not its recorded entry, once per value; its
    times of typing (or null) and of arrival."""
    rows = item.get("differing", [])
    if not isinstance(rows, list):
        raise BackupError(f"{place}.differing", _("must be a list"))
    recorded = {hand.number: hand for hand in hands}
    checked: list[CheckedDiffering] = []
    for k, row in enumerate(rows):
        at = f"{place}.differing[{k}]"
        number = _int(_key(row, "number", at), f"{at}.number", 1)
        hand = recorded.get(number)
        if hand is None:
            raise BackupError(
                f"{at}.number", _("hand %(n)s is not recorded at this table") % {"n": number}
            )
        try:
            scored = score_for_table(event_format, _key(row, "entry", at), number, seats)
        except InvalidHand as error:
            raise BackupError(
                f"{at}.entry" + (f".{error.field}" if error.field else ""),
                hand_error_message(error),
            ) from None
        if scored.entry == hand.entry:
            raise BackupError(f"{at}.entry", _("is the recorded hand's entry, not a different one"))
        if any(other.number == number and other.entry == scored.entry for other in checked):
            raise BackupError(f"{at}.entry", _("appears twice for this hand"))
        if _key(row, "tp", at) != list(scored.team_points):
            raise BackupError(
                f"{at}.tp",
                _("%(stored)r stored, but the entry scores %(computed)s")
                % {"stored": row["tp"], "computed": list(scored.team_points)},
            )
        typed_at = _key(row, "typed_at", at)
        checked.append(
            CheckedDiffering(
                number=number,
                entry=scored.entry,
                tp=scored.team_points,
                entered_by=_text(_key(row, "entered_by", at), f"{at}.entered_by", 60),
                typed_at=None if typed_at is None else _moment(typed_at, f"{at}.typed_at"),
                received_at=_moment(_key(row, "received_at", at), f"{at}.received_at"),
            )
        )
    return tuple(checked)


def _moment(value, place: str) -> datetime:
    """A moment with its time zone, as an export writes it (ISO 8601)."""
    moment = parse_datetime(value) if isinstance(value, str) else None
    if moment is None or is_naive(moment):
        raise BackupError(place, _("must be a date and time with its time zone (ISO 8601)"))
    return moment


def _change(item, place: str) -> dict:
    """A history row, kept as text (its ids are the source database's)."""
    subject_id = _key(item, "subject_id", place)
    if subject_id is not None:
        _int(subject_id, f"{place}.subject_id", -(2**63), 2**63 - 1)
    return {
        "subject": _text(
            _key(item, "subject", place),
            f"{place}.subject",
            Change._meta.get_field("subject").max_length,
        ),
        "subject_id": subject_id,
        "action": _text(
            _key(item, "action", place),
            f"{place}.action",
            Change._meta.get_field("action").max_length,
        ),
        "actor": _text(_key(item, "actor", place), f"{place}.actor", 150),
        "old": _key(item, "old", place),
        "new": _key(item, "new", place),
        "reason": _text(_key(item, "reason", place), f"{place}.reason", 300, blank=True),
    }


# --- the shapes of values -------------------------------------------------------------------


def _key(item, key: str, place: str):
    if not isinstance(item, dict):
        raise BackupError(place or key, _("must be an object"))
    if key not in item:
        raise BackupError(f"{place}.{key}" if place else key, _("is missing"))
    return item[key]


def _object(item, key: str, place: str) -> dict:
    value = _key(item, key, place)
    if not isinstance(value, dict):
        raise BackupError(f"{place}.{key}" if place else key, _("must be an object"))
    return value


def _list(item, key: str, place: str) -> list:
    value = _key(item, key, place)
    if not isinstance(value, list):
        raise BackupError(f"{place}.{key}" if place else key, _("must be a list"))
    return value


def _int(value, place: str, low: int, high: int = 2**31 - 1) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BackupError(
            place,
            _("must be a whole number from %(low)s to %(high)s, not %(value)r")
            % {"low": low, "high": high, "value": value},
        )
    return value


def _choice(value, place: str, choices) -> str:
    if value not in choices:
        raise BackupError(
            place,
            _("must be one of %(choices)s, not %(value)r")
            % {"choices": ", ".join(choices), "value": value},
        )
    return value


def _text(value, place: str, max_length: int, *, blank: bool = False) -> str:
    if not isinstance(value, str) or len(value) > max_length or not (blank or value):
        raise BackupError(place, _("must be text of up to %(n)s characters") % {"n": max_length})
    return value


def _name(value, place: str) -> str:
    return _checked(clean_name, value, "name", place=place)


def _checked(check, *args, place: str):
    """A service's own check, its refusal reported at ``place``."""
    try:
        return check(*args)
    except ServiceError as error:
        raise BackupError(place, error.message) from None
