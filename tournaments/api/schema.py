"""Adjustments of the generated OpenAPI schema (drf-spectacular's ``POSTPROCESSING_HOOKS``) where
the generator cannot read off a serializer what the API answers."""

from __future__ import annotations

# Request bodies whose unknown keys are refused (400 naming the key): a format setting or rule
# the format does not know (``formats``), a field the engine's score entry does not know.
CLOSED_OBJECTS = ("EventCreate", "PatchedEventSettings", "RulesInput", "HandEntry")


def closed_objects(result, generator, request, public):
    """The bodies of ``CLOSED_OBJECTS`` admit no other properties (the schema said any)."""
    schemas = result["components"]["schemas"]
    for name in CLOSED_OBJECTS:
        schemas[name]["additionalProperties"] = False
    return result
