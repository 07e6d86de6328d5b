"""The login forms of the pages (``/login/``) and of the admin (``/admin/login/``), with the
password checked under the login limits per account at an address and per address
(``tichu_site.limits``), as the API's token is."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext_lazy as _

from .limits import TooManyLogins, limited_authenticate


class LimitedLogin:
    """``AuthenticationForm.clean`` with ``limited_authenticate``: while a login limit is used
    up, the form says which one and how long to wait, and the password is not checked."""

    wait = _("Wait %(seconds)s seconds, then try again.")

    def clean(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is not None and password:
            try:
                self.user_cache = limited_authenticate(
                    self.request, username=username, password=password
                )
            except TooManyLogins as refusal:
                raise forms.ValidationError(
                    f"{refusal.reason} {self.wait % {'seconds': refusal.wait}}",
                    code="too_many_attempts",
                ) from None
            if self.user_cache is None:
                raise self.get_invalid_login_error()
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data


class LimitedAuthenticationForm(LimitedLogin, AuthenticationForm):
    pass


class LimitedAdminAuthenticationForm(LimitedLogin, AdminAuthenticationForm):
    pass
