"""Fixtures of the cup tests: a logged-in organizer's client (as in the pages' tests)."""

import pytest


@pytest.fixture
def organizer_client(client, organizer):
    client.force_login(organizer)
    return client
