"""Series points in templates: ``{% load series_points %}``, then ``{{ result.points|points }}``
shows tenths of a point as the number (``87.5``, ``25``; a decimal comma in German)."""

from django import template

from ..series import as_points

register = template.Library()
register.filter("points", as_points)
