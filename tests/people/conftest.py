"""Fixtures of the register's tests: organizers logged in, and events of one register whose
people come back."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments.services.events import event_create, players_register
from tournaments.services.history import Actor


@pytest.fixture
def organizer_client(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def api(organizer) -> APIClient:
    return token_api(organizer)


@pytest.fixture
def other_api(other_organizer) -> APIClient:
    return token_api(other_organizer)


def token_api(user) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def individual_event(owner, name: str = "Club evening", **kwargs):
    return event_create(owner=owner, name=name, preset="dtm", **kwargs)


def team_event(owner, name: str = "Team cup"):
    return event_create(owner=owner, name=name, preset="team_swiss")


def registered(event, names: list[str], clubs: list[str] = (), people=()):
    """Register ``names`` (of ``clubs``) and answer the entrants."""
    return players_register(
        event=event,
        names=names,
        clubs=list(clubs) or [""] * len(names),
        people=people,
        actor=Actor.organizer(event.owner),
    )
