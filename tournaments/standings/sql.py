"""The standings as set-based SQL: round results, bye credits, lines, tie-breaks and ranks.

Why SQL: a national league holds a million hands; any Python loop over them costs seconds, while
PostgreSQL aggregates them in well under one. Each rule of ``standings`` is written here once, as
one SQL fragment (the tie-breaks' in ``tiebreaks``), and the fragments compose two ways:

- *stored*: statements that bring ``RoundResult`` and ``StandingRow`` up to date for a ``Scope``
  (the whole event, or the entrants seated at the tables that changed), writing only the rows that
  differ (ranks are not stored: readers number the rows in ``rank_keys`` order);
- *computed*: one read-only query that derives the same lines without writing (``compute``, used by
  pairing and by the tests that check stored == computed).

Every statement runs on PostgreSQL and on SQLite (3.39 or later, for FULL JOIN): the few
functions that differ (JSON) are chosen by ``Dialect``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..choices import ByeCredit, EntrantType
from ..models import (
    Bye,
    Entrant,
    Hand,
    HandSeat,
    Round,
    RoundResult,
    Seat,
    StandingRow,
    Table,
)
from .tiebreaks import TIEBREAKS, ColumnTiebreak, Sources
from .vp_schemes import VP_SCHEMES, TableStatuses

HAND = Hand._meta.db_table
HAND_SEAT = HandSeat._meta.db_table
TABLE = Table._meta.db_table
SEAT = Seat._meta.db_table
ROUND = Round._meta.db_table
BYE = Bye._meta.db_table
ENTRANT = Entrant._meta.db_table
RESULT = RoundResult._meta.db_table
ROW = StandingRow._meta.db_table
STATUSES = TableStatuses(open=Table.Status.OPEN, averaged=Table.Status.AVERAGED)


@dataclass(frozen=True)
class Dialect:
    """The SQL that differs between PostgreSQL and SQLite: building and reading JSON."""

    vendor: str

    def json_object(self, pairs: list[tuple[str, str]]) -> str:
        function = "jsonb_build_object" if self.vendor == "postgresql" else "json_object"
        arguments = ", ".join(f"'{key}', {value}" for key, value in pairs)
        return f"{function}({arguments})"

    def json_int(self, column: str, key: str) -> str:
        if self.vendor == "postgresql":
            return f"CAST({column} ->> '{key}' AS bigint)"
        return f"json_extract({column}, '$.{key}')"

    def call_made(self, entry: str, position: str) -> str:
        """True when the call of the player at ``position`` was made (the engine's verdict)."""
        if self.vendor == "postgresql":
            return f"({entry} -> 'tichu_success' ->> CAST({position} AS text)) = 'true'"
        return f"json_extract({entry}, '$.tichu_success.\"' || {position} || '\"') = 1"


@dataclass(frozen=True)
class Scope:
    """Which rows a computation covers: a whole event, or the seats at some tables.

    A whole event (``whole_event``): ``rounds``, all of its rounds; ``table_ids``, the lowest and
    highest id of their tables; ``split``, its rounds in parts, diffed side by side
    (``seat_result_changes``).
    Some tables (``at_tables``, after hands changed there): ``tables_changed``; ``seated``, the
    (round, entrant) of their seats, whose round results are recomputed; the bye credits and
    lines of those entrants over all rounds.
    """

    event_id: int
    rounds: tuple[int, ...] = ()
    table_ids: tuple[int | None, int | None] = (None, None)
    split: tuple[Scope, ...] = ()
    tables_changed: tuple[int, ...] | None = None
    seated: tuple[tuple[int, int], ...] = ()

    @classmethod
    def whole_event(cls, cursor, event_id: int, parts: int = 1) -> Scope:
        """The whole event; with ``parts`` > 1, its rounds split into that many runs of about
        as many tables each (each run with its own range of table ids, see ``hands``)."""
        cursor.execute(
            f"SELECT r.id, MIN(t.id), MAX(t.id), COUNT(t.id) FROM {ROUND} r "
            f"LEFT JOIN {TABLE} t ON t.round_id = r.id WHERE r.event_id = %s "
            f"GROUP BY r.id ORDER BY r.id",
            [event_id],
        )
        rounds = cursor.fetchall()
        runs = _runs(rounds, parts)
        split = tuple(cls._of(event_id, run) for run in runs) if len(runs) > 1 else ()
        return cls._of(event_id, rounds, split)

    @classmethod
    def _of(cls, event_id: int, rounds: list[tuple], split: tuple[Scope, ...] = ()) -> Scope:
        lows = [low for _, low, _, _ in rounds if low is not None]
        highs = [high for _, _, high, _ in rounds if high is not None]
        return cls(
            event_id,
            tuple(r for r, *_ in rounds),
            table_ids=(min(lows, default=None), max(highs, default=None)),
            split=split,
        )

    @classmethod
    def at_tables(
        cls, cursor, event_id: int, table_ids: list[int], *, tables_per_round: bool = False
    ) -> Scope | None:
        """The seats at ``table_ids``; None if nobody sits there. With ``tables_per_round``
        (a cup, whose match plays a table per game in one round), the scope takes in the other
        tables of those entrants in those rounds, whose games their round results sum."""
        tables = tuple(sorted(set(table_ids)))
        listed = ", ".join(["%s"] * len(tables))
        if tables_per_round:
            cursor.execute(
                f"SELECT t.round_id, o.entrant_id, o.table_id FROM {SEAT} s "
                f"JOIN {TABLE} t ON t.id = s.table_id "
                f"JOIN {SEAT} o ON o.entrant_id = s.entrant_id "
                f"JOIN {TABLE} ot ON ot.id = o.table_id AND ot.round_id = t.round_id "
                f"WHERE s.table_id IN ({listed})",
                tables,
            )
            rows = cursor.fetchall()
            tables = tuple(sorted({table for *_, table in rows}))
            seated = tuple(sorted({(round_id, entrant) for round_id, entrant, _ in rows}))
        else:
            cursor.execute(
                f"SELECT t.round_id, s.entrant_id FROM {SEAT} s "
                f"JOIN {TABLE} t ON t.id = s.table_id WHERE s.table_id IN ({listed})",
                tables,
            )
            seated = tuple(sorted(set(cursor.fetchall())))
        return cls(event_id, tables_changed=tables, seated=seated) if seated else None

    @property
    def whole(self) -> bool:
        return self.tables_changed is None

    @property
    def entrants(self) -> tuple[int, ...]:
        """A partial scope's entrants: those seated at its tables."""
        return tuple(sorted({entrant for _, entrant in self.seated}))

    def parts(self) -> tuple[Scope, ...]:
        return self.split or (self,)

    def _in(self, column: str, ids) -> tuple[str, list]:
        if not ids:
            return "1 = 0", []
        return f"{column} IN ({', '.join(['%s'] * len(ids))})", list(ids)

    def event_rounds(self, column: str) -> tuple[str, list]:
        return f"{column} IN (SELECT id FROM {ROUND} WHERE event_id = %s)", [self.event_id]

    def tables(self, alias: str) -> tuple[str, list]:
        """The tables whose hands the scope's round results need."""
        if self.whole:
            return self._in(f"{alias}.round_id", self.rounds)
        return self._in(f"{alias}.id", self.tables_changed)

    def hands(self, alias: str) -> tuple[str, list]:
        """A prefilter on hands for ``tables`` (which the join then applies exactly).

        A whole event reads its hands as one range of table ids from the covering index: a
        hash lookup of each of a million hands in the event's tables would cost more than the
        aggregate itself. Hands of other events' tables inside the range drop out in the join.
        The bounds are values, not subqueries, so that the planner sees how many hands the range
        holds.
        """
        if self.whole:
            return f"{alias}.table_id BETWEEN %s AND %s", list(self.table_ids)
        return self._in(f"{alias}.table_id", self.tables_changed)

    def entrants_of(self, column: str) -> tuple[str, list]:
        if self.whole:
            return f"{column} IN (SELECT id FROM {ENTRANT} WHERE event_id = %s)", [self.event_id]
        return self._in(column, self.entrants)

    def results(self, alias: str) -> tuple[str, list]:
        """The stored round results the scope recomputes (seat results: only its rounds)."""
        if self.whole:
            return self._in(f"{alias}.round_id", self.rounds)
        pairs = ", ".join(["(%s, %s)"] * len(self.seated))
        return (
            f"({alias}.round_id, {alias}.entrant_id) IN ({pairs})",
            [value for pair in self.seated for value in pair],
        )


def _runs(rounds: list[tuple], parts: int) -> list[list[tuple]]:
    """``rounds`` (id, lowest table id, highest, tables) in at most ``parts`` consecutive runs
    of about equal numbers of tables."""
    total = sum(count for *_, count in rounds)
    runs: list[list[tuple]] = [[]]
    done = 0
    for row in rounds:
        if runs[-1] and len(runs) < parts and done >= total * len(runs) / parts:
            runs.append([])
        runs[-1].append(row)
        done += row[3]
    return runs


# --- round results -------------------------------------------------------------------------------


def _table_vp(event_format, team: int) -> tuple[str, list]:
    """A team's VP at a table, from the table's totals ``ht`` and status ``t``: the format's
    scheme's SQL (``vp_schemes``)."""
    return VP_SCHEMES[event_format.vp_scheme].table_vp(event_format, team, STATUSES)


def _missing_hands_credit(event_format) -> tuple[str, str, list]:
    """(VP, TP, params) a seat of table ``t`` (with totals ``ht``) is credited for the table's
    missing hands, once the organizer closed it: the format's scheme's SQL (``vp_schemes``;
    only the DTM's per-hand scheme credits any)."""
    return VP_SCHEMES[event_format.vp_scheme].missing_hands_credit(event_format, STATUSES)


def seat_results(event_format, scope: Scope) -> tuple[str, list]:
    """(round_id, entrant_id, vp, tp, hands, adj_vp, adj_tp) per entrant and round from the hands
    of its table; vp and tp include the credit for a closed table's missing hands, which adj_vp
    and adj_tp give apart.

    Hands are summed per table first (one pass over the hands), then each seat takes its team's
    share. An entrant sits at one table per round (pairing and seat swaps keep it so; the stored
    results' unique key refuses anything else), so a seat is a round result and needs no second
    aggregation, except in a cup, where a match of several games seats its teams at one table per
    game in the same round: there a round result sums the games. A team fills two seats, so in
    team events only seats 0 and 1 count. An entrant
    with a bye in a round has no seat result there (the bye replaces it).
    """
    if event_format.game.per_seat:
        return _per_seat_results(scope)
    tables, table_params = scope.tables("t")
    hands, hand_params = scope.hands("h")
    vp0, vp0_params = _table_vp(event_format, 0)
    vp1, vp1_params = _table_vp(event_format, 1)
    credit_vp, credit_tp, credit_params = _missing_hands_credit(event_format)
    columns = (
        "c.round_id, c.entrant_id, c.vp + c.adj_vp AS vp, c.tp + c.adj_tp AS tp, c.hands, "
        "c.adj_vp, c.adj_tp"
    )
    group = ""
    if event_format.is_cup:
        columns = (
            "c.round_id, c.entrant_id, SUM(c.vp + c.adj_vp) AS vp, "
            "SUM(c.tp + c.adj_tp) AS tp, SUM(c.hands) AS hands, SUM(c.adj_vp) AS adj_vp, "
            "SUM(c.adj_tp) AS adj_tp"
        )
        group = " GROUP BY c.round_id, c.entrant_id"
    sql = f"""
        SELECT {columns}
        FROM (
        SELECT t.round_id, s.entrant_id,
               CASE WHEN s.position %% 2 = 0 THEN {vp0} ELSE {vp1} END AS vp,
               COALESCE(CASE WHEN s.position %% 2 = 0 THEN ht.tp_0 ELSE ht.tp_1 END, 0) AS tp,
               COALESCE(ht.n, 0) AS hands, {credit_vp} AS adj_vp, {credit_tp} AS adj_tp
        FROM {TABLE} t LEFT JOIN (
            SELECT h.table_id, SUM(h.vp_0) AS vp_0, SUM(h.vp_1) AS vp_1,
                   SUM(h.tp_0) AS tp_0, SUM(h.tp_1) AS tp_1, COUNT(*) AS n
            FROM {HAND} h WHERE {hands} GROUP BY h.table_id
        ) ht ON ht.table_id = t.id
        JOIN {SEAT} s ON s.table_id = t.id
        WHERE {tables}{_seated(event_format)}
          AND (t.round_id, s.entrant_id) NOT IN (SELECT round_id, entrant_id FROM {BYE})
        ) c{group}"""
    return sql, [*vp0_params, *vp1_params, *credit_params, *hand_params, *table_params]


def _per_seat_results(scope: Scope) -> tuple[str, list]:
    """``seat_results`` of a game scored per player (``tournaments.games``: Threechu, Grand
    Seigneur): each seat sums its own credits of the table's hands (``HandSeat``, by position),
    not a team's columns. A closed table counts with the hands it has: there is no team to
    credit or to blame for the missing ones."""
    tables, table_params = scope.tables("t")
    hands, hand_params = scope.hands("h")
    sql = f"""
        SELECT t.round_id, s.entrant_id, COALESCE(hs.vp, 0) AS vp, COALESCE(hs.tp, 0) AS tp,
               COALESCE(ht.n, 0) AS hands, 0 AS adj_vp, 0 AS adj_tp
        FROM {TABLE} t JOIN {SEAT} s ON s.table_id = t.id
        LEFT JOIN (
            SELECT h.table_id, COUNT(*) AS n FROM {HAND} h WHERE {hands} GROUP BY h.table_id
        ) ht ON ht.table_id = t.id
        LEFT JOIN (
            SELECT h.table_id, c.position, SUM(c.vp) AS vp, SUM(c.tp) AS tp
            FROM {HAND} h JOIN {HAND_SEAT} c ON c.hand_id = h.id
            WHERE {hands} GROUP BY h.table_id, c.position
        ) hs ON hs.table_id = t.id AND hs.position = s.position
        WHERE {tables}
          AND (t.round_id, s.entrant_id) NOT IN (SELECT round_id, entrant_id FROM {BYE})"""
    return sql, [*hand_params, *hand_params, *table_params]


def _seated(event_format) -> str:
    """The seats that hold a result: all four, or in a team event the team's first seat."""
    return " AND s.position < 2" if event_format.entrant_type == EntrantType.TEAM else ""


def _floor_div(total: str, count: str) -> str:
    """``total // count`` (rounded down, also below zero) for a positive ``count``, in integer
    SQL (PostgreSQL's and SQLite's integer division round towards zero)."""
    rest = f"((({total}) %% ({count}) + ({count})) %% ({count}))"
    return f"((({total}) - {rest}) / ({count}))"


def bye_results(event_format, scope: Scope, source: str) -> tuple[str, list]:
    """(round_id, entrant_id, vp, tp) of each bye in scope: its credit, from the entrant's played
    rounds in ``source`` (round results with a ``bye`` flag), without the credits for closed
    tables' missing hands (points earned per hand played). See ``standings`` for the rule."""
    byes, params = scope.entrants_of("b.entrant_id")
    hands = event_format.hands_per_round
    average = event_format.bye_credit == ByeCredit.AVERAGE
    if average and hands is not None and not event_format.open_ended:
        # per hand actually played, times the hands of a round (RULINGS.md, "Closing a table"):
        # a round cut short counts for the hands it had, not as a whole round; never above that
        # average: VP down to a whole point, TP down to a multiple of 5
        vp = f"CASE WHEN p.n > 0 THEN {_floor_div(f'p.vp * {int(hands)}', 'p.n')} ELSE 0 END"
        tp = (
            f"CASE WHEN p.n > 0 THEN 5 * {_floor_div(f'p.tp * {int(hands)}', '5 * p.n')} ELSE 0 END"
        )
    elif average:  # games to a target: per round played
        vp = f"CASE WHEN p.c > 0 THEN {_floor_div('p.vp', 'p.c')} ELSE 0 END"
        tp = f"CASE WHEN p.c > 0 THEN 5 * {_floor_div('p.tp', '5 * p.c')} ELSE 0 END"
    else:
        vp = tp = "0"
    sql = f"""
        SELECT b.round_id, b.entrant_id, {vp} AS vp, {tp} AS tp
        FROM {BYE} b LEFT JOIN (
            SELECT entrant_id, SUM(victory_points - adjustment_vp) AS vp,
                   SUM(tichu_points - adjustment_tp) AS tp, COUNT(*) AS c, SUM(hands_played) AS n
            FROM {source} WHERE NOT bye AND hands_played > 0 GROUP BY entrant_id
        ) p ON p.entrant_id = b.entrant_id
        WHERE {byes}"""
    return sql, params


def seat_result_changes(event_format, scope: Scope) -> tuple[str, list]:
    """A read-only query of the scope's seat results that differ from the stored ones:
    (round_id, entrant_id, vp, tp, hands, adj_vp, adj_tp), to be written with
    ``write_seat_results``; a stored result that no longer has a seat (a swap, a withdrawal, a
    regenerated round, a bye) comes with vp, tp and hands None,
    to be deleted with ``delete_seat_results``.

    A plain SELECT, not ``INSERT ... SELECT``: PostgreSQL runs a SELECT with parallel workers
    but never a writing statement, and after a full recomputation of a league few rows differ.
    A whole league is diffed in parts (``Scope.split``), one UNION ALL branch each, because the
    per-table sums a part needs cannot be shared between workers: whole branches can (Parallel
    Append), each summing its own tables' hands and comparing its own rounds' results.
    """
    parts = [_seat_result_diff(event_format, part) for part in scope.parts()]
    return " UNION ALL ".join(sql for sql, _ in parts), [p for _, params in parts for p in params]


def _seat_result_diff(event_format, scope: Scope) -> tuple[str, list]:
    new, params = seat_results(event_format, scope)
    stored, stored_params = scope.results("r")
    sql = f"""
        SELECT COALESCE(n.round_id, o.round_id), COALESCE(n.entrant_id, o.entrant_id),
               n.vp, n.tp, n.hands, n.adj_vp, n.adj_tp
        FROM ({new}) n FULL JOIN (SELECT * FROM {RESULT} r WHERE NOT r.bye AND {stored}) o
          ON o.round_id = n.round_id AND o.entrant_id = n.entrant_id
        WHERE o.id IS NULL OR n.entrant_id IS NULL OR o.victory_points <> n.vp
           OR o.tichu_points <> n.tp OR o.hands_played <> n.hands
           OR o.adjustment_vp <> n.adj_vp OR o.adjustment_tp <> n.adj_tp"""
    return sql, [*params, *stored_params]


def write_seat_results(dialect: Dialect, rows: list[tuple]) -> list[tuple[str, list]]:
    """Statements storing ``seat_result_changes``' rows (the deleted ones: see below)."""
    return upserts(
        dialect,
        RESULT,
        RESULT_COLUMNS,
        ("round_id", "entrant_id"),
        [(*row, False) for row in rows if row[2] is not None],
    )


def delete_seat_results(rows: list[tuple]) -> list[tuple[str, list]]:
    """Statements deleting the stale results among ``seat_result_changes``' rows."""
    stale = [(round_id, entrant_id) for round_id, entrant_id, vp, *_ in rows if vp is None]
    return [
        (
            f"DELETE FROM {RESULT} WHERE NOT bye AND (round_id, entrant_id) IN "
            f"({', '.join(['(%s, %s)'] * len(batch))})",
            [value for pair in batch for value in pair],
        )
        for batch in _batches(stale)
    ]


# column: its PostgreSQL type (for ``upserts``' arrays)
RESULT_COLUMNS = {
    "round_id": "bigint",
    "entrant_id": "bigint",
    "victory_points": "integer",
    "tichu_points": "integer",
    "hands_played": "integer",
    "adjustment_vp": "integer",
    "adjustment_tp": "integer",
    "bye": "boolean",
}
BATCH = 500  # rows per statement on SQLite: well under its limit of bound parameters


def upserts(
    dialect: Dialect, table: str, columns: dict[str, str], key: tuple[str, ...], rows: list[tuple]
) -> list[tuple[str, list]]:
    """INSERT ... ON CONFLICT (key) DO UPDATE statements for ``rows``.

    On PostgreSQL one statement whatever the number of rows, each column passed as one array
    (the first computation of a league writes half a million round results: in batches of
    VALUES, parsing and planning them took longer than writing them); on SQLite, batches.
    """
    if not rows:
        return []
    names = ", ".join(columns)
    updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in key)
    conflict = f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}"
    if dialect.vendor == "postgresql":
        arrays = ", ".join(f"%s::{sql_type}[]" for sql_type in columns.values())
        return [
            (
                f"INSERT INTO {table} ({names}) SELECT * FROM unnest({arrays}) {conflict}",
                [list(column) for column in zip(*rows, strict=True)],
            )
        ]
    row = "(" + ", ".join(["%s"] * len(columns)) + ")"
    return [
        (
            f"INSERT INTO {table} ({names}) VALUES {', '.join([row] * len(batch))} {conflict}",
            [value for values in batch for value in values],
        )
        for batch in _batches(rows)
    ]


def _batches(items: list) -> list[list]:
    return [items[start : start + BATCH] for start in range(0, len(items), BATCH)]


def store_bye_results(event_format, scope: Scope) -> list[tuple[str, list]]:
    """Statements that make the scope's stored bye results equal to their credits (computed from
    the stored seat results, so they run after those are written)."""
    new, params = bye_results(event_format, scope, RESULT)
    upsert = f"""
        INSERT INTO {RESULT} (round_id, entrant_id, victory_points, tichu_points, hands_played,
                              adjustment_vp, adjustment_tp, bye)
        SELECT n.round_id, n.entrant_id, n.vp, n.tp, 0, 0, 0, TRUE
        FROM ({new}) n LEFT JOIN {RESULT} o
          ON o.round_id = n.round_id AND o.entrant_id = n.entrant_id
        WHERE o.id IS NULL OR NOT o.bye OR o.victory_points <> n.vp OR o.tichu_points <> n.tp
           OR o.hands_played <> 0 OR o.adjustment_vp <> 0 OR o.adjustment_tp <> 0
        ON CONFLICT (round_id, entrant_id) DO UPDATE SET
            victory_points = excluded.victory_points, tichu_points = excluded.tichu_points,
            hands_played = excluded.hands_played, adjustment_vp = excluded.adjustment_vp,
            adjustment_tp = excluded.adjustment_tp, bye = excluded.bye"""
    entrants, entrant_params = scope.entrants_of("entrant_id")
    stale = f"""
        DELETE FROM {RESULT} WHERE bye AND {entrants} AND NOT EXISTS (
            SELECT 1 FROM {BYE} b WHERE b.round_id = {RESULT}.round_id
            AND b.entrant_id = {RESULT}.entrant_id)"""
    return [(upsert, params), (stale, entrant_params)]


def stored_state(event_id: int) -> tuple[str, list]:
    """One row: does the event have stored standing lines; does it have a bye without its stored
    credit (cheap: an event has few byes)."""
    sql = f"""
        SELECT EXISTS (SELECT 1 FROM {ROW} WHERE event_id = %s),
               EXISTS (SELECT 1 FROM {BYE} b WHERE b.round_id IN (
                           SELECT id FROM {ROUND} WHERE event_id = %s)
                       AND NOT EXISTS (SELECT 1 FROM {RESULT} r WHERE r.round_id = b.round_id
                                       AND r.entrant_id = b.entrant_id AND r.bye))"""
    return sql, [event_id, event_id]


# --- lines and their order ------------------------------------------------------------------


def lines(
    dialect: Dialect,
    event_format,
    scope: Scope,
    source: str,
    ctes: tuple[tuple[str, str, list], ...] = (),
) -> tuple[str, str, list]:
    """(WITH clause, SELECT, params) giving each entrant's line from the round results in
    ``source``: entrant_id, vp, tp, hands, byes, adj_vp, adj_tp, the tie-breaks as JSON, and one
    column ``tb_<i>`` per tie-break of the chain. ``ctes`` (name, sql, params) come first.
    """
    if scope.whole:
        entrants, entrant_params = "TRUE", []
        results, result_params = scope.event_rounds("round_id")
    else:
        entrants, entrant_params = scope.entrants_of("e.id")
        results, result_params = scope.entrants_of("entrant_id")
    totals_sql = f"""
        SELECT e.id AS entrant_id, COALESCE(r.vp, 0) AS vp, COALESCE(r.tp, 0) AS tp,
               COALESCE(r.hands, 0) AS hands, COALESCE(r.byes, 0) AS byes,
               COALESCE(r.adj_vp, 0) AS adj_vp, COALESCE(r.adj_tp, 0) AS adj_tp
        FROM {ENTRANT} e LEFT JOIN (
            SELECT entrant_id, SUM(victory_points) AS vp, SUM(tichu_points) AS tp,
                   SUM(hands_played) AS hands, SUM(CASE WHEN bye THEN 1 ELSE 0 END) AS byes,
                   SUM(CASE WHEN bye THEN victory_points ELSE adjustment_vp END) AS adj_vp,
                   SUM(CASE WHEN bye THEN tichu_points ELSE adjustment_tp END) AS adj_tp
            FROM {source} WHERE {results} GROUP BY entrant_id
        ) r ON r.entrant_id = e.id
        WHERE e.event_id = %s AND {entrants}"""
    ctes = [*ctes, ("totals", totals_sql, [*result_params, scope.event_id, *entrant_params])]
    seats, seat_params = scope.entrants_of("s.entrant_id")
    sources = Sources(
        dialect,
        SEAT,
        HAND,
        "totals",
        seats,
        seat_params,
        team=event_format.entrant_type == EntrantType.TEAM,
        hand_seat=HAND_SEAT,
    )
    joins, values = [], []
    for index, name in enumerate(event_format.tiebreaks):
        tiebreak = TIEBREAKS[name]
        if isinstance(tiebreak, ColumnTiebreak):
            values.append((name, f"l.{tiebreak.in_totals[0]}"))
            continue
        ctes.append((f"tb{index}", *tiebreak.relation(sources)))
        joins.append(f"LEFT JOIN tb{index} ON tb{index}.entrant_id = l.entrant_id")
        values.append((name, f"COALESCE(tb{index}.value, 0)"))
    with_sql = "WITH " + ",\n".join(f"{name} AS ({sql})" for name, sql, _ in ctes)
    columns = "".join(f", {value} AS tb_{index}" for index, (_, value) in enumerate(values))
    select = f"""
        SELECT l.entrant_id, l.vp, l.tp, l.hands, l.byes, l.adj_vp, l.adj_tp,
               {dialect.json_object(values)} AS tiebreaks{columns}
        FROM totals l {" ".join(joins)}"""
    return with_sql, select, [param for _, _, params in ctes for param in params]


def line_changes(dialect: Dialect, event_format, scope: Scope) -> tuple[str, list]:
    """A read-only query of the scope's standing lines that differ from the stored rows, as
    rows for ``write_lines`` (a plain SELECT, like ``seat_result_changes``, so that it runs in
    parallel)."""
    with_sql, select, params = lines(dialect, event_format, scope, RESULT)
    sql = f"""{with_sql}, new AS ({select})
        SELECT %s, n.entrant_id, n.vp, n.tp, n.hands, n.byes, n.adj_vp, n.adj_tp,
               CAST(n.tiebreaks AS text)
        FROM new n LEFT JOIN {ROW} o ON o.event_id = %s AND o.entrant_id = n.entrant_id
        WHERE o.id IS NULL OR o.victory_points <> n.vp OR o.tichu_points <> n.tp
           OR o.hands_played <> n.hands OR o.byes <> n.byes OR o.adjustment_vp <> n.adj_vp
           OR o.adjustment_tp <> n.adj_tp OR o.tiebreaks <> n.tiebreaks"""
    return sql, [*params, scope.event_id, scope.event_id]


ROW_COLUMNS = {
    "event_id": "bigint",
    "entrant_id": "bigint",
    "victory_points": "integer",
    "tichu_points": "integer",
    "hands_played": "integer",
    "byes": "integer",
    "adjustment_vp": "integer",
    "adjustment_tp": "integer",
    "tiebreaks": "jsonb",
}


def write_lines(dialect: Dialect, rows: list[tuple]) -> list[tuple[str, list]]:
    """Statements storing ``line_changes``' rows."""
    return upserts(dialect, ROW, ROW_COLUMNS, ("event_id", "entrant_id"), rows)


UNSCORED = -1_000_000  # below any percentage or butler total: a pair without a board yet


def rank_keys(dialect: Dialect, event_format, alias: str) -> list[str]:
    """The ranking order over stored standing rows (``alias``): VP, then the tie-break chain,
    each higher first (sort these descending), then registration (``entrant_id`` ascending).

    A duplicate event ranks by its total alone (``score``, written by ``standings.duplicate``),
    as it is shown, to two decimals: pairs level on it share their place, as in bridge (their
    Tichu points or VP say nothing of how they played the boards), and two averages equal but
    for the order of a float sum never split a place. A pair without a total yet comes last."""
    if event_format.is_duplicate:
        return [f"ROUND(CAST(COALESCE({alias}.score, {UNSCORED}) AS NUMERIC), 2)"]
    return [f"{alias}.victory_points"] + [
        TIEBREAKS[name].stored_key(dialect, alias) for name in event_format.tiebreaks
    ]


def _line_order(event_format) -> str:
    """The ranking order of ``lines``' columns (the same order as ``rank_keys``)."""
    keys = ["l.vp"] + [f"tb_{index}" for index in range(len(event_format.tiebreaks))]
    return ", ".join(f"{key} DESC" for key in keys) + ", l.entrant_id"


def computed(dialect: Dialect, event_format, scope: Scope) -> tuple[str, list, str, list]:
    """Read-only: (results query, params, ranked lines query, params) for a whole event."""
    seats, seat_params = seat_results(event_format, scope)
    byes, bye_params = bye_results(event_format, scope, "seat_results")
    ctes = [
        (
            "seat_results",
            f"SELECT round_id, entrant_id, vp AS victory_points, "
            f"tp AS tichu_points, hands AS hands_played, FALSE AS bye, "
            f"adj_vp AS adjustment_vp, adj_tp AS adjustment_tp "
            f"FROM ({seats}) s",
            seat_params,
        ),
        (
            "results",
            f"SELECT * FROM seat_results UNION ALL SELECT round_id, entrant_id, vp, "
            f"tp, 0, TRUE, 0, 0 FROM ({byes}) b",
            bye_params,
        ),
    ]
    results = (
        f"WITH {', '.join(f'{name} AS ({sql})' for name, sql, _ in ctes)} "
        f"SELECT round_id, entrant_id, victory_points, tichu_points, hands_played, bye, "
        f"adjustment_vp, adjustment_tp FROM results ORDER BY round_id, entrant_id"
    )
    with_sql, select, params = lines(dialect, event_format, scope, "results", tuple(ctes))
    ranked = f"{with_sql} {select} ORDER BY {_line_order(event_format)}"
    return results, seat_params + bye_params, ranked, params
