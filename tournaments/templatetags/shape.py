"""Template filters that read a value by a game's column (``tournaments.games.columns``):
``{% load shape %}``, then ``{{ row|standing:column }}`` for a standings row's total; the
event's tie-break columns and a row's credits as ``views.standing_layout`` words them."""

from django import template

from ..games import Column
from ..views import standing_layout

register = template.Library()


@register.filter
def standing(row, column: Column):
    """A standings row's value in ``column`` (the attribute the column names)."""
    return getattr(row, column.standing or "", None)


@register.filter
def tiebreak_columns(event):
    """The event's tie-breaks shown as columns of its standings (``standing_layout``)."""
    return standing_layout.tiebreak_columns(event)


@register.filter
def tiebreak(row, column):
    """A standings row's value of a tie-break column."""
    return standing_layout.tiebreak_value(row, column)


@register.filter
def tiebreak_label(column):
    return standing_layout.tiebreak_label(column)


@register.filter
def credits(row, columns):
    """ "(1 bye, credited +2 VP, +50 TP)" for a row with byes or credits, else ""."""
    return standing_layout.credit_text(row, columns)


@register.filter
def at(mapping, key):
    """``mapping[key]``, or None: a value of a dict the view keyed by a loop's number (a
    duplicate table's boards by hand number)."""
    return mapping.get(key) if mapping else None
