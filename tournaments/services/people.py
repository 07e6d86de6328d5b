"""People of a register: who an entrant is, two records of one person made one, hidden, erased.

Tournament rules implemented here (RULINGS, "People, series and ratings"):

- Every event belongs to a register (its owner's own one unless another they keep is chosen);
  every entrant, roster member and seated player is a person of it.
- Names are not identities. Registering a name links to a person: an *exact* match (the same
  name and the same club or city, however spelt: "Mueller" is "Müller") links by itself; other
  fits (the same name with another club, a close spelling) are offered and the organizer
  confirms one or asks for a new person (``PersonToConfirm``); a new person is created by itself
  only when nobody fits. Someone already entered in the event is never offered again for it.
- Two records of one person can be merged when they never played in the same event; the merge
  moves exactly the entries, roster places and seats of one to the other and is undone by
  moving those back, unless a later merge took the kept record on (it names that merge). The
  merge and its undo are recorded in the history of each event whose entries they moved.
- A person may be hidden from public pages, and erased: name, club and e-mail are blanked, their
  entries' names too; the results stay, shown under "erased player".
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import partial

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from ..collation import fold, sounds, spellings
from ..models import (
    Change,
    Entrant,
    Event,
    Membership,
    PersonMerge,
    Player,
    Register,
    Seat,
)
from ..ratings import schedule as ratings_schedule
from ..standings import cache as standings_cache
from .history import Actor, Conflict, ServiceError, record_in_events
from .names import clean_club, clean_email, clean_name

NEW = "new"
"""The organizer's answer "a new person" where a name was offered people of the register."""

MAX_CANDIDATES = 5
SEARCHED = 200  # at most this many people sharing a word with a name are compared with it
TYPO_RATIO = 0.9  # folded names this alike differ by a typo ("Anna Müler", "Anna Müller")

EXACT_OR_NEW = "exact_or_new"
"""Asking nobody: the one exact match, else a new person. For those who cannot be asked: a
simulation's bots, a backup's import (whose likely duplicates the register offers afterwards)."""

PersonChoice = Player | int | str | None
"""What the organizer chose for a name: a person (or their id), ``NEW``, or None: decide by the
rule above."""


@dataclass(frozen=True)
class Candidate:
    """A person of the register who may be the one registered, and why (``fit``: ``exact``,
    ``other_club``, ``close_name``)."""

    person: Player
    fit: str

    @property
    def exact(self) -> bool:
        return self.fit == "exact"


class PersonToConfirm(Conflict):
    """A name fits people of the register: the organizer confirms one or asks for a new person.
    ``candidates`` are offered; ``index`` is the place of the name in a list."""

    def __init__(
        self,
        name: str,
        candidates: list[Candidate],
        *,
        index: int | None = None,
        member: int | None = None,
    ):
        super().__init__(
            _("%(name)s may be someone already in your register: choose the person, or a new one.")
            % {"name": name},
            field="person",
            code="person_to_confirm",
        )
        self.name = name
        self.candidates = candidates
        self.index = index
        self.member = member


def own_register(user) -> Register:
    """The register an organizer's events belong to unless they choose another: their first
    own one, made (named after them) when they have none yet."""
    register = Register.objects.filter(owner=user).order_by("id").first()
    if register is None:
        register = Register.objects.create(owner=user, name=user.get_username())
    return register


def registers_kept_by(user):
    """The registers an organizer keeps: their own and those shared with them."""
    return Register.objects.filter(Q(owner=user) | Q(organizers=user)).distinct()


def active_people(register: Register):
    """The register's people as they are offered and listed: neither merged away nor erased."""
    return Player.objects.filter(
        register=register, merged_into__isnull=True, erased_at__isnull=True
    )


def people_in_event(event: Event) -> set[int]:
    """The persons already entered in an event, alone or on a team's roster."""
    return set(
        Entrant.objects.filter(event=event, player__isnull=False).values_list(
            "player_id", flat=True
        )
    ) | set(Membership.objects.filter(event=event).values_list("player_id", flat=True))


class RegisterPeople:
    """A register's people as a list of names is linked to them: read once (one query), each
    name's candidates then found in memory through the words and sounds of their names, and the
    people the list creates added as it goes. A query per name took minutes for a file of ten
    thousand names; this takes seconds, and one name costs a read of the register."""

    def __init__(self, register: Register):
        self.register = register
        self._people: dict[int, Player] = {}
        self._by_word: dict[str, list[int]] = {}
        for person in active_people(register).order_by("id"):
            self._add(person)

    def _add(self, person: Player) -> None:
        """Index a person by every spelling of their names' words and by the words' sounds
        (the stored ``search_name`` and ``sound_name``)."""
        self._people[person.pk] = person
        for key in {*person.search_name.split(), *_sound_keys(person.sound_name.split())}:
            self._by_word.setdefault(key, []).append(person.pk)

    def candidates(
        self, name: str, club: str = "", *, exclude: Collection[int] = ()
    ) -> list[Candidate]:
        """The people whom ``name`` (of ``club``) may mean, best first: those who share a word
        of the name however spelt, or its sound, compared whole."""
        words = name.split()
        if not words:
            return []
        keys = {spelling for word in words for spelling in spellings(word)}
        keys |= _sound_keys(sounds(name))
        found = sorted({pk for key in keys for pk in self._by_word.get(key, ())} - set(exclude))
        wanted_name, wanted_club = fold(" ".join(words)), fold(club.strip())
        ranked = []
        for person in (self._people[pk] for pk in found[:SEARCHED]):
            folded = fold(person.name)
            if folded == wanted_name or sorted(folded.split()) == sorted(wanted_name.split()):
                fit = "exact" if fold(person.club) == wanted_club else "other_club"
                ranked.append((0 if fit == "exact" else 1, 0.0, person, fit))
            elif names_alike(person.name, name):
                ratio = SequenceMatcher(None, folded, wanted_name).ratio()
                ranked.append((2, -ratio, person, "close_name"))
        ranked.sort(key=lambda item: (item[0], item[1], fold(item[2].name), item[2].pk))
        return [Candidate(person, fit) for _, _, person, fit in ranked[:MAX_CANDIDATES]]

    def create(self, name: str, club: str) -> Player:
        """A new person of the register, a candidate for the names that follow."""
        person = Player.objects.create(register=self.register, name=name, club=club)
        self._add(person)
        return person

    def chosen(self, choice: Player | int | str, *, taken: Collection[int]) -> Player:
        """The person the organizer named for an entry: of the register, neither merged away
        nor erased, not yet in the event."""
        person_id = choice.pk if isinstance(choice, Player) else choice
        try:
            if isinstance(person_id, bool) or not 0 < int(person_id) < 2**63:
                raise ValueError(person_id)  # no id: a database refuses ids beyond 64 bits
            person = self._people[int(person_id)]
        except (KeyError, TypeError, ValueError):
            raise ServiceError(
                _("No such person in the event's register."), field="person", code="unknown_person"
            ) from None
        if person.pk in taken:
            raise Conflict(
                _("%(name)s is already entered in this event.") % {"name": person.name},
                field="person",
                code="person_already_entered",
            )
        return person


def _sound_keys(codes: Iterable[str]) -> set[str]:
    """A word's sound as an index key, apart from every spelling (a spelling has no "#")."""
    return {f"#{code}" for code in codes}


def resolve_person(
    people: RegisterPeople,
    name: str,
    club: str,
    choice: PersonChoice,
    *,
    taken: set[int],
    index: int | None = None,
    member: int | None = None,
) -> Player:
    """The person a registered name links to (``choice``, or the rule of the module), created
    when new. ``taken`` holds the persons already in the event, and receives this one: a list
    registered at once never links two names to one person. A refusal carries the place of the
    name (``index`` in the list, ``member`` of a team). Call inside the registration's
    transaction."""
    if choice == NEW:
        person = people.create(name, club)
    elif choice == EXACT_OR_NEW:
        same = [fit.person for fit in people.candidates(name, club, exclude=taken) if fit.exact]
        person = same[0] if len(same) == 1 else people.create(name, club)
    elif choice is None:
        fits = people.candidates(name, club, exclude=taken)
        exact = [fit for fit in fits if fit.exact]
        if len(exact) == 1:
            person = exact[0].person
        elif not fits:
            person = people.create(name, club)
        else:
            raise PersonToConfirm(name, fits, index=index, member=member)
    else:
        try:
            person = people.chosen(choice, taken=taken)
        except ServiceError as error:
            error.index, error.member = index, member
            raise
    taken.add(person.pk)
    return person


def imported_person(people: RegisterPeople, person: Mapping[str, str | None], *, taken: set[int]):
    """The person a backup's entry names, in the importing register: the same person (by their
    public address) when the register holds them, else the one exact match of name and club,
    else a new person. An import asks no question; the register offers likely duplicates for
    merging afterwards. ``taken`` as in ``resolve_person``."""
    found = (
        active_people(people.register)
        .filter(public_id=person.get("public_id") or "")
        .exclude(pk__in=taken)
        .first()
    )
    if found is not None:
        taken.add(found.pk)
        return found
    found = resolve_person(
        people, person["name"] or "", person.get("club") or "", EXACT_OR_NEW, taken=taken
    )
    if person.get("email") and not found.email:
        found.email = person["email"] or ""
        found.save(update_fields=["email"])
    return found


def likely_duplicates(register: Register) -> list[tuple[Player, Player]]:
    """Pairs of the register's people who may be one person (the same name however spelt, or
    one spelt closely) and never played in one event: offered for merging, never merged by
    themselves."""
    people = list(active_people(register).order_by("id"))
    by_surname: dict[str, list[Player]] = {}  # alike names share their last word's sound
    for person in people:
        by_surname.setdefault(" ".join(sounds(person.name)[-1:]), []).append(person)
    pairs: dict[tuple[int, int], tuple[Player, Player]] = {}
    for group in by_surname.values():
        for i, first in enumerate(group):
            for second in group[i + 1 :]:
                key = (first.pk, second.pk)
                if key not in pairs and names_alike(first.name, second.name):
                    pairs[key] = (first, second)
    events = _events_of([person.pk for pair in pairs.values() for person in pair])
    return [
        pair
        for key, pair in sorted(pairs.items())
        if not events.get(key[0], set()) & events.get(key[1], set())
    ]


def names_alike(first: str, second: str) -> bool:
    """Two names that may be one person's: spelt with a typo ("Anna Müler"), or sounding alike
    in German (Kölner Phonetik: "Anna Meyer", "Ana Maier"), or with a first name cut to its
    initial ("A. Meyer"). "Felix Richter" and "Felix Fischer" are not alike."""
    a, b = fold(first), fold(second)
    if sorted(a.split()) == sorted(b.split()) or SequenceMatcher(None, a, b).ratio() >= TYPO_RATIO:
        return True
    words_a, words_b = a.replace(".", " ").split(), b.replace(".", " ").split()
    if len(words_a) < 2 or len(words_b) < 2:
        return False
    return sounds(words_a[-1]) == sounds(words_b[-1]) and _first_names_alike(words_a[0], words_b[0])


def _first_names_alike(a: str, b: str) -> bool:
    if len(a) == 1 or len(b) == 1:  # an initial
        return a[0] == b[0]
    return sounds(a) == sounds(b)


def _events_of(person_ids: Iterable[int]) -> dict[int, set[int]]:
    """The events each person played in, alone or on a roster."""
    ids = list(set(person_ids))
    events: dict[int, set[int]] = {}
    for person_id, event_id in Entrant.objects.filter(player_id__in=ids).values_list(
        "player_id", "event_id"
    ):
        events.setdefault(person_id, set()).add(event_id)
    for person_id, event_id in Membership.objects.filter(player_id__in=ids).values_list(
        "player_id", "event_id"
    ):
        events.setdefault(person_id, set()).add(event_id)
    return events


def person_merge(*, kept: Player, merged: Player, actor: Actor) -> PersonMerge:
    """Make ``merged`` one with ``kept``: its entries, roster places and seats move to ``kept``;
    ``merged`` stays as a record pointing to ``kept``, for the history and for an undo."""
    with transaction.atomic():
        first, second = sorted([kept.pk, merged.pk])
        locked = {
            p.pk: p
            for p in Player.objects.select_for_update(no_key=True).filter(pk__in=[first, second])
        }
        kept, merged = locked.get(kept.pk, kept), locked.get(merged.pk, merged)
        if kept.pk == merged.pk:
            raise ServiceError(
                _("A person cannot be merged with themself."), field="merged", code="same_person"
            )
        if kept.register_id != merged.register_id:
            raise ServiceError(
                _("Only two people of one register can be merged."),
                field="merged",
                code="other_register",
            )
        for person in (kept, merged):
            if person.merged_into_id is not None or person.erased:
                raise Conflict(
                    _("%(name)s was merged into another record or erased.")
                    % {"name": person.name or _("erased player")},
                    field="merged",
                    code="person_not_active",
                )
        events = _events_of([kept.pk, merged.pk])
        shared = events.get(kept.pk, set()) & events.get(merged.pk, set())
        if shared:
            event = Event.objects.filter(pk__in=shared).order_by("id").first()
            raise Conflict(
                _("Both played in %(event)s: they are two people.") % {"event": event},
                field="merged",
                code="played_together",
            )
        moved = {
            "entrants": list(Entrant.objects.filter(player=merged).values_list("pk", flat=True)),
            "memberships": list(
                Membership.objects.filter(player=merged).values_list("pk", flat=True)
            ),
            "seats": list(Seat.objects.filter(player=merged).values_list("pk", flat=True)),
        }
        _move(moved, to=kept)
        merged.merged_into = kept
        merged.save(update_fields=["merged_into"])
        ratings_schedule.mark_changed(kept.register_id)
        merge = PersonMerge.objects.create(
            register_id=kept.register_id, kept=kept, merged=merged, moved=moved, actor=actor.label
        )
        _merge_recorded(merge, "merge", actor)
        return merge


def merge_undo(merge: PersonMerge, *, actor: Actor) -> PersonMerge:
    """Undo a merge: what it moved goes back, and both records are people again. Refused when a
    later merge took the kept record on, or moved what this one moved (it is named)."""
    with transaction.atomic():
        merge = PersonMerge.objects.select_for_update(no_key=True).get(pk=merge.pk)
        if merge.undone_at is not None:
            raise Conflict(
                _("This merge was already undone."), field="merge", code="already_undone"
            )
        later = (
            PersonMerge.objects.filter(
                Q(merged=merge.kept) | Q(kept=merge.merged) | Q(merged=merge.merged),
                undone_at__isnull=True,
                pk__gt=merge.pk,
            )
            .select_related("kept", "merged")
            .order_by("pk")
            .first()
        )
        if later is not None:
            raise Conflict(
                _(
                    "A later merge (%(merged)s into %(kept)s) builds on this one: undo that one "
                    "first."
                )
                % {"merged": later.merged.name, "kept": later.kept.name},
                field="merge",
                code="later_merge",
            )
        _move(merge.moved, to=merge.merged)
        Player.objects.filter(pk=merge.merged_id).update(merged_into=None)
        merge.undone_at = timezone.now()
        merge.undone_by = actor.label
        merge.save(update_fields=["undone_at", "undone_by"])
        ratings_schedule.mark_changed(merge.register_id)
        _merge_recorded(merge, "unmerge", actor)
        return merge


PERSON = "person"
"""The history's subject of a merge's rows (``views.history_words`` words them)."""


def _merge_recorded(merge: PersonMerge, action: str, actor: Actor) -> None:
    """A merge (or its undo, ``unmerge``) in the history of each event whose entries, roster
    places or seats it moved: the two records as they were named then."""
    moved = merge.moved
    events = [
        *Entrant.objects.filter(pk__in=moved.get("entrants", [])).values_list(
            "event_id", flat=True
        ),
        *Membership.objects.filter(pk__in=moved.get("memberships", [])).values_list(
            "event_id", flat=True
        ),
        *Seat.objects.filter(pk__in=moved.get("seats", [])).values_list(
            "table__round__event_id", flat=True
        ),
    ]
    people = Player.objects.in_bulk([merge.kept_id, merge.merged_id])
    kept, merged = people[merge.kept_id], people[merge.merged_id]
    record_in_events(
        events,
        subject=PERSON,
        subject_id=merge.pk,
        action=action,
        actor=actor,
        old={"person": merged.pk, "name": merged.name, "club": merged.club},
        new={"person": kept.pk, "name": kept.name, "club": kept.club},
    )


def _move(moved: dict[str, list[int]], *, to: Player) -> None:
    Entrant.objects.filter(pk__in=moved.get("entrants", [])).update(player=to)
    Membership.objects.filter(pk__in=moved.get("memberships", [])).update(player=to)
    Seat.objects.filter(pk__in=moved.get("seats", [])).update(player=to)


def person_create(
    *, register: Register, name: str, club: str = "", email: str = "", user
) -> Player:
    """A new person of ``register`` (one ``user`` keeps), added by hand: before any event, or
    to merge records into."""
    if not register.is_organizer(user):
        raise ServiceError(
            _("You do not keep this register."), field="register", code="unknown_register"
        )
    return Player.objects.create(
        register=register,
        name=clean_name(name, "name"),
        club=clean_club(club),
        email=clean_email(email),
    )


def person_update(person: Player, *, hidden: bool | None = None, **fields: str) -> Player:
    """Change what the register keeps of a person: ``name``, ``club``, ``email``, whether they
    are ``hidden`` from public pages. Entries keep the name they were registered under."""
    if person.erased:
        raise Conflict(
            _("An erased person cannot be changed."), field="person", code="person_erased"
        )
    if "name" in fields:
        person.name = clean_name(fields["name"], "name")
    if "club" in fields:
        person.club = clean_club(fields["club"])
    if "email" in fields:
        person.email = clean_email(fields["email"])
    if hidden is not None:
        person.hidden = hidden
    person.save()
    return person


def person_erase(person: Player, *, actor: Actor) -> Player:
    """Erase a person, as people in Germany may ask: their name, club and e-mail are blanked in
    the register, in every entry and roster place that named them, and in the events' histories
    (and so in their backups); their results stay under "erased player". Not undoable: nothing
    of them is kept to restore."""
    with transaction.atomic():
        person = Player.objects.select_for_update(no_key=True).get(pk=person.pk)
        if person.erased:
            return person
        records = [person.pk, *person.merged_records.values_list("pk", flat=True)]
        entries = Entrant.objects.filter(player_id__in=records)
        names = {
            *Player.objects.filter(pk__in=records).values_list("name", flat=True),
            *entries.values_list("name", flat=True),
        } - {""}
        entrant_ids = list(entries.values_list("pk", flat=True))
        merges = PersonMerge.objects.filter(Q(kept_id__in=records) | Q(merged_id__in=records))
        event_ids = (
            set(entries.values_list("event_id", flat=True))
            | set(
                Membership.objects.filter(player_id__in=records).values_list("event_id", flat=True)
            )
            | set(  # a merge's rows name both records, also where the other one played
                Change.objects.filter(
                    subject=PERSON, subject_id__in=merges.values("pk")
                ).values_list("event_id", flat=True)
            )
        )
        Player.objects.filter(pk__in=records).update(
            name="",
            club="",
            email="",
            search_name="",
            sound_name="",
            hidden=True,
            erased_at=timezone.now(),
        )
        entries.update(name="", club="", search_name="")
        for membership in Membership.objects.filter(player_id__in=records):
            membership.person = f"erased:{membership.pk}"
            membership.save(update_fields=["person"])
        _scrub_history(event_ids, names, set(entrant_ids), set(records))
        for event_id in event_ids:
            transaction.on_commit(partial(standings_cache.field_changed, event_id))
        person.refresh_from_db()
        return person


def _scrub_history(
    event_ids: set[int], names: set[str], entrant_ids: set[int], records: set[int]
) -> None:
    """Blank an erased person's names in the history of their events: every string equal to one
    of ``names``, and the club recorded for their entries and for their records in a merge's
    rows."""
    changed = []
    for change in Change.objects.filter(event_id__in=event_ids).iterator():
        own_entry = change.subject == "entrant" and change.subject_id in entrant_ids
        old, new = change.old, change.new
        if change.subject == PERSON:
            old, new = (_record_blanked(value, records) for value in (old, new))
        old, new = (_blanked(value, names, own_entry) for value in (old, new))
        if (old, new) != (change.old, change.new):
            change.old, change.new = old, new
            changed.append(change)
    Change.objects.bulk_update(changed, ["old", "new"], batch_size=500)


def _record_blanked(value, records: set[int]):
    """A merge's snapshot of a record, its name and club blanked when it is one of ``records``."""
    if isinstance(value, dict) and value.get("person") in records:
        return value | {"name": "", "club": ""}
    return value


def _blanked(value, names: set[str], own_entry: bool):
    if isinstance(value, str):
        return "" if value in names else value
    if isinstance(value, list):
        return [_blanked(item, names, own_entry) for item in value]
    if isinstance(value, dict):
        return {
            key: "" if own_entry and key == "club" else _blanked(item, names, own_entry)
            for key, item in value.items()
        }
    return value
