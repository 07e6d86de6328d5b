"""Statements of the hot write path (a captain's hand entry), without the ORM's per-call query
compilation, and sent to the database in as few round trips as it allows.

``Model.objects.create`` builds and compiles its INSERT anew on every call; on the hand entry path
that costs more than the statement itself. Here the statement text is built once per model and
each call only prepares its values exactly as the ORM's insert does (``pre_save``, then
``get_db_prep_save``): defaults, automatic dates, JSON and time zones come out the same as with
``save``. No signals are sent (the project registers none).

``first_rows`` runs several statements in one round trip on PostgreSQL; a row inserted by one of
them is referred to by the next ones with ``LastId``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Model

Statement = tuple[str, list]


@dataclass(frozen=True)
class LastId:
    """A field value standing for the id of the ``model`` row inserted last on this connection:
    by a statement before, in the same ``first_rows``."""

    model: type[Model]

    def sql(self) -> str:
        meta = self.model._meta
        if connection.vendor == "postgresql":
            return f"currval(pg_get_serial_sequence('{meta.db_table}', '{meta.pk.column}'))"
        return "last_insert_rowid()"


def insert(obj: Model) -> None:
    """Insert ``obj`` as ``obj.save(force_insert=True)`` would and set its id."""
    (row,) = first_rows(insert_statement(obj, returning=True))
    inserted(obj, row[0])


def inserted(obj: Model, pk: int) -> None:
    """``obj`` was inserted (``insert_statement``) and given ``pk``: as after ``save``."""
    obj.pk = pk
    obj._state.adding = False
    obj._state.db = connection.alias


def insert_statement(obj: Model, *, returning: bool = False) -> Statement:
    """The INSERT of ``obj``, answering its id when ``returning``."""
    db = connections[DEFAULT_DB_ALIAS]  # once: each use of the ``connection`` proxy looks it up
    placeholders, params = [], []
    for field in _fields(type(obj)):
        value = field.pre_save(obj, True)
        if isinstance(value, LastId):
            placeholders.append(value.sql())
        else:
            placeholders.append("%s")
            params.append(field.get_db_prep_save(value, db))
    return _insert_sql(type(obj), tuple(placeholders), returning), params


def first_rows(*statements: Statement) -> list[tuple | None]:
    """Run ``statements`` in order in the caller's transaction; the first row each answers
    (None for those that answer none). One round trip on PostgreSQL (``all_rows``)."""
    return [answer[0] if answer else None for answer in all_rows(*statements)]


def all_rows(*statements: Statement) -> list[list[tuple]]:
    """Run ``statements`` in order in the caller's transaction; the rows each answers.

    PostgreSQL runs several statements sent as one query, so they cost one round trip there,
    each with a snapshot of its own, taken when the one before has finished (and, say, got its
    locks). The parameters are merged into the text on the client, as Django's PostgreSQL
    cursors do unless the ``server_side_binding`` option is set; then, and elsewhere, the
    statements run one by one.
    """
    with connection.cursor() as cursor:
        if not _one_query_allowed():
            found = []
            for sql, params in statements:
                cursor.execute(sql, params)
                found.append(_rows(cursor))
            return found
        cursor.execute(
            "; ".join(sql for sql, _ in statements),
            [value for _, params in statements for value in params],
        )
        found = [_rows(cursor)]
        while cursor.nextset():
            found.append(_rows(cursor))
        return found


def _rows(cursor) -> list[tuple]:
    return cursor.fetchall() if cursor.description is not None else []


def _one_query_allowed() -> bool:
    return connection.vendor == "postgresql" and not connection.settings_dict["OPTIONS"].get(
        "server_side_binding"
    )


@cache
def _fields(model: type[Model]) -> tuple:
    return tuple(field for field in model._meta.concrete_fields if not field.primary_key)


@cache
def _insert_sql(model: type[Model], placeholders: tuple[str, ...], returning: bool) -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in _fields(model))
    result = f" RETURNING {quote(model._meta.pk.column)}" if returning else ""
    return (
        f"INSERT INTO {quote(model._meta.db_table)} ({columns}) "
        f"VALUES ({', '.join(placeholders)}){result}"
    )
