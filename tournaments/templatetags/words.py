"""Template filters that word stored codes for the reader (``views.words``): ``{% load words %}``,
then ``{{ table.status|status_label }}``, ``{{ hand.entered_by|actor_label }}``."""

from django import template

from ..views import words

register = template.Library()
register.filter("status_label", words.status_label)
register.filter("status_tone", words.status_tone)
register.filter("actor_label", words.actor_label)
register.filter("actor_by", words.actor_by)
register.filter("call_label", words.call_label)
register.filter("fit_label", words.fit_label)
