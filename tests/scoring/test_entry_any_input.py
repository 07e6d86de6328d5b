"""Any score entry, however malformed, is scored or refused with ``InvalidHand``: never a bare
``ValueError``, ``KeyError``, ``IndexError`` or ``TypeError`` (the entry comes straight from a
form or a JSON body, and the web layer words only the engine's codes).

The entries are JSON-like values: arbitrary ones, and ones close to each game's sheet (its keys,
seats in and out of range, seats as text, numbers too long to print), so that the property
reaches every check of ``scoring.entry`` and of the games' own rules."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import VARIANTS, InvalidHand, Rules, score_entry, score_hand
from scoring.entry import ERROR_CODES

GAMES = [
    Rules(),
    Rules(chaos=True),
    Rules(double_victory_points=100, grand_tichu_allowed=False),
    Rules(blind_grand_tichu=True),
    Rules(game="tientsin"),
    Rules(game="threechu"),
    Rules(game="grand_seigneur", players=5),
    Rules(game="grand_seigneur", players=8),
]
KEYS = sorted(
    {
        "card_points",
        "finish_order",
        "calls",
        "double_victory",
        "triple_victory",
        "dealer",
        "tichu_success",
        "placing",
        "cards",
    }
)

too_long_to_print = st.integers(4300, 4400).map(lambda digits: 10**digits)
"""An int Python refuses to turn into text (over 4300 digits)."""
seats = st.one_of(
    st.integers(-2, 13),
    st.booleans(),
    st.sampled_from(["0", " 1 ", "07", "²", "٣", "x", ""]),
    too_long_to_print,
    st.integers(4300, 4400).map(lambda digits: "9" * digits),
)
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=6), seats
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.one_of(st.text(max_size=3), seats), inner, max_size=4),
    ),
    max_leaves=10,
)
sheet_values = st.one_of(
    st.lists(seats, max_size=13),
    st.lists(st.sampled_from([-25, 0, 5, 50, 55, 100, 125, 200, 300]), min_size=2, max_size=2),
    st.dictionaries(
        seats,
        st.one_of(
            st.sampled_from(["tichu", "grand", "blind", " Tichu", ""]), st.booleans(), scalars
        ),
        max_size=4,
    ),
    seats,
    json_values,
)
entries = st.one_of(
    json_values,
    st.dictionaries(st.sampled_from(KEYS), sheet_values, max_size=7),
    st.dictionaries(
        st.sampled_from(["finish_order"]),
        st.permutations(range(8)).flatmap(lambda order: st.integers(0, 8).map(lambda n: order[:n])),
        min_size=1,
    ),
)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(GAMES),
    entry=entries,
    team_totals=st.booleans(),
    dealer=st.sampled_from([None, 0, 3]),
)
def test_any_entry_is_scored_or_refused_with_a_code(rules, entry, team_totals, dealer):
    setting = {"dealer": dealer} if rules.game == "threechu" else {}
    try:
        if team_totals and not setting:
            score_hand(entry, rules)
        else:
            score_entry(entry, rules, **setting)
    except InvalidHand as error:
        assert error.code in ERROR_CODES
        assert error.message.endswith(".") and isinstance(error.params, dict)


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_every_game_is_fed_by_the_property(game):
    assert any(rules.game == game for rules in GAMES)
