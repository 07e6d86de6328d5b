"""The forms of a register's pages: a person's record, their erasure, a merge, sharing, the
ranking list's threshold."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..services.names import MAX_CLUB_LENGTH, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH
from ..services.registers import MAX_RANKED_HANDS


class PersonForm(forms.Form):
    """What the register keeps of a person (``services.people.person_update`` checks it)."""

    name = forms.CharField(label=_("Name"), max_length=MAX_NAME_LENGTH)
    club = forms.CharField(label=_("Club or city"), max_length=MAX_CLUB_LENGTH, required=False)
    email = forms.EmailField(
        label=_("E-mail (private)"),
        required=False,
        max_length=MAX_EMAIL_LENGTH,
        help_text=_("Seen by organizers only."),
    )
    hidden = forms.BooleanField(label=_("Hidden from public pages"), required=False)


class EraseForm(forms.Form):
    """An erasure is not undoable: the organizer types the person's name to confirm it."""

    confirm = forms.CharField(label=_("Type the name to confirm"), max_length=MAX_NAME_LENGTH)

    def __init__(self, *args, name: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.name = name

    def clean_confirm(self) -> str:
        typed = " ".join(self.cleaned_data["confirm"].split())
        if typed.casefold() != " ".join(self.name.split()).casefold():
            raise forms.ValidationError(_("Type the name exactly as shown to erase the person."))
        return typed


GONE = _("This person is no longer in the register (merged or erased meanwhile): choose again.")


class MergeForm(forms.Form):
    """Two records of one person: ``merged`` is made one with ``kept``. Both lists start on
    nobody (they started on the same first person), and a person gone since the page was
    opened is said so, not as "42 is not one of the available choices"."""

    kept = forms.TypedChoiceField(
        label=_("Keep"), coerce=int, error_messages={"invalid_choice": GONE}
    )
    merged = forms.TypedChoiceField(
        label=_("and merge into it"), coerce=int, error_messages={"invalid_choice": GONE}
    )

    def __init__(self, *args, people=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [
            (person.pk, f"{person.name} ({person.club})" if person.club else person.name)
            for person in people
        ]
        self.fields["kept"].choices = choices
        self.fields["merged"].choices = choices


class ShareForm(forms.Form):
    username = forms.CharField(label=_("Organizer's user name"), max_length=150)


class RankingForm(forms.Form):
    min_ranked_hands = forms.IntegerField(
        label=_("Hands a person needs to be listed"), min_value=0, max_value=MAX_RANKED_HANDS
    )
