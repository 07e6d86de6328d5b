"""The rating's maths against the libraries' own answers on small registers."""

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.ratings import model

PEOPLE = 8


def random_hands(seed: int, count: int = 60, people: int = PEOPLE) -> list[model.Observation]:
    rng = np.random.default_rng(seed)
    strength = rng.normal(0, 1, people)
    hands: list[model.Observation] = []
    for _ in range(count):
        a, b, c, d = rng.choice(people, 4, replace=False).tolist()
        margin = (strength[a] + strength[c] - strength[b] - strength[d]) * 100 + rng.normal(0, 110)
        hands.append(model.TeamHand((a, c), (b, d), round(float(margin), -1)))
    return hands


def ridge_matrices(hands, people):
    design = model.design(hands, people)
    x = design.x.toarray()
    damping = (model.NOISE / model.PRIOR) ** 2
    return x, design.y, damping


def test_the_posterior_mean_is_numpys_least_squares_with_the_prior():
    hands = random_hands(1)
    x, y, damping = ridge_matrices(hands, PEOPLE)
    augmented = np.vstack([x, np.sqrt(damping) * np.eye(PEOPLE)])
    expected, *_ = np.linalg.lstsq(augmented, np.concatenate([y, np.zeros(PEOPLE)]), rcond=None)
    fit = model.fit(hands, PEOPLE)
    np.testing.assert_allclose(fit.mu, expected, atol=1e-6)


@pytest.mark.parametrize(("people", "count", "within"), [(8, 200, 0.15), (20, 400, 0.05)])
def test_sigma_is_close_to_the_exact_posterior_against_the_field(people, count, within):
    """The diagonal approximation against the exact posterior (the inverse of the damped normal
    matrix) of each person's strength minus the register's mean: the level of everyone
    together is the prior's alone and orders nobody (see the model's docstring)."""
    hands = random_hands(2, count=count, people=people)
    x, _, damping = ridge_matrices(hands, people)
    covariance = model.NOISE**2 * np.linalg.inv(x.T @ x + damping * np.eye(people))
    centred = np.eye(people) - 1 / people
    exact = np.sqrt(np.diag(centred @ covariance @ centred.T))
    sigma = model.fit(hands, people).sigma
    np.testing.assert_allclose(sigma, exact, rtol=within)
    assert np.all(sigma < np.sqrt(np.diag(covariance)))  # the level's share left out


def test_without_hands_the_prior_stands():
    fit = model.fit([], 3)
    np.testing.assert_array_equal(fit.mu, np.zeros(3))
    np.testing.assert_allclose(fit.sigma, model.PRIOR)


def test_the_same_hands_give_identical_ratings():
    hands = random_hands(3)
    events = [hands[:20], hands[20:40], hands[40:]]
    first, second = model.history(events, PEOPLE), model.history(events, PEOPLE)
    for a, b in zip(first, second, strict=True):
        assert a.mu.tobytes() == b.mu.tobytes() and a.sigma.tobytes() == b.sigma.tobytes()
    np.testing.assert_allclose(first[-1].mu, model.fit(hands, PEOPLE).mu, atol=1e-5)


def test_sides_count_two_over_their_size():
    """A Tichu pair is the sum of its two, Tientsin's three two thirds each, Threechu's dealer
    twice against the other two once each."""
    assert model.team_row((0, 1), (2, 3)) == {0: 1.0, 1: 1.0, 2: -1.0, 3: -1.0}
    assert model.team_row((0, 1, 2), (3, 4, 5))[1] == pytest.approx(2 / 3)
    assert model.team_row((0,), (1, 2)) == {0: 2.0, 1: -1.0, 2: -1.0}


def test_a_threechu_dealer_who_wins_alone_rates_above_the_two():
    hands = [model.TeamHand((dealer,), tuple({0, 1, 2} - {dealer}), 0.0) for dealer in range(3)]
    hands += [model.TeamHand((0,), (1, 2), 200.0)] * 3
    fit = model.fit(hands, 3)
    assert fit.mu[0] > 0 > max(fit.mu[1], fit.mu[2])
    assert np.array_equal(fit.hands, [6, 6, 6])


def test_placings_rank_many_players():
    """Grand Seigneur: who finishes first every hand rates first, the last last; a place is
    one observation per player, centred, so the table's mean moves nobody."""
    players = (0, 1, 2, 3, 4)
    hands = [model.PlacingHand(players, (1, 2, 3, 4, 5)) for _ in range(10)]
    fit = model.fit(hands, 5)
    assert list(np.argsort(-fit.mu)) == [0, 1, 2, 3, 4]
    assert fit.mu.sum() == pytest.approx(0, abs=1e-9)
    assert fit.hands.tolist() == [10] * 5
    assert model.design(hands[:1], 5).y.sum() == pytest.approx(0)


def test_a_hand_predicts_for_the_stronger_side():
    hands = [model.TeamHand((0, 1), (2, 3), 150.0)] * 20
    fit = model.fit(hands, 4)
    assert model.win_probability(fit, (0, 1), (2, 3)) > 0.7
    assert model.win_probability(fit, (0, 2), (1, 3)) == pytest.approx(0.5)
    assert fit.conservative()[0] == pytest.approx(fit.mu[0] - model.CONSERVATIVE_K * fit.sigma[0])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), order=st.randoms(use_true_random=False))
def test_neither_the_order_nor_the_sides_of_hands_change_anything(seed, order):
    """The hands in another order, each maybe told from the other side's view (sides swapped,
    margin negated), and the people numbered anew: the same ratings, renumbered."""
    hands = random_hands(seed, count=40)
    shuffled = list(hands)
    order.shuffle(shuffled)
    mirrored = [
        model.TeamHand(h.side_b, h.side_a, -h.margin) if order.random() < 0.5 else h
        for h in shuffled
    ]
    relabel = list(range(PEOPLE))
    order.shuffle(relabel)
    renamed = [
        model.TeamHand(
            tuple(relabel[p] for p in h.side_a), tuple(relabel[p] for p in h.side_b), h.margin
        )
        for h in mirrored
    ]
    fit, other = model.fit(hands, PEOPLE), model.fit(renamed, PEOPLE)
    np.testing.assert_allclose(other.mu[relabel], fit.mu, atol=1e-6)
    np.testing.assert_allclose(other.sigma[relabel], fit.sigma, atol=1e-12)
    np.testing.assert_array_equal(other.hands[relabel], fit.hands)


def with_totals(hands: list[model.Observation], seed: int) -> list[model.Observation]:
    """The hands with both sides' TP together: 100 plus a little noise."""
    rng = np.random.default_rng(seed)
    return [
        replace(hand, total=float(100 + 10 * rng.integers(-5, 6)))
        for hand in hands
        if isinstance(hand, model.TeamHand)
    ]


def test_totals_are_weighted_rows_of_numpys_least_squares_with_a_base():
    """A hand's total is one more row: the table's strength at ``LEVEL_SLOPE`` and the game's
    base, weighed by ``NOISE / LEVEL_NOISE``; the base has the wide prior ``BASE_PRIOR``."""
    hands = with_totals(random_hands(4), 4)
    design = model.design(hands, PEOPLE, ("tichu",))
    x = design.x.toarray()
    assert x.shape == (2 * len(hands), PEOPLE + 1)
    weight = model.NOISE / model.LEVEL_NOISE
    first = hands[0]
    level = x[len(hands)]  # the rows of one shape: the margins, then the totals
    assert level[-1] == pytest.approx(weight)
    assert level[list(first.side_a + first.side_b)] == pytest.approx(weight * model.LEVEL_SLOPE)
    assert design.y[len(hands)] == pytest.approx(weight * (first.total - 100) / model.SCALE)
    damping = np.array([(model.NOISE / model.PRIOR) ** 2] * PEOPLE + [(model.NOISE / 2.0) ** 2])
    augmented = np.vstack([x, np.diag(np.sqrt(damping))])
    expected, *_ = np.linalg.lstsq(
        augmented, np.concatenate([design.y, np.zeros(PEOPLE + 1)]), rcond=None
    )
    fit = model.fit(hands, PEOPLE)
    np.testing.assert_allclose(fit.mu, expected[:PEOPLE], atol=1e-6)
    np.testing.assert_allclose(fit.base, expected[PEOPLE:], atol=1e-6)
    assert fit.hands.sum() == 4 * len(hands)  # a total counts no hand again


def test_two_clubs_that_never_met_are_told_apart_by_their_totals():
    """Two clubs of four play among themselves, every hand even: margins cannot say which club
    is stronger. One club's hands total 200 TP (its Tichus made), the other's 40 (failed)."""
    hands = []
    for club, total in ((range(4), 200.0), (range(4, 8), 40.0)):
        a, b, c, d = club
        for side_a, side_b in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
            hands += [model.TeamHand(side_a, side_b, 0.0, total=total)] * 4
    fit = model.fit(hands, 8)
    assert fit.mu[:4].min() > 0 > fit.mu[4:].max()
    np.testing.assert_allclose(fit.mu[:4], fit.mu[0])
    without = model.fit([replace(hand, total=None) for hand in hands], 8)
    np.testing.assert_allclose(without.mu, 0, atol=1e-12)


def test_each_game_has_its_own_base():
    """Tientsin's and Tichu's totals differ by what their games add, not by their players'
    strength: the same people, even margins, each game's total its own constant."""
    people = (0, 1, 2, 3, 4, 5)
    tichu = [model.TeamHand((0, 1), (2, 3), 0.0, total=100.0, game="tichu")] * 10
    tichu += [model.TeamHand((2, 4), (3, 5), 0.0, total=100.0, game="tichu")] * 10
    tientsin = [model.TeamHand((0, 2, 4), (1, 3, 5), 0.0, total=300.0, game="tientsin")] * 20
    fit = model.fit(tichu + tientsin, len(people))
    assert model.games_of(tichu + tientsin) == ("tichu", "tientsin")
    assert np.abs(fit.mu).max() < 0.01  # under 1 TP: the base's wide prior leaks a trace
    assert fit.base[0] == pytest.approx(0, abs=0.01) and fit.base[1] > 1.9
