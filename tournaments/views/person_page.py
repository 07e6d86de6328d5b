"""A person's public page (``/people/<public_id>/``): their events, awards, statistics per game,
partners and rating across the events of their register (``selectors.person_stats``).

A hidden person's page is not found for the public and shown to their register's organizers; an
erased person's shows their results under "erased player" (erasure hides them too). A merged
record's address leads to the kept person's page (not permanently: a merge can be undone).
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

from ..models import Player
from ..selectors.person_stats import kept_person, person_profile


def visible_person(public_id: str, user) -> Player:
    """The person at ``public_id``, or 404 where ``user`` may not see them (hidden: only their
    register's organizers may)."""
    person = get_object_or_404(Player.objects.select_related("register"), public_id=public_id)
    if person.merged_into_id is None and person.hidden and not person.register.is_organizer(user):
        raise Http404("No such person.")
    return person


@require_GET
def person_detail(request, public_id: str):
    person = visible_person(public_id, request.user)
    if person.merged_into_id is not None:
        return redirect("person", kept_person(person).public_id)
    profile = person_profile(person)
    history = [
        {"event": line.event_name, "mu": round(line.mu, 2), "sigma": round(line.sigma, 2)}
        for line in profile.history
    ]
    return render(
        request,
        "public/person.html",
        {"profile": profile, "person": person, "history": history},
    )
