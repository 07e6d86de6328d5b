"""The engine's command line: ``python -m scoring replay FILE.json``.

Replays a hand record (``scoring.record``) of any game, checking every action, and prints the
result: each team's Tichu points, the finish order and the calls (Grand Seigneur: the finish
order and the placing points). An illegal record prints its first illegal
action (index, action, reason) and exits with status 1; an unreadable file exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from .record import InvalidRecord, replay
from .score import PlacingScore, team_of
from .variants import VARIANTS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    replay_command = commands.add_parser("replay", help="replay and verify a hand record")
    replay_command.add_argument("file", help="a hand record (JSON)")
    args = parser.parse_args(argv)

    try:
        with open(args.file, encoding="utf-8") as stream:
            record = json.load(stream)
    except (OSError, json.JSONDecodeError) as error:
        print(f"cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    try:
        score = replay(record)
    except InvalidRecord as error:
        if error.index is None:
            print(f"invalid record: {error.reason}")
        else:
            print(f"illegal action {error.index}: {json.dumps(error.action)}: {error.reason}")
        return 1

    if isinstance(score, PlacingScore):
        print("finish order: " + ", ".join(f"seat {seat}" for seat in score.finish_order))
        print(
            "placing points: "
            + ", ".join(f"seat {seat} {points}" for seat, points in enumerate(score.points))
        )
        return 0
    seats = VARIANTS[score.game].seats_for()
    for team in (0, 1):
        sweep = getattr(VARIANTS[score.game], "sweep_key", "").replace("_", " ")
        points = (
            f"card points {score.card_points[team]}"
            if score.card_points
            else sweep
            if score.sweep == team
            else "no card points"
        )
        members = ", ".join(str(seat) for seat in range(team, seats, 2))
        print(f"team {team} (seats {members}): {score.totals[team]} TP ({points})")
    if score.dealer is not None:
        print(f"dealer: seat {score.dealer} (with the dummy, seat {(score.dealer + 2) % 4})")
    print("finish order: " + ", ".join(f"seat {seat}" for seat in score.finish_order))
    calls = [
        f"seat {c.seat} {c.call} {'made' if c.made else 'failed'} ({c.points:+d}, "
        f"team {team_of(c.seat)})"
        for c in score.calls
    ]
    print("calls: " + ("; ".join(calls) if calls else "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
