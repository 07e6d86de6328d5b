"""The hand entry on a phone (issue 23): a hand's -25 can be typed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.conftest import played

from .conftest import PHONE


@pytest.mark.django_db(transaction=True)
def test_card_points_fields_do_not_ask_a_phone_for_digits_only(
    live_server, new_page, django_user_model
):
    """A digits-only pad (``inputmode="numeric"``) has no minus: -25 could not be typed."""
    orga = django_user_model.objects.create_user(username="orga", password="orga-password-1")
    event = played(orga, 8, rounds=1, open_round=True)
    table = event.rounds.get(number=2).tables.order_by("number").first()
    page = new_page(PHONE, locale="de-DE")
    page.goto(f"{live_server.url}/t/{table.code}/")
    for name in ("cp_0", "cp_1"):
        field = page.locator(f"#hand-form input[name={name}]")
        expect(field).to_have_attribute("type", "number")
        assert field.get_attribute("inputmode") in (None, "text"), name
    page.fill("#id_cp_0", "-25")
    expect(page.locator("#id_cp_0")).to_have_value("-25")
