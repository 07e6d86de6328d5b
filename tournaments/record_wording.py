"""Cards, plays and a hand record's refusals in the reader's language.

The engine writes cards in its notation (``Tr``, ``MJ``, ``Kj'``: ``scoring.cards``) and refuses a
record (``InvalidRecord``) or an action (``IllegalAction``) with a code and params; here each
gets its words (gettext, so German and English): a card its short label, suit and full name, a
combination's kind its name, a refusal its sentence, with seats by name where the reader's page
knows them, else "seat N" numbered from 1, as a person counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring import InvalidRecord, parse_cards
from scoring.cards import DOG, DRAGON, MAH_JONG, PHOENIX, Card

from .wording import seat_in_words

FIRST_SEAT = 1
"""A person numbers seats from 1."""

SUITS = (
    (_("Jade"), "jade"),
    (_("Sword"), "sword"),
    (_("Pagoda"), "pagoda"),
    (_("Star"), "star"),
)
"""Each suit's name and the class a page colours it by, in the engine's suit order."""

RANK_LABELS = {
    11: pgettext_lazy("card rank, short", "J"),
    12: pgettext_lazy("card rank, short", "Q"),
    13: pgettext_lazy("card rank, short", "K"),
    14: pgettext_lazy("card rank, short", "A"),
}
RANK_NAMES = {
    11: pgettext_lazy("card rank", "Jack"),
    12: pgettext_lazy("card rank", "Queen"),
    13: pgettext_lazy("card rank", "King"),
    14: pgettext_lazy("card rank", "Ace"),
}
SPECIALS = {
    MAH_JONG: (_("Mah Jong"), pgettext_lazy("the Mah Jong on a card, short", "1")),
    DOG: (_("Dog"), pgettext_lazy("the Dog on a card, short", "Dog")),
    PHOENIX: (_("Phoenix"), pgettext_lazy("the Phoenix on a card, short", "Phx")),
    DRAGON: (_("Dragon"), pgettext_lazy("the Dragon on a card, short", "Drg")),
}

KINDS = {
    "single": _("single"),
    "pair": _("pair"),
    "triple": _("three of a kind"),
    "full_house": _("full house"),
    "stairs": _("stairs"),
    "straight": _("straight"),
    "bomb_four": _("bomb (four of a kind)"),
    "bomb_straight_flush": _("bomb (straight flush)"),
    "dog": _("Dog"),
}
"""A combination's kind (``scoring.Kind``) by its name."""


def rank_in_words(rank: int) -> str:
    """A rank 2-14 as a wish names it: "7", "Jack"."""
    return str(RANK_NAMES.get(rank, rank))


def card_words(card: Card) -> dict[str, Any]:
    """A card as a page shows it: ``label`` (its rank or a special's short name), ``suit`` (the
    class its colour comes from: "jade"... or "special"), ``name`` (its full name), ``second``
    (a second deck's card), ``order`` (its place in a sorted hand: the Dog first, then the Mah
    Jong, 2 to Ace, the Phoenix, the Dragon)."""
    face = card.face
    if face in SPECIALS:
        name, label = SPECIALS[face]
        order = {DOG: 0, MAH_JONG: 1, PHOENIX: 60, DRAGON: 61}[face]
        words = {"label": str(label), "suit": "special", "name": str(name), "order": order}
    else:
        rank, suit = face.rank or 0, face.suit or 0
        suit_name, suit_class = SUITS[suit]
        words = {
            "label": str(RANK_LABELS.get(rank, rank)),
            "suit": suit_class,
            # Translators: a card's name, e.g. "Jade 7", "Star King"
            "name": gettext("%(suit)s %(rank)s") % {"suit": suit_name, "rank": rank_in_words(rank)},
            "order": 4 * rank + suit,
        }
    words["second"] = card.deck == 1
    if card.deck:
        words["name"] = gettext("%(card)s (second deck)") % {"card": words["name"]}
    return words


def cards_in_words(text: str) -> str:
    """Cards in the engine's notation ("Tr Ts") by their names ("Star 10, Sword 10"); the
    text itself where it names no cards."""
    try:
        cards = parse_cards(text)
    except ValueError:
        return text
    return ", ".join(card_words(card)["name"] for card in cards)


RULE_MESSAGES = {
    "illegal": _("The rules do not allow it."),
    "no_such_seat": _("There is no such seat: the seats are 1 to %(seats)s."),
    "hand_over": _("The hand is already over."),
    "not_an_action": _("This is no action of the game."),
    "no_calls": _("This game has no calls."),
    "already_called": _("%(seat)s has already called."),
    "tichu_after_play": _("Tichu may only be called before one's first card."),
    "dummy_tichu_before_exchange": _(
        "The dealer calls Tichu for the dummy only once the exchange is done."
    ),
    "tichu_before_deal": _("Tichu may be called only once all %(count)s cards are dealt."),
    "blind_too_late": _("Blind Grand Tichu is called before any card is seen."),
    "grand_window": _("Grand Tichu is called on the first %(count)s cards."),
    "grand_not_allowed": _("This event does not allow Grand Tichu."),
    "no_grand_for_seat": _("%(seat)s may not call Grand Tichu."),
    "already_decided": _("%(seat)s has already decided."),
    "partners_grand": _("Partners may not both call Grand Tichu."),
    "exchange_phase": _("Cards are exchanged after the deal, before play."),
    "gives_no_card": _("%(seat)s gives no card in this exchange."),
    "already_exchanged": _("%(seat)s has already laid out the cards of the exchange."),
    "push_layout": _("%(seat)s gives %(count)s cards here, not one to each other player."),
    "exchange_count": _("An exchange here gives %(count)s cards."),
    "exchange_distinct": _("The cards of an exchange must all be different."),
    "not_held": _("%(seat)s does not hold these cards."),
    "tribute_best": _("%(seat)s must give their best cards."),
    "nothing_to_pass": _("There is nothing to pass on now."),
    "chaos_grand_missing": _(
        "Chaos Tichu: each team calls one Grand Tichu, and the team of %(seat)s has none yet."
    ),
    "not_your_turn": _("It is the turn of %(seat)s."),
    "lead_may_not_pass": _("Whoever leads may not pass."),
    "wish_obliges": _("The wish for %(rank)s obliges %(seat)s to play it."),
    "dragon_gift_pending": _("%(seat)s must first give the Dragon trick to an opponent."),
    "dog_lead_pending": _("%(seat)s must first pass the Dog's lead to a partner."),
    "play_phase": _("Cards are played only once the exchange is done."),
    "play_empty": _("A play lays one or more cards."),
    "card_twice": _("A card appears twice in the play."),
    "wish_rank": _("A wish names a rank from 2 to Ace."),
    "wish_without_mahjong": _("Only the player of the Mah Jong may wish."),
    "not_a_combination": _("%(cards)s is no combination."),
    "may_not_lead": _("%(cards)s may not be led."),
    "nothing_on_dog": _("Nothing may be laid on the Dog."),
    "does_not_beat": _("%(cards)s does not beat %(table)s."),
    "bomb_lead": _("A bomb may not take the lead: it is played during a trick."),
    "no_dog_lead": _("There is no Dog's lead to pass on."),
    "not_dog_player": _("%(seat)s played the Dog."),
    "dog_lead_partner": _("The Dog's lead goes to a partner who holds cards."),
    "no_dragon_gift": _("There is no Dragon trick to give away."),
    "not_dragon_winner": _("%(seat)s won the Dragon trick."),
    "dragon_to_opponent": _("The Dragon trick goes to an opponent."),
}
"""An action the rules refuse (``IllegalAction.code``) in words."""

RECORD_MESSAGES = {
    "not_a_record": _("This is not a hand record (JSON of the format “tichu-hand/1”)."),
    "bad_deal": _("The record's rules or deal are not valid."),
    "actions_not_list": _("The record's actions must be a list."),
    "malformed_action": _("Action %(number)s is malformed: %(action)s"),
    "illegal_action": _("Action %(number)s (%(action)s) is against the rules: %(rule)s"),
    "incomplete": _("The actions stop before the hand is over: %(seat)s is still to act."),
    "result_differs": _("The record's result differs from the hand its actions play."),
    "rules_differ": _("The record was played under other rules than this table's."),
    "entry_differs": _("The record plays another score than the hand's entry."),
}
"""A hand record that does not replay (``InvalidRecord.code``) in words."""


def _seat(value: Any, names: Mapping[int, str] | None) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return seat_in_words(value, names, FIRST_SEAT)
    return str(value)


def rule_message(code: str, params: Mapping[str, Any], names: Mapping[int, str] | None) -> str:
    """An action the rules refuse, in words."""
    words = dict(params)
    if "seat" in words:
        words["seat"] = _seat(words["seat"], names)
    if "rank" in words:
        words["rank"] = rank_in_words(words["rank"])
    for key in ("cards", "table"):
        if key in words:
            words[key] = cards_in_words(words[key])
    message = RULE_MESSAGES.get(code, RULE_MESSAGES["illegal"])
    return str(message) % words


ACTION_WORDS = {
    "blind": _("%(seat)s calls Blind Grand Tichu."),
    "grand": _("%(seat)s calls Grand Tichu."),
    "tichu": _("%(seat)s calls Tichu."),
    "no_call": _("%(seat)s makes no call."),
    "pass": _("%(seat)s passes."),
    "exchange": _("%(seat)s lays out cards for the exchange."),
    "exchange_given": _("%(seat)s lays out %(given)s."),
    "play": _("%(seat)s plays %(cards)s."),
    "play_kind": _("%(seat)s plays %(cards)s (%(kind)s)."),
    "play_wish": _("%(seat)s plays %(cards)s (%(kind)s) and wishes for %(rank)s."),
    "dragon": _("%(seat)s gives the Dragon trick to %(to)s."),
    "lead": _("%(seat)s passes the lead to %(to)s."),
}
"""An action of a hand record (``scoring.record``: its ``action`` field) in words."""

CALLING_PHASES = ("blind", "grand")
"""The phases in which a pass is no call (``scoring.Phase``); later it is no play."""


def action_in_words(
    action: Any,
    names: Mapping[int, str] | None = None,
    *,
    phase: str | None = None,
    given: list[list[Any]] | None = None,
) -> str:
    """An action of a record as a sentence: who did what. ``phase``: the phase it was made in
    (a pass in a calling phase is no call); ``given``: an exchange's cards and their
    receivers (``scoring.frames``), named card for card."""
    if not isinstance(action, Mapping):
        return str(action)[:200]
    name = action.get("action")
    words: dict[str, Any] = {"seat": _seat(action.get("seat"), names)}
    if name == "pass" and phase in CALLING_PHASES:
        name = "no_call"
    elif name in ("exchange", "push"):
        name = "exchange"
        if given:
            name = "exchange_given"
            words["given"] = ", ".join(
                gettext("%(card)s to %(seat)s")
                % {"card": cards_in_words(card), "seat": _seat(to, names)}
                for to, card in given
            )
    elif name == "play":
        words["cards"] = cards_in_words(str(action.get("cards", "")))
        kind = action.get("kind")
        if kind in KINDS:
            words["kind"] = KINDS[kind]
            name = "play_kind"
        wish = action.get("wish")
        if isinstance(wish, int) and kind in KINDS:
            words["rank"] = rank_in_words(wish)
            name = "play_wish"
    elif name in ("dragon", "lead"):
        words["to"] = _seat(action.get("to"), names)
    message = ACTION_WORDS.get(str(name))
    return str(message) % words if message is not None else str(action)[:200]


def record_error_message(error: InvalidRecord, names: Mapping[int, str] | None = None) -> str:
    """Why a hand record does not replay, in the reader's language (``names``: the players by
    seat, where the page knows them)."""
    params = dict(error.params)
    words: dict[str, Any] = {"number": (error.index or 0) + 1}
    if error.code == "illegal_action":
        words["action"] = action_in_words(error.action, names).rstrip(".")
        rule = params.pop("rule", "illegal")
        words["rule"] = rule_message(rule, params, names)
    elif error.code == "malformed_action":
        words["action"] = str(error.action)[:200]
    elif error.code == "incomplete":
        words["seat"] = _seat(params.get("seat"), names)
    message = RECORD_MESSAGES.get(error.code, RECORD_MESSAGES["not_a_record"])
    return str(message) % words
