"""The tournament's data: who plays, where they sit, what they scored, and what changed.

Reading order: people (``Register``, its persons ``Player``, their ``PersonMerge`` history),
competitions (``League``, ``Season``, ``Event``), entrants
(``Entrant``: an individual in a DTM-style event, a team of two in team events and leagues, its
roster of ``Membership`` rows),
rounds (``Round`` with its ``Table`` and ``Seat`` rows and ``Bye`` rows), the hands entered at a
table (``Hand``), the history of every change (``Change``), and the computed standings
(``RoundResult``, ``StandingRow``), which are derived data: a worker rebuilds them from hands;
across events, a register's ``Series`` and its people's ``Rating`` (with ``RatingPoint``
history), derived too.

Integrity lives in the database: one hand per table and number, one seat per position, one entrant
per player and event, one team per person and event, a table code unique across the service,
points within their ranges.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext

from scoring import Rules

from .collation import query_words, search_text, sorted_by_name, sound_text
from .display_names import display_names
from .formats import Format
from .games import SeatName
from .standings import cache as standings_cache

TABLE_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: typed from paper
TABLE_CODE_LENGTH = 12  # 32**12 = 2**60 codes: unguessable, and failed attempts are throttled
OPPONENTS_CODE_LENGTH = 6  # 32**6 = 2**30 per table, typed on the captain's phone; throttled too
CORRECTION_REQUEST_LENGTH = 300  # a captain's few words to the organizer
MAX_SEATS = 12  # the largest table of any game (Grand Seigneur); Tichu seats 4, Tientsin 6

CENTS = Decimal("0.01")  # a duplicate total is shown to two decimals


def new_table_code() -> str:
    """A captain's code: random, unambiguous when read off a printed sheet."""
    return "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))


def new_opponents_code() -> str:
    """The opponents' code of a table: printed beside the captain's on the table sheet, typed
    by the opponents to confirm a hand. Short, as it opens no page and changes no score: it
    confirms the hands of its own table only, and wrong codes count against the same limits as
    wrong table codes (``code_attempts``)."""
    return "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(OPPONENTS_CODE_LENGTH))


class SearchableName(models.Model):
    """A ``name`` that a search in SQL finds however it is typed ("Mueller" finds Müller):
    ``search_name`` stores its folded spellings (``collation.search_text``), so a list filtered
    by name still filters and paginates in the database. ``save`` keeps it; a bulk ``update``
    of names would have to set it too (none does)."""

    search_name = models.TextField(editable=False, default="")

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        self.search_name = search_text(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "search_name"}
        super().save(*args, **kwargs)


def name_search(query: str) -> Q:
    """The rows of a ``SearchableName`` model whose name holds every word of ``query``, however
    either is spelt (``collation.matches``, in SQL)."""
    found = Q()
    # no name holds a NUL (names refuse it), and PostgreSQL refuses one in a query: a 500
    for word in query_words(query.replace("\x00", "")):
        any_spelling = Q()
        for spelling in word:
            any_spelling |= Q(search_name__contains=spelling)
        found &= any_spelling
    return found


def is_table_code(value: object) -> bool:
    """A code ``new_table_code`` could have made (what a backup may bring: a code is printed on
    sheets, typed by captains and put into links)."""
    return (
        isinstance(value, str)
        and len(value) == TABLE_CODE_LENGTH
        and set(value) <= set(TABLE_CODE_ALPHABET)
    )


def is_opponents_code(value: object) -> bool:
    """A code ``new_opponents_code`` could have made (what a backup may bring)."""
    return (
        isinstance(value, str)
        and len(value) == OPPONENTS_CODE_LENGTH
        and set(value) <= set(TABLE_CODE_ALPHABET)
    )


def erased_word() -> str:
    """What stands where an erased person's name stood (an entry's name is blank then)."""
    return gettext("erased player")


@dataclass(frozen=True)
class ListedPerson:
    """A person as a list of people shows them (a series table, a ranking list, pages, files
    and the API alike): once erased, "erased player" with neither club nor public address, and
    no longer "hidden", since erasing hides the person, not their results (``Player.listed``)."""

    id: int
    public_id: str | None
    name: str
    club: str
    hidden: bool
    erased: bool


PUBLIC_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # a person's address: no 0/o, 1/l
PUBLIC_ID_LENGTH = 10


def new_public_id() -> str:
    """A person's stable public address (``/people/<id>/``): random, so that the addresses of a
    register cannot be walked, and unchanged by a new spelling of the name."""
    return "".join(secrets.choice(PUBLIC_ID_ALPHABET) for _ in range(PUBLIC_ID_LENGTH))


def is_public_id(value: object) -> bool:
    """An address ``new_public_id`` could have made (what a backup may bring)."""
    return (
        isinstance(value, str)
        and len(value) == PUBLIC_ID_LENGTH
        and set(value) <= set(PUBLIC_ID_ALPHABET)
    )


class Register(models.Model):
    """The people an organizer keeps across events, or an organization of several organizers
    (a club, a league, an association: its ``organizers`` share it). Every event belongs to one
    register, whose people its entrants link to; series and ratings are a register's."""

    name = models.CharField(max_length=120)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="registers"
    )
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="shared_registers"
    )
    min_ranked_hands = models.PositiveIntegerField(default=100)
    """The hands a person needs to appear on the register's ranking list (RULINGS: option)."""
    # Ratings bookkeeping, as an event's standings: a change to a hand of the register's events
    # bumps change_seq; the worker that rated the register up to change_seq N stores N.
    change_seq = models.BigIntegerField(default=0)
    ratings_seq = models.BigIntegerField(default=0)
    ratings_computed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ratings_seq__lte=models.F("change_seq")),
                name="ratings_not_ahead_of_changes",
            ),
        ]

    def __str__(self):
        return self.name

    def is_organizer(self, user) -> bool:
        """Its owner and the organizers it is shared with keep a register; nobody else."""
        if not user or not user.is_authenticated:
            return False
        return self.owner_id == user.pk or self.organizers.filter(pk=user.pk).exists()


class Player(SearchableName):
    """A person of a register, who may play in many events (``Entrant.player``, a team's roster,
    the seat a roster member plays). The e-mail address is private to the register's organizers.

    ``public_id`` is the person's public address. A person may be ``hidden`` from public pages,
    or erased (``erased_at``: name, club and e-mail blanked; the results stay, shown under
    "erased player"). A record merged into another (``merged_into``) keeps nothing but its
    history: its entries moved to the kept record, and move back when the merge is undone
    (``PersonMerge``).
    """

    register = models.ForeignKey(Register, on_delete=models.PROTECT, related_name="people")
    name = models.CharField(max_length=100)
    club = models.CharField(max_length=100, blank=True)  # or a city: tells equal names apart
    email = models.EmailField(blank=True)
    public_id = models.CharField(max_length=PUBLIC_ID_LENGTH, unique=True, default=new_public_id)
    hidden = models.BooleanField(default=False)
    erased_at = models.DateTimeField(null=True, blank=True)
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="merged_records"
    )
    sound_name = models.TextField(editable=False, default="")
    """The name's words by sound (``collation.sound_text``): "Maier" finds "Meyer" in SQL."""
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        indexes = [models.Index(fields=["register", "merged_into"], name="register_people")]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.sound_name = sound_text(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "sound_name"}
        super().save(*args, **kwargs)

    @property
    def erased(self) -> bool:
        return self.erased_at is not None

    @property
    def shown_name(self) -> str:
        """The name pages show: "erased player" once the person was erased."""
        return erased_word() if self.erased_at is not None else self.name

    @property
    def listed(self) -> ListedPerson:
        """The person as lists show them (``ListedPerson``)."""
        erased = self.erased
        return ListedPerson(
            self.pk,
            None if erased else self.public_id,
            self.shown_name,
            "" if erased else self.club,
            hidden=self.hidden and not erased,
            erased=erased,
        )


class PersonMerge(models.Model):
    """Two records of one person made one: ``merged``'s entries, roster places and seats moved
    to ``kept`` (their ids in ``moved``, so that an undo moves exactly those back). Undone when
    ``undone_at`` is set; the rows stay as the register's history."""

    register = models.ForeignKey(Register, on_delete=models.CASCADE, related_name="merges")
    kept = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges_kept")
    merged = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges_merged")
    moved = models.JSONField(default=dict)  # {"entrants": [...], "memberships": [...], ...}
    actor = models.CharField(max_length=150)
    created_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.CharField(max_length=150, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(kept=models.F("merged")), name="merge_two_records"),
        ]

    def __str__(self):
        return f"{self.merged_id} merged into {self.kept_id}"


class League(models.Model):
    """A league: seasons of match days, each season played as one round-robin event."""

    name = models.CharField(max_length=120)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="leagues"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name


class Season(models.Model):
    name = models.CharField(max_length=120)
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="season_name_unique_in_league")
        ]

    def __str__(self):
        return f"{self.league} {self.name}"


class Event(SearchableName):
    """A championship, a club evening, or a league season. Its format is stored as data.

    Its life: ``draft`` while players register, ``running`` from its first pairing, ``finished``
    when the organizer closes it (``services.lifecycle``): a finished event takes no hands, rounds
    or pairings until the organizer reopens it.
    """

    class Status(models.TextChoices):
        DRAFT = "draft", "draft"
        RUNNING = "running", "running"
        FINISHED = "finished", "finished"

    name = models.CharField(max_length=120)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="events"
    )
    co_organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="co_organized_events"
    )
    preset = models.CharField(max_length=20, default="dtm")
    format_data = models.JSONField(default=dict)
    seed = models.BigIntegerField(default=0)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    season = models.OneToOneField(
        Season, null=True, blank=True, on_delete=models.SET_NULL, related_name="event"
    )
    register = models.ForeignKey(Register, on_delete=models.PROTECT, related_name="events")
    """Whose people play: the entrants link to the register's persons (``services.people``)."""
    created_at = models.DateTimeField(auto_now_add=True)
    # Standings bookkeeping: every change bumps change_seq; a worker that computed the standings
    # for change_seq N stores N in standings_seq. Standings are up to date when both are equal.
    change_seq = models.BigIntegerField(default=0)
    standings_seq = models.BigIntegerField(default=0)
    standings_computed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(standings_seq__lte=models.F("change_seq")),
                name="standings_not_ahead_of_changes",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["draft", "running", "finished"]), name="event_status_known"
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def format(self) -> Format:
        return Format.from_dict(self.format_data)

    @property
    def rules(self) -> Rules:
        return self.format.rules

    @property
    def standings_up_to_date(self) -> bool:
        return self.standings_seq == self.change_seq

    def is_organizer(self, user) -> bool:
        """Owners and co-organizers manage an event; nobody else."""
        if not user or not user.is_authenticated:
            return False
        return self.owner_id == user.pk or self.co_organizers.filter(pk=user.pk).exists()

    def role(self, user) -> str | None:
        """``ORGANIZER`` for its owner and co-organizers, ``HELPER`` for the helpers they invited
        (``EventHelper``), None for anyone else. What a helper may do: ``services.access``."""
        if self.is_organizer(user):
            return ORGANIZER_ROLE
        if user and user.is_authenticated and self.helpers.filter(user_id=user.pk).exists():
            return HELPER_ROLE
        return None


ORGANIZER_ROLE, HELPER_ROLE = "organizer", "helper"


class EventHelper(models.Model):
    """A person an organizer invited (by account) to help on the day: check-in, the results
    desk, the round clock, entering and correcting hands, closing tables; never the settings,
    the draw, the pairings or finishing (``services.access``)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="helpers")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="helped_events"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user"], name="one_helper_row_per_event_and_user"
            )
        ]

    def __str__(self):
        return f"{self.user} helps at {self.event}"


class Entrant(SearchableName):
    """Who is ranked in an event: one player (individual events) or a team (a roster of 2-5).

    An entrant who joins late plays from ``joined_round``; one who withdraws is never paired again
    from ``withdrawn_after_round`` on, and the hands they played stay. One the check-in marks
    absent is not paired until checked in again.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    name = models.CharField(max_length=100)
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    members = models.ManyToManyField(
        Player, blank=True, related_name="team_entries", through="Membership"
    )
    club = models.CharField(max_length=100, blank=True)  # or a city: tells equal names apart
    joined_round = models.PositiveIntegerField(default=1)
    withdrawn_after_round = models.PositiveIntegerField(null=True, blank=True)
    present = models.BooleanField(default=True)  # the check-in: an absent entrant is not paired
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=Q(player__isnull=False),
                name="player_enters_event_once",
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def active(self) -> bool:
        return self.withdrawn_after_round is None

    @property
    def member_names(self) -> list[str]:
        """A team's roster as pages and the API list it: alphabetically (German order:
        ``collation``), from the prefetched members when a list prefetched them."""
        return [
            player.shown_name
            for player in sorted_by_name(self.members.all(), lambda player: player.name)
        ]

    @property
    def display_name(self) -> str:
        """The name a person reads, equal names told apart (``display_names``). Lists label their
        entrants in one query with ``label_entrants``; a lone entrant asks for its event's."""
        if "_display_name" not in self.__dict__:
            label_entrants([self])
        return self.__dict__["_display_name"]


class Membership(models.Model):
    """A player on a team's roster. A person plays in one team of an event: ``person`` is the
    player's name as that rule compares names (``services.events.person_key``), unique in the
    event, so the database holds the rule whoever writes.
    """

    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.CASCADE)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    person = models.TextField()  # a folded name can be longer than the name

    class Meta:
        db_table = "tournaments_entrant_members"  # the table of the roster before it was a model
        unique_together = [("entrant", "player")]  # as it was: the constraint has that name
        constraints = [
            models.UniqueConstraint(fields=["event", "person"], name="person_plays_in_one_team")
        ]

    def __str__(self):
        return f"{self.player} ({self.entrant})"


def event_display_names(event_id: int) -> dict[int, str]:
    """Every entrant's ``display_name`` in an event, by id. Whether a name needs its club or
    start number depends on every other entrant's, so all are read (one query), once per change
    of the event's field (``standings.cache.field_cached``): a page of 100 rows of a 40,000-player
    event then reads none of the others. An erased person's entry (its name blanked) reads
    "erased player" in the reader's language, hence one cached answer per language."""
    erased = erased_word()
    return standings_cache.field_cached(
        event_id,
        f"names:{get_language()}",
        lambda: display_names(
            [
                (pk, name or erased, club)
                for pk, name, club in Entrant.objects.filter(event_id=event_id)
                .order_by("id")
                .values_list("id", "name", "club")
            ]
        ),
    )


def label_entrants(entrants: Iterable[Entrant]) -> None:
    """Give every entrant its ``display_name``: one query per event among those not labelled yet."""
    by_event: dict[int, list[Entrant]] = {}
    for entrant in entrants:
        if "_display_name" not in entrant.__dict__:
            by_event.setdefault(entrant.event_id, []).append(entrant)
    for event_id, members in by_event.items():
        names = event_display_names(event_id)
        for entrant in members:
            entrant.__dict__["_display_name"] = names.get(entrant.pk, entrant.name)


class Round(models.Model):
    """A round moves from draft (pairings may be changed) to published to complete.

    Its clock (``services.clock``; read by ``clock.clock_of``): ``clock_duration`` seconds in
    all (extensions added), ``clock_remaining`` seconds left at ``clock_started_at`` (when it last
    started or went on after a pause), ``clock_paused_at`` set while it stands still. No
    ``clock_started_at``: the clock has not been started.
    """

    class Status(models.TextChoices):
        DRAFT = "draft", "draft"
        PUBLISHED = "published", "published"
        COMPLETE = "complete", "complete"

    # What the public sees: a draft is for its event's organizers only.
    PUBLIC_STATUSES = (Status.PUBLISHED, Status.COMPLETE)

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.DRAFT)
    seed = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    clock_duration = models.PositiveIntegerField(null=True, blank=True)
    clock_remaining = models.PositiveIntegerField(null=True, blank=True)
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(clock_started_at__isnull=True, clock_paused_at__isnull=True)
                | Q(
                    clock_started_at__isnull=False,
                    clock_duration__isnull=False,
                    clock_remaining__isnull=False,
                ),
                name="round_clock_started_with_its_time",
            ),
        ]

    def __str__(self):
        return f"{self.event} round {self.number}"


class Table(models.Model):
    """A table in a round (four seats, or as many as its game's, ``tournaments.games``), with the
    code its captain enters hands with, and the opponents' code they confirm its hands with.

    A table the organizer closes as forfeited or averaged counts as complete with the hands it has;
    its missing hands are credited as an adjustment (RULINGS.md, "Closing a table"), which is why
    a forfeit names the team at fault (``forfeited_by``: 0 for team A, 1 for team B).
    """

    class Status(models.TextChoices):
        OPEN = "open", "open"
        FORFEITED = "forfeited", "forfeited"
        AVERAGED = "averaged", "averaged"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()
    code = models.CharField(max_length=32, unique=True, default=new_table_code)
    opponents_code = models.CharField(max_length=16, default=new_opponents_code)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    forfeited_by = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["round_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            models.CheckConstraint(
                condition=Q(forfeited_by__isnull=True) | Q(status="forfeited", forfeited_by__lte=1),
                name="forfeited_by_a_team_of_a_forfeited_table",
            ),
        ]

    def __str__(self):
        return f"table {self.number}"

    def is_done(self, event_format: Format, hands: int, totals: Sequence[int]) -> bool:
        """Whether the table's round is over: closed by the organizer, or played out with
        ``hands`` hands and these TP ``totals`` (``Format.play_is_over``)."""
        return self.status != Table.Status.OPEN or event_format.play_is_over(hands, totals)


class Seat(models.Model):
    """Who sits where. Positions 0 to the table's size - 1 in playing order (``tournaments.games``:
    4 in Tichu, 6 in Tientsin); in a game of two teams the even positions are team 0, the odd
    ones team 1.

    In a team event the team's entrant fills all of its positions, and ``player`` is the member
    of its roster who plays the seat: its first members when the table is made, changed by the
    captain or the organizer (``services.lineups``). None where nobody was named (a table of an
    individual event, or one made before tables named their players).
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    entrant = models.ForeignKey(Entrant, on_delete=models.RESTRICT, related_name="seats")
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )

    class Meta:
        ordering = ["table_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_entrant_per_seat"),
            models.CheckConstraint(
                condition=Q(position__lte=MAX_SEATS - 1), name="seat_position_0_to_11"
            ),
        ]

    def __str__(self):
        return f"seat {self.position} at {self.table}"

    @property
    def team(self) -> int:
        return self.position % 2

    @property
    def label(self) -> str:
        """The name shown for a seat: the player, or the roster member who plays it with their
        team ("Anna (Dragons)", a ``SeatName``), or the team while nobody is named (``player``
        and ``entrant`` should be selected with the seat)."""
        if self.player_id and self.player.name != self.entrant.name:
            return SeatName(self.player.shown_name, self.entrant.display_name)
        return self.entrant.display_name


class Bye(models.Model):
    """An entrant who sits out a round. Recorded, never turned into invented hands."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey(Entrant, on_delete=models.RESTRICT, related_name="byes")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "entrant"], name="one_bye_per_entrant_and_round"
            )
        ]

    def __str__(self):
        return f"bye of {self.entrant} in {self.round}"


TYPED_APART = timedelta(minutes=1)
"""How long before its arrival a hand must have been typed for the results desk to show both."""


class HandQuerySet(models.QuerySet):
    def listed(self) -> HandQuerySet:
        """Hands as a list of them shows them: without their play record, which may be large
        (``Hand.play_record``), but whether they have one (``has_replay``: a link to its
        replay)."""
        return self.defer("play_record").annotate(
            has_replay=models.ExpressionWrapper(
                Q(play_record__isnull=False), output_field=models.BooleanField()
            )
        )


class Hand(models.Model):
    """One hand at a table, as the captain entered it, with the engine's scoring stored beside.

    ``entry`` is the canonical score entry (``scoring.normalize_entry``); the Tichu points and
    victory points per team are what ``scoring`` computed from it under the event's rules.
    """

    # No index of its own: the unique (table, number) constraint's index leads with the table,
    # and one index less is written with every hand.
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands", db_index=False)
    number = models.PositiveIntegerField()
    entry = models.JSONField()
    tp_0 = models.IntegerField()
    tp_1 = models.IntegerField()
    vp_0 = models.IntegerField()
    vp_1 = models.IntegerField()
    sweep_team = models.PositiveSmallIntegerField(null=True, blank=True)
    """The team that swept the hand (0 or 1), whatever the game calls its sweep: a double
    victory, Tientsin's triple victory (the engine's ``sweep_key``); None when none did."""
    entered_by = models.CharField(max_length=60)
    confirmed_by_opponents = models.BooleanField(default=False)
    correction_request = models.CharField(
        max_length=CORRECTION_REQUEST_LENGTH, blank=True, default=""
    )
    """The captain's request that the organizer correct the hand ("" when none is open): shown
    on the results desk until the organizer corrects the hand or dismisses the request."""
    created_at = models.DateTimeField(auto_now_add=True)
    """When the server received the hand."""
    updated_at = models.DateTimeField(auto_now=True)
    typed_at = models.DateTimeField(null=True, blank=True)
    """When the captain typed the hand on the phone, as the phone's clock said (a phone without
    a connection keeps its hands and sends them later): the results desk shows it beside
    ``created_at`` where the two differ. None where no phone said (a form, an import)."""
    passes = models.JSONField(null=True, blank=True)
    """A duplicate board's exchange as the table recorded it (optional): per seat, the card
    given to each other seat (``scoring.boards.check_passes``), so a fouled board can be found."""

    play_record = models.JSONField(null=True, blank=True, default=None)
    """The hand as it was played, card by card (``scoring.record``: the deal, every action, the
    result), where one is known: the bots' hands of a simulated event, a backup's. Never needed
    for a captain's entry; a public replay page shows it (``views.replay``). Pages listing hands
    load it deferred (``HandQuerySet.listed``: only whether there is one)."""

    objects = HandQuerySet.as_manager()

    class Meta:
        ordering = ["table_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number"], name="one_hand_per_table_and_number"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(
                condition=Q(vp_0__gte=0) & Q(vp_1__gte=0), name="victory_points_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(sweep_team__isnull=True) | Q(sweep_team__in=[0, 1]),
                name="sweep_team_is_a_team",
            ),
        ]

    def __str__(self):
        return f"hand {self.number} at {self.table}"

    @property
    def typed_earlier(self) -> datetime | None:
        """``typed_at`` where it lies a minute or more before the server received the hand (a
        phone kept it while it had no connection), else None: the results desk shows both."""
        if self.typed_at is None or self.created_at - self.typed_at < TYPED_APART:
            return None
        return self.typed_at


class DifferingEntry(models.Model):
    """A captain's entry for a hand already recorded with another score: refused (409, the
    recorded hand stays as it is) and kept here, as a Bridgemate's scoring program keeps every
    result a table unit sends and leaves the differences to the director. Two phones at one
    table (one of them offline, say) that entered one hand differently both see it: the phone
    that was refused shows both values at once, the phone whose hand was recorded shows the
    other value on its hand (``views.offline.table_state``), and the results desk lists it
    until the organizer corrects the hand (``services.hands``) or keeps the recorded score
    (``differing_entry_dismiss``). The same entry sent again is kept once (``digest``)."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="differing_entries", db_index=False
    )
    number = models.PositiveIntegerField()
    entry = models.JSONField()
    digest = models.CharField(max_length=64)
    """The canonical entry's SHA-256 (its JSON with sorted keys): one row per different entry."""
    tp_0 = models.IntegerField()
    tp_1 = models.IntegerField()
    entered_by = models.CharField(max_length=60)
    typed_at = models.DateTimeField(null=True, blank=True)
    """When the phone that sent it says it was typed (``Hand.typed_at``)."""
    received_at = models.DateTimeField(auto_now_add=True)
    recorded: Hand | None
    """The hand recorded under ``number``, where a page reads it (``selectors.pages``)."""

    class Meta:
        ordering = ["table_id", "number", "received_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number", "digest"], name="one_differing_entry_per_value"
            ),
        ]

    def __str__(self):
        return f"differing entry for hand {self.number} at {self.table}"


class HandSeat(models.Model):
    """A player's credit for a hand in a game scored per player (``tournaments.games``:
    Threechu, Grand Seigneur), by table position: Tichu points, victory points (placing points in
    Grand Seigneur) and the place in the finish order where the game ranks by it. Written in the
    hand's transaction from the engine's score, rewritten with every correction; the standings
    sum these rows where a game has no two teams."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="seat_credits")
    position = models.PositiveSmallIntegerField()
    tp = models.IntegerField()
    vp = models.IntegerField()
    place = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["hand_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "position"], name="one_credit_per_hand_seat"),
            models.CheckConstraint(
                condition=Q(position__lte=MAX_SEATS - 1), name="hand_seat_position_0_to_11"
            ),
        ]

    def __str__(self):
        return f"seat {self.position} of {self.hand}"


class Change(models.Model):
    """The history: who changed what, when, from which value to which, and why.

    Written in the same transaction as the change itself, so history and data never disagree.
    """

    # Indexed by the (event, subject, subject_id) index below, which leads with the event.
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="changes", db_index=False
    )
    subject = models.CharField(max_length=20)  # "hand", "seat", "round", "entrant", "table"
    subject_id = models.BigIntegerField(null=True)
    action = models.CharField(max_length=20)  # "create", "correct", "undo", "swap", "publish"...
    actor = models.CharField(max_length=150)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "subject", "subject_id"])]

    def __str__(self):
        return f"{self.action} {self.subject} {self.subject_id} by {self.actor}"


class RoundResult(models.Model):
    """An entrant's victory and Tichu points in one round (derived from hands and byes).

    At a closed table the points include the credit for its missing hands, which
    ``adjustment_vp``/``adjustment_tp`` also give apart (a bye's credit is its whole result).
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="results")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="round_results")
    victory_points = models.IntegerField()
    tichu_points = models.IntegerField()
    hands_played = models.PositiveIntegerField()
    bye = models.BooleanField(default=False)
    # the credit for the missing hands of a closed table, included in the points above
    adjustment_vp = models.IntegerField(default=0)
    adjustment_tp = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "entrant"], name="one_result_per_entrant_and_round"
            )
        ]
        # Byes are few: the standings find an entrant's bye results without reading the rest.
        indexes = [models.Index(fields=["entrant"], condition=Q(bye=True), name="bye_results")]

    def __str__(self):
        return f"{self.entrant} in {self.round}"


class StandingRow(models.Model):
    """An entrant's line in the event's standings, as the last computation left it.

    ``adjustment_vp``/``adjustment_tp`` are the bye credits and the credits for the missing hands
    of closed tables, shown apart from points earned at
    the table; ``victory_points`` and ``tichu_points`` include them. The rank is not stored: one
    hand moves four players by hundreds of places in a league, so a stored rank would make every
    hand rewrite hundreds of rows; readers number the rows in ranking order
    (``standings.ranked``), which the cached public answers do once per change.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="standings")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="standing")
    victory_points = models.IntegerField()
    tichu_points = models.IntegerField()
    hands_played = models.PositiveIntegerField()
    byes = models.PositiveIntegerField()
    adjustment_vp = models.IntegerField(default=0)
    adjustment_tp = models.IntegerField(default=0)
    tiebreaks = models.JSONField(default=dict)
    score = models.FloatField(null=True, blank=True)
    """A duplicate event's total (``BoardScore``): the average percentage, or the butler sum;
    ranked before the victory points (None in other events)."""

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "entrant"], name="one_standing_per_entrant")
        ]

    def __str__(self):
        return f"{self.entrant}: {self.victory_points} VP"

    @property
    def score_shown(self) -> str:
        """The duplicate total as the standings show it: two decimals in the reader's notation
        ("" before any board), rounded half up as the ranking rounds it (``sql.rank_keys``):
        Django's ``number_format`` alone cuts a float's digits (66.6667 would read 66.66)."""
        if self.score is None:
            return ""
        return number_format(Decimal(str(self.score)).quantize(CENTS, ROUND_HALF_UP), 2)

    @property
    def rank_label(self) -> str:
        """The rank as shown (``ranked`` numbers it): "3=" when others share it."""
        return f"{self.rank}=" if getattr(self, "tied", 1) > 1 else str(self.rank)


class ArtificialResult(models.Model):
    """An organizer's artificial result of a duplicate board at a table (RULINGS.md, "Duplicate
    Tichu"): average, average plus or average minus for each direction, scored in place of the
    table's result of that board (``number``: the board's hand number at the table)."""

    class Kind(models.TextChoices):
        AVERAGE = "average", "average"
        AVERAGE_PLUS = "average_plus", "average plus"
        AVERAGE_MINUS = "average_minus", "average minus"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="artificial_results")
    number = models.PositiveIntegerField()
    ns = models.CharField(max_length=16, choices=Kind.choices)
    ew = models.CharField(max_length=16, choices=Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number"], name="one_artificial_result_per_board_and_table"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="artificial_result_number_positive"
            ),
        ]

    def __str__(self):
        return f"artificial result of hand {self.number} at {self.table}"


class BoardScore(models.Model):
    """A pair's score on one board of a duplicate event, as the standings worker last computed
    it (derived data, like ``StandingRow``): the direction it sat (0 North-South, 1 East-West),
    its result (its Tichu points minus the opponents'; None for an artificial result), its
    matchpoints (Neuberg-scaled; None when artificial or butler) and its ``value``: the
    percentage, or the butler score."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="board_scores")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="board_scores")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    board = models.PositiveIntegerField()
    direction = models.PositiveSmallIntegerField()
    result = models.IntegerField(null=True, blank=True)
    artificial = models.CharField(max_length=16, blank=True, default="")
    matchpoints = models.FloatField(null=True, blank=True)
    value = models.FloatField()

    class Meta:
        ordering = ["event_id", "board", "direction", "table_id"]
        constraints = [
            models.UniqueConstraint(fields=["entrant", "board"], name="one_score_per_pair_board"),
        ]
        indexes = [models.Index(fields=["event", "board"], name="board_scores_of_event")]

    def __str__(self):
        return f"{self.entrant_id} on board {self.board}: {self.value}"


class StandingsChange(models.Model):
    """A change the standings worker has not applied yet, written in the change's transaction.

    ``table`` names a table whose hands changed: the worker recomputes only the entrants seated
    there. No table means a structural change (a round paired, a withdrawal, a closed table), after
    which the worker recomputes the whole event. The worker deletes the rows it applies inside its
    own transaction, so a change outlives a broker outage or a worker crash until it is applied.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    def __str__(self):
        return f"standings change of {self.event_id} at table {self.table_id}"


class Match(models.Model):
    """A match of a cup (``tournaments.knockout``): two teams, the best of ``best_of`` games.

    Stored for the whole cup at its draw, so that the bracket shows every match to come: a team is
    empty until the match that feeds it is decided. A group match is numbered within its group
    round; a bracket match by its slot in its bracket round (``level``: 1 is the first round), the
    third-place match in the final's round. ``decided_by`` says how the winner was found: at the
    table, by a bye, or by a walkover (the opponent withdrew). ``attention`` tells the organizer
    what a correction changed that this match cannot follow by itself because it was already
    played: a code and its parameters (``knockout.progress``), worded by the pages.
    """

    class Stage(models.TextChoices):
        GROUP = "group", "group"
        BRACKET = "bracket", "bracket"
        THIRD_PLACE = "third_place", "third place"

    class Decision(models.TextChoices):
        OPEN = "", "open"
        PLAYED = "played", "played"
        BYE = "bye", "bye"
        WALKOVER = "walkover", "walkover"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="matches")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    stage = models.CharField(max_length=12, choices=Stage.choices)
    group = models.PositiveSmallIntegerField(null=True, blank=True)
    level = models.PositiveSmallIntegerField()
    slot = models.PositiveSmallIntegerField()
    entrant_a = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    entrant_b = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    seed_a = models.PositiveSmallIntegerField(null=True, blank=True)
    seed_b = models.PositiveSmallIntegerField(null=True, blank=True)
    best_of = models.PositiveSmallIntegerField(default=1)
    winner = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    decided_by = models.CharField(
        max_length=10, choices=Decision.choices, blank=True, default=Decision.OPEN
    )
    attention = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["event_id", "stage", "level", "group", "slot"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "stage", "level", "slot"], name="one_match_per_place"
            ),
            models.CheckConstraint(
                condition=Q(best_of__gte=1) & Q(best_of__lte=9), name="match_best_of_1_to_9"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True)
                | Q(winner=models.F("entrant_a"))
                | Q(winner=models.F("entrant_b")),
                name="match_winner_plays_it",
            ),
            models.CheckConstraint(
                condition=Q(entrant_a__isnull=True) | ~Q(entrant_a=models.F("entrant_b")),
                name="match_of_two_teams",
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True, decided_by="")
                | (Q(winner__isnull=False) & ~Q(decided_by="")),
                name="match_decided_with_a_winner",
            ),
        ]

    def __str__(self):
        return f"{self.stage} {self.level}.{self.slot} of {self.event}"

    @property
    def teams(self) -> tuple[int | None, int | None]:
        return self.entrant_a_id, self.entrant_b_id


class MatchGame(models.Model):
    """A game of a match, played at its own table (a captain's code per game): game 1 seats the
    match's first team in seats 0 and 2, and the teams swap seats for each further game."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="game")

    class Meta:
        ordering = ["match_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"], name="one_game_per_match_and_number"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="game_number_positive"),
        ]

    def __str__(self):
        return f"game {self.number} of {self.match}"


class Series(SearchableName):
    """Events of a register grouped for a table across them: a season of club evenings, a
    qualification circuit, a league's seasons. Each event gives its people series points by
    placing (``points``: scaled by the field, or a fixed ``points_table``); the best ``best_k``
    events of each person count (all when None); the first ``qualifying`` are marked
    (``tournaments.series``)."""

    class Points(models.TextChoices):
        FIELD = "field", "100 x (N - place + 1) / N"
        TABLE = "table", "fixed table"

    register = models.ForeignKey(Register, on_delete=models.CASCADE, related_name="series")
    name = models.CharField(max_length=120)
    points = models.CharField(max_length=10, choices=Points.choices, default=Points.FIELD)
    points_table = models.JSONField(default=list, blank=True)  # points of place 1, 2, ...
    best_k = models.PositiveIntegerField(null=True, blank=True)
    qualifying = models.PositiveIntegerField(default=0)
    events = models.ManyToManyField(Event, blank=True, related_name="series")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["register", "name"], name="series_name_in_register"),
            models.CheckConstraint(
                condition=Q(points__in=["field", "table"]), name="series_points"
            ),
            models.CheckConstraint(
                condition=Q(best_k__isnull=True) | Q(best_k__gte=1), name="series_best_k_positive"
            ),
        ]

    def __str__(self):
        return self.name


class Rating(models.Model):
    """A person's rating as the register's last computation left it (``tournaments.ratings``):
    the estimated strength ``mu`` with its uncertainty ``sigma``, from ``hands`` hands. Derived
    data: recomputed from the register's hands, identical when recomputed from scratch."""

    register = models.ForeignKey(Register, on_delete=models.CASCADE, related_name="ratings")
    person = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    hands = models.PositiveIntegerField()

    class Meta:
        indexes = [models.Index(fields=["register", "hands"], name="register_ratings")]

    def __str__(self):
        return f"{self.person_id}: {self.mu:.1f} +- {self.sigma:.1f}"


class RatingPoint(models.Model):
    """A person's rating after an event of their register (the chart on their page)."""

    person = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_history")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    mu = models.FloatField()
    sigma = models.FloatField()
    hands = models.PositiveIntegerField()

    class Meta:
        ordering = ["person_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["person", "event"], name="one_rating_point_per_event")
        ]

    def __str__(self):
        return f"{self.person_id} after {self.event_id}: {self.mu:.1f}"
