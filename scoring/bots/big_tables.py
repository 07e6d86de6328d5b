"""The heuristic bot at the bigger tables: Tientsin's six seats and Grand Seigneur's five to
twelve (``HeuristicBot`` keeps its four-seat habits for Tichu and Threechu).

A plain sensible player, seat by seat:

- **Calls** (Tientsin): Grand Tichu on six cards with three winners (``strength``), Tichu on a
  hand likely to go out first (``call_score``), never after a partner's call; under Chaos Tichu
  the team's last to decide calls the Grand Tichu.
- **Exchange**: the best cards but the Dragon and Phoenix to partners; to a Grand Seigneur
  giver, the weakest cards back; the tribute itself is forced.
- **Leads**: the lowest card in the biggest combination it starts (the Dog first, to pass the
  lead on); under the wish, a play of the wished rank.
- **Follows**: pass on a partner's trick; else the cheapest play that beats (an Ace or better
  only when the table's player is nearly out); a bomb when the table's player is nearly out or
  holds the Dragon trick.
- **The Dragon** goes to the opponent holding the most cards, **the Dog's lead** to the partner
  holding the fewest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scoring.actions import Action, GiveDragon, GiveLead, GrandTichu, Pass, Play, Tichu
from scoring.cards import DRAGON, MAH_JONG, PHOENIX, Card, cards_of
from scoring.hand_plays import Entry
from scoring.state import (
    BLIND,
    DOG_LEAD,
    DRAGON_GIFT,
    EXCHANGE,
    GRAND,
    PLAY,
    WISHES,
    HandState,
)

from .bits import PASSES
from .driver import seat_plays
from .random_bot import exchange_of

if TYPE_CHECKING:
    from .heuristic import HeuristicBot

_NEARLY_OUT = 2
"""A player holding this many cards or fewer is fought whatever it costs."""


def act(bot: HeuristicBot, state: HandState, seat: int) -> Action:
    """``HeuristicBot.act`` at a table of five seats or more."""
    from .heuristic import call_score, strength

    phase, variant = state.phase, state.variant
    partners = variant.partners(seat)
    if phase == PLAY:
        hand = state.hands[seat]
        if (
            state.may_call_tichu(seat)
            and not state.out
            and not any(state.calls[p] for p in partners)
            and call_score(hand, state.rules.mahjong_in_bomb) >= 0
        ):
            return Tichu(seat)
        plays_of = seat_plays(bot.plays, state, seat)
        plays, bombs, may_pass = plays_of.split_entries(state.table, state.wish)
        if state.table is None:
            return _lay(state, seat, min(plays or bombs, key=_lead_order)[1])
        holder = state.table_seat
        nearly_out = state.hands[holder].bit_count() <= _NEARLY_OUT
        if holder in partners and may_pass:
            return PASSES[seat]
        if plays:
            cheapest = min(plays, key=_follow_order)
            if cheapest[3] < 14 or nearly_out or not may_pass:
                return _lay(state, seat, cheapest[1])
        if bombs and (nearly_out or not may_pass):
            return Play(seat, min(bombs, key=_follow_order)[1])
        return PASSES[seat] if may_pass else _lay(state, seat, (plays or bombs)[0][1])
    if phase in (GRAND, BLIND):
        call = GrandTichu(seat)
        legal = state.legal_actions(seat)
        if (
            phase == GRAND
            and call in legal
            and (Pass(seat) not in legal or strength(cards_of(state.hands[seat])) >= 3)
        ):
            return call
        return PASSES[seat]
    if phase == EXCHANGE:
        mask = state.hands[seat]
        recipients = state.recipients(seat)
        ranked = sorted(cards_of(mask), key=_strength_order)
        if recipients[0] in partners:  # the best, keeping the Dragon and the Phoenix
            kept = [card for card in ranked if card.face not in (DRAGON, PHOENIX)]
            cards = (kept or ranked)[-len(recipients) :]
        else:
            cards = ranked[: len(recipients)]
        return exchange_of(state, seat, cards)
    if phase == DRAGON_GIFT:
        return GiveDragon(
            seat,
            max(variant.dragon_receivers(seat), key=lambda other: state.hands[other].bit_count()),
        )
    if phase == DOG_LEAD:
        return GiveLead(
            seat,
            min(
                variant.dog_choices(seat, state.hands),
                key=lambda other: state.hands[other].bit_count(),
            ),
        )
    raise ValueError(f"seat {seat} has nothing to do in the {phase} phase")


def interrupt(state: HandState, seat: int) -> Action | None:
    """A bomb on an opponent's trick when that opponent is nearly out or holds the Dragon
    trick."""
    holder, table = state.table_seat, state.table
    if table is None or holder in state.variant.partners(seat):
        return None
    if table.cards[0].face is not DRAGON and (state.hands[holder].bit_count() > _NEARLY_OUT):
        return None
    bombs = state.bombs_beating_table(seat)
    return Play(seat, min(bombs, key=len)) if bombs else None


def _lay(state: HandState, seat: int, play: tuple[Card, ...]) -> Play:
    """The play, wishing with the Mah Jong the highest rank the bot does not hold."""
    if MAH_JONG not in play:
        return Play(seat, play)
    held = {card.rank for card in cards_of(state.hands[seat])}
    return Play(seat, play, next((rank for rank in reversed(WISHES) if rank not in held), None))


def _lead_order(entry: Entry) -> tuple[float, int]:
    """Lowest rank first, then the most cards: shed the low cards in big combinations."""
    return entry[3], -entry[2]


def _follow_order(entry: Entry) -> tuple[float, int]:
    """The cheapest: the lowest rank, the fewest cards."""
    return entry[3], entry[2]


def _strength_order(card: Card) -> tuple[int, int]:
    """Weakest first: the Dog, 2 to Ace, the Mah Jong, the Phoenix, the Dragon."""
    face = card.face
    if face is DRAGON:
        return 18, card.index
    if face is PHOENIX:
        return 17, card.index
    return (face.rank if face.rank and face.rank > 1 else 16 if face.rank else 0), card.index
