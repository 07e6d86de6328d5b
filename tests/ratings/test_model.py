"""The rating's maths against the libraries' own answers on small registers."""

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
