"""The address of a person's public page, for the event pages that name them: ``{% load people
%}``, then ``{{ entrant.player|person_url }}``: empty where there is no page to link (no person,
or one hidden from the public or erased), so a name stays plain text there."""

from django import template
from django.urls import reverse

register = template.Library()


@register.filter
def person_url(person) -> str:
    if person is None or person.hidden or person.erased_at is not None:
        return ""
    return reverse("person", args=[person.public_id])
