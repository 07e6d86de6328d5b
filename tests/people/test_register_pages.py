"""The organizer's pages of a register: the list, a person's page, duplicates, merges and their
undo, erasure, sharing; nobody else sees any of it (404)."""

from __future__ import annotations

import re

from django.urls import reverse

from tournaments.models import Entrant, PersonMerge, Player, Register
from tournaments.services.history import Actor
from tournaments.services.people import person_erase

from .conftest import individual_event, registered


def _people(organizer):
    registered(individual_event(organizer, "March"), ["Anna Müller", "Bo"], ["Berlin", ""])
    registered(individual_event(organizer, "April"), ["Anna Mueller", "Cy"], people=["new", None])
    register = Register.objects.get(owner=organizer)
    first, second = Player.objects.filter(register=register, name__startswith="Anna").order_by("id")
    return register, first, second


def test_the_dashboard_links_the_register_and_it_lists_and_searches(organizer_client, organizer):
    register, anna, _ = _people(organizer)
    dashboard = organizer_client.get(reverse("organizer-home")).content.decode()
    assert f'href="{reverse("organizer-registers")}"' in dashboard
    assert organizer_client.get(reverse("organizer-registers")).url == reverse(
        "organizer-register", args=[register.pk]
    )
    url = reverse("organizer-register", args=[register.pk])
    page = organizer_client.get(url, {"q": "mueller"}).content.decode()
    listed = re.search(r'<table class="data" id="people">.*?</table>', page, re.S).group(0)
    assert "Anna Müller" in listed and "Anna Mueller" in listed
    assert "Bo" not in listed
    assert reverse("organizer-person", args=[register.pk, anna.pk]) in page
    assert f'href="{reverse("register-ranking", args=[register.pk])}"' in page  # the public list


def test_another_organizer_gets_404_everywhere(client, other_organizer, organizer):
    register, anna, second = _people(organizer)
    client.force_login(other_organizer)
    merge = PersonMerge.objects.create(register=register, kept=anna, merged=second, actor="x")
    for name, args in [
        ("organizer-register", [register.pk]),
        ("organizer-person", [register.pk, anna.pk]),
    ]:
        assert client.get(reverse(name, args=args)).status_code == 404
    for name, args in [
        ("organizer-merge", [register.pk]),
        ("organizer-merge-undo", [register.pk, merge.pk]),
        ("organizer-share", [register.pk]),
        ("organizer-person-erase", [register.pk, anna.pk]),
        ("organizer-person", [register.pk, anna.pk]),
    ]:
        assert client.post(reverse(name, args=args), {"confirm": "Anna Müller"}).status_code == 404
    assert Player.objects.get(pk=anna.pk).name == "Anna Müller"


def test_a_duplicate_is_merged_and_the_merge_undone(organizer_client, organizer):
    register, anna, second = _people(organizer)
    url = reverse("organizer-register", args=[register.pk])
    page = organizer_client.get(url).content.decode()
    assert 'id="duplicates"' in page
    organizer_client.post(
        reverse("organizer-merge", args=[register.pk]), {"kept": anna.pk, "merged": second.pk}
    )
    assert set(
        Entrant.objects.filter(name__startswith="Anna").values_list("player", flat=True)
    ) == {anna.pk}
    merge = PersonMerge.objects.get()
    organizer_client.post(reverse("organizer-merge-undo", args=[register.pk, merge.pk]))
    assert Entrant.objects.get(name="Anna Mueller").player_id == second.pk
    again = organizer_client.post(reverse("organizer-merge-undo", args=[register.pk, merge.pk]))
    assert again.status_code == 409
    assert "This merge was already undone." in again.content.decode()


def test_the_merges_of_an_erased_person_name_them_erased_and_fit_a_phone(
    organizer_client, organizer
):
    """The merges' table named an erased person by a blank cell; and on a phone its Undo was
    the last of four columns, off the screen: it comes right after the two names."""
    register, anna, second = _people(organizer)
    organizer_client.post(
        reverse("organizer-merge", args=[register.pk]), {"kept": anna.pk, "merged": second.pk}
    )
    url = reverse("organizer-register", args=[register.pk])

    def merge_cells(language: str) -> list[str]:
        page = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        table = re.search(r'<table class="data" id="merges">.*?</table>', page, re.S)
        assert table is not None
        return re.findall(r"<td>(.*?)</td>", table.group(0), re.S)

    cells = merge_cells("en")
    assert cells[:2] == ["Anna Müller", "Anna Mueller"] and "Undo" in cells[2]
    person_erase(anna, actor=Actor.organizer(organizer))
    assert merge_cells("de")[:2] == ["gelöschte Person"] * 2


def test_a_refused_merge_is_a_form_error(organizer_client, organizer):
    register, anna, _ = _people(organizer)
    bo = Player.objects.get(name="Bo")
    response = organizer_client.post(
        reverse("organizer-merge", args=[register.pk]), {"kept": anna.pk, "merged": bo.pk}
    )
    assert response.status_code == 409
    assert "Both played in March: they are two people." in response.content.decode()
    same = organizer_client.post(
        reverse("organizer-merge", args=[register.pk]), {"kept": anna.pk, "merged": anna.pk}
    )
    assert same.status_code == 400
    bad = organizer_client.post(
        reverse("organizer-merge", args=[register.pk]),
        {"kept": "x", "merged": 10**15},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert bad.status_code == 400
    # a page opened before the person was erased or merged away: said so, not by its number
    assert str(10**15) not in bad.content.decode()
    assert "nicht mehr im Register" in bad.content.decode()
    page = organizer_client.get(reverse("organizer-register", args=[register.pk])).content
    assert page.decode().count('<option value="" selected>') == 2  # nobody chosen yet


def test_a_person_is_edited_hidden_and_erased(organizer_client, organizer):
    register, anna, _ = _people(organizer)
    url = reverse("organizer-person", args=[register.pk, anna.pk])
    page = organizer_client.get(url).content.decode()
    assert "March" in page and "April" not in page
    assert f'href="{reverse("person", args=[anna.public_id])}"' in page  # the public page
    saved = organizer_client.post(
        url, {"name": "Anna Müller", "club": "Potsdam", "email": "a@example.org", "hidden": "on"}
    )
    assert saved.status_code == 302
    anna.refresh_from_db()
    assert (anna.club, anna.email, anna.hidden) == ("Potsdam", "a@example.org", True)
    assert 'id="public-page"' not in organizer_client.get(url).content.decode()  # none: hidden
    bad = organizer_client.post(url, {"name": "", "email": "nope"})
    assert bad.status_code == 400
    too_long = organizer_client.post(url, {"name": "Anna Müller", "email": "d" * 250 + "@x.org"})
    assert too_long.status_code == 400 and Player.objects.get(pk=anna.pk).email == "a@example.org"
    searched = organizer_client.get(
        reverse("organizer-register", args=[register.pk]), {"q": "\x00"}
    )
    assert searched.status_code == 200
    erase = reverse("organizer-person-erase", args=[register.pk, anna.pk])
    wrong = organizer_client.post(erase, {"confirm": "Anna"})
    assert wrong.status_code == 400 and not Player.objects.get(pk=anna.pk).erased
    organizer_client.post(erase, {"confirm": "anna müller"})
    anna.refresh_from_db()
    assert anna.erased and anna.name == ""


def test_sharing_by_user_name(organizer_client, organizer, other_organizer, client):
    register, anna, _ = _people(organizer)
    share = reverse("organizer-share", args=[register.pk])
    unknown = organizer_client.post(share, {"username": "nobody"})
    assert (
        unknown.status_code == 400 and "There is no organizer nobody." in unknown.content.decode()
    )
    organizer_client.post(share, {"username": "other"})
    assert register.is_organizer(other_organizer)
    client.force_login(other_organizer)
    assert client.get(reverse("organizer-person", args=[register.pk, anna.pk])).status_code == 200
    organizer_client.force_login(organizer)
    organizer_client.post(reverse("organizer-unshare", args=[register.pk, other_organizer.pk]))
    assert not register.is_organizer(other_organizer)


def test_the_ranking_list_s_threshold_is_set_on_the_register_page(
    organizer_client, organizer, other_organizer, client
):
    register, *_ = _people(organizer)
    url = reverse("organizer-ranking", args=[register.pk])
    answer = organizer_client.post(url, {"min_ranked_hands": "12"})
    assert answer.status_code == 302
    assert Register.objects.get(pk=register.pk).min_ranked_hands == 12
    ranking = client.get(reverse("register-ranking", args=[register.pk])).content.decode()
    assert "at least 12 hands" in ranking

    refused = organizer_client.post(
        url, {"min_ranked_hands": "-3"}, headers={"accept-language": "de"}
    )
    assert refused.status_code == 400
    assert "größer oder gleich 0" in refused.content.decode()
    assert Register.objects.get(pk=register.pk).min_ranked_hands == 12

    client.force_login(other_organizer)
    assert client.post(url, {"min_ranked_hands": "0"}).status_code == 404
    assert Register.objects.get(pk=register.pk).min_ranked_hands == 12
