"""Errors shared by the format modules (``formats``, ``knockout.formats``), in a module of their
own so that neither imports the other for them."""


class FormatError(ValueError):
    """A format value an organizer chose is not allowed; ``field`` names it."""

    def __init__(self, field_name: str, message: str):
        super().__init__(message)
        self.field = field_name
