"""Template filters that read a value by a game's column (``tournaments.games.columns``):
``{% load shape %}``, then ``{{ row|standing:column }}`` for a standings row's total."""

from django import template

from ..games import Column

register = template.Library()


@register.filter
def standing(row, column: Column):
    """A standings row's value in ``column`` (the attribute the column names)."""
    return getattr(row, column.standing or "", None)
