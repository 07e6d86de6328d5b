"""API token authentication that refuses what cannot be a token before asking the database.

DRF's ``TokenAuthentication`` looks any header value up; PostgreSQL refuses text holding a NUL
character, so ``Authorization: Token \\x00`` was a 500. A token is 40 hexadecimal characters.
"""

from __future__ import annotations

import re

from rest_framework.authentication import TokenAuthentication as DRFTokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

TOKEN = re.compile(r"[0-9a-fA-F]{1,64}")


class TokenAuthentication(DRFTokenAuthentication):
    def authenticate_credentials(self, key):
        if not TOKEN.fullmatch(key):
            raise AuthenticationFailed("Invalid token.")
        return super().authenticate_credentials(key)
