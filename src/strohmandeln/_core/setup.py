"""Positions: a record of the card play set up from a description, and the description of one
(R5, R6, R9-R12, R15, R17-R19, R23).

:func:`build` validates a description against what the game can produce and makes its record;
:func:`describe` and :func:`describe_now` give the description a record was set up from, or of
the moment it is at. :class:`strohmandeln.positions.Position` is their public face (its docstring
states the rules of a valid description); documents and the sampler use them too.

A position's tricks so far are *set-up tricks*: packed tricks like played ones (they count for
card points and bonuses), which are not part of the history. They are given as each seat's won
cards, paired into tricks (:func:`won_tricks`), and as tricks given card by card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .._base.masks import BIT, KINGS, MOND, SKUS, TAKE_UP, TRULL, XVII, XVIII, follower_wins
from ..actions import Announcement, Call, Play
from ..cards import DECK_54, Card
from ..errors import DeckError, Reason
from ..rules import Bonus, RuleSet
from ..table import Phase
from . import possible
from .deal import Deal
from .engine import first_leader
from .formats import (
    ANN_KINGS,
    ANN_TRULL,
    CALL_ROSS,
    CALL_TOPSCHIN,
    CARD,
    I_CALL,
    T_FOLLOWED,
    T_FOLLOWED_INFO,
    T_LED,
    T_LED_INFO,
    T_WINNER,
    announced,
    info_call,
    lead_info,
    ross_calls,
    trick_followed,
    trick_followed_info,
    trick_led,
    trick_led_info,
    trick_mask,
    trick_winner,
)
from .history import ANNOUNCEMENTS, play_of
from .masks import cards_of
from .plays import topschin_allowed, variant_codes
from .record import AUC, CALLS, DEAL, H0, H1, LEAD, T0, T1, TRICKS, TURN, Record, assemble, cons, gone, walk
from .ruledata import rule_data

_SKUS_AND_MOND: Final = 1 << SKUS | 1 << MOND
_BIRDS: Final = 0b1111  # the I, II, III and IIII (R19)
_ANN_BITS: Final = {Announcement.TRULL: ANN_TRULL, Announcement.FOUR_KINGS: ANN_KINGS}
#: The cards of each pair of announcement bits (R17).
ANN_CARDS: Final = (0, TRULL, KINGS, TRULL | KINGS)

#: A card of a set-up trick: the card, or its play with a Rostopschin call (R18).
TrickCard = Card | Play
#: A set-up trick given card by card: (leader, led card, followed card).
GivenTrick = tuple[int, TrickCard, TrickCard]
Hands = tuple[tuple[Card, ...], tuple[Card, ...]]
Piles = tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]
Announced = tuple[frozenset[Announcement], frozenset[Announcement]]


def build(
    rules: RuleSet,
    *,
    hands: Hands,
    strohmaenner: Piles,
    won: Hands,
    rest_to: int | None,
    tricks: tuple[GivenTrick, ...],
    leader: int,
    dealer: int,
    undertaker: int | None,
    doubled: bool,
    announcements: Announced,
) -> Record:
    """The record of a described position (phase ``play``, or ``finished`` if no card is left),
    its parts already read and typed (:class:`~strohmandeln.positions.Position`); raises a
    :class:`~strohmandeln.DeckError` naming what no play of the game produces."""
    data = rule_data(rules)
    if doubled and undertaker is None:
        raise DeckError(Reason.BAD_SEAT, "only an undertaker's game can be doubled (R10)")
    if doubled and not data.undertaker_doubling:
        raise DeckError(Reason.INVALID_ACTION, f"the {rules.name} rules have no doubling (R10)")
    if undertaker is None and data.both_pass_throw_in:
        raise DeckError(Reason.BAD_SEAT, f"the {rules.name} rules throw a deal in when both pass (R9): give the undertaker")
    deck = data.deck_mask
    placed = 0

    def place(cards: Sequence[Card], where: str) -> int:
        nonlocal placed
        m = 0
        for card in cards:
            bit = 1 << card.index
            if not deck & bit:
                raise DeckError(Reason.CARD_NOT_IN_DECK, f"{where}: {card} is not in the {data.card_count}-card deck")
            if (placed | m) & bit:
                raise DeckError(Reason.DUPLICATE_CARD, f"{where}: {card} is given twice")
            m |= bit
        placed |= m
        return m

    hand_masks = [place(hands[s], f"hand of seat {s}") for s in (0, 1)]
    piles: list[tuple[int, ...]] = []
    tops = [0, 0]
    for s in (0, 1):
        for k, pile in enumerate(strohmaenner[s]):
            where = f"Strohmann {k} of seat {s}"
            place(pile, where)
            if len(pile) > data.strohmann_sizes[k]:
                raise DeckError(Reason.WRONG_DECK_SIZE, f"{where}: {len(pile)} cards, but it was dealt {data.strohmann_sizes[k]} (R6)")
            if len(pile) == 1:
                raise DeckError(
                    Reason.WRONG_DECK_SIZE,
                    f"{where}: a face-up top always has a face-down card below it (a last card is taken up, R12)",
                )
            if pile:
                top = pile[0]
                if 1 << top.index & TAKE_UP:
                    raise DeckError(Reason.CARD_FACE_DOWN, f"{where}: {top} cannot lie face up: tarocks and Kings are taken up (R11)")
                tops[s] |= 1 << top.index
            piles.append(tuple(c.index for c in pile))
    won_masks = [place(won[s], f"cards won by seat {s}") for s in (0, 1)]
    played, ross = _played(tricks, place)
    missing = deck & ~placed
    if missing:
        if rest_to is None:
            example = DECK_54[(missing & -missing).bit_length() - 1]
            raise DeckError(
                Reason.WRONG_DECK_SIZE, f"{missing.bit_count()} cards are in no place (e.g. {example}); give them or name rest_to"
            )
        won_masks[rest_to] |= missing
    for s in (0, 1):
        if won_masks[s].bit_count() % 2:
            raise DeckError(Reason.WRONG_DECK_SIZE, f"seat {s} has won an odd number of cards; a trick has two")
    left = [hand_masks[s].bit_count() + sum(len(p) for p in piles[3 * s : 3 * s + 3]) for s in (0, 1)]
    if left[0] != left[1]:
        raise DeckError(Reason.WRONG_DECK_SIZE, f"seat 0 has {left[0]} cards to play and seat 1 {left[1]}; each trick takes one of each")
    before = (won_masks[0].bit_count() + won_masks[1].bit_count()) // 2  # the tricks of the won cards come first
    ntr = before + len(played)
    calls = 0
    for s in (0, 1):
        for ann in announcements[s]:
            bonus = Bonus.TRULL_ANNOUNCED if ann is Announcement.TRULL else Bonus.FOUR_KINGS_ANNOUNCED
            if not rules.scoring.has(bonus):
                raise DeckError(Reason.ANNOUNCEMENT_NOT_ALLOWED, f"the {rules.name} rules have no announced {ann.value}")
            # (his Sküs, once played, won its trick: it cannot be among the other seat's won cards)
            elsewhere = hand_masks[1 - s] | sum(1 << c for pile in piles for c in pile) | won_masks[1 - s] & 1 << SKUS
            _check_announced(ann, s, ntr, elsewhere, played)
            calls |= _ANN_BITS[ann] << (2 * s)
    if left[0]:
        if played and leader != trick_winner(played[-1]):
            last = trick_winner(played[-1])
            raise DeckError(Reason.BAD_SEAT, f"seat {last} won the last trick and leads the next, not seat {leader} (R15)")
        first = first_leader(data, dealer, -1 if undertaker is None else undertaker)
        if not ntr and leader != first:
            raise DeckError(Reason.BAD_SEAT, f"seat {first} leads the first trick under the {rules.name} rules, not seat {leader} (R5)")
    if ross is not None:
        if not data.rostopschin:
            raise DeckError(Reason.CALL_NOT_ALLOWED, f"the {rules.name} rules have no Rostopschin (R18)")
        calls |= ross_calls(before + ross[0], ross[1])
    possible.check(data, hand_masks, piles, played, ntr)  # (R11, R12 and R14 on the hands)
    deal = Deal(rules, data, None, dealer, (hand_masks[0], hand_masks[1]), tuple(piles), setup_tricks=ntr, setup_won=before)
    packed = won_tricks(won_masks[0], won_masks[1]) + played
    for t in played:
        won_masks[trick_winner(t)] |= trick_mask(t)
    finished = left[0] == 0
    return assemble(
        deal,
        phase=Phase.FINISHED if finished else Phase.PLAY,
        turn=-1 if finished else leader,
        hands=(hand_masks[0], hand_masks[1]),
        tops=(tops[0], tops[1]),
        won=(won_masks[0], won_masks[1]),
        lead=-1,
        ntr=ntr,
        tricks=cons(packed),
        events=None,
        hist=None,
        calls=calls,
        auc=(-1 if undertaker is None else undertaker, doubled, None),
    )


def _played(tricks: tuple[GivenTrick, ...], place: Any) -> tuple[list[int], tuple[int, int] | None]:
    """The tricks given card by card, packed (their cards placed with ``place``), each led by the
    winner of the one before (R15), their calls checked (R18); and the Ross among them, if any
    (its index among them, and its seat)."""
    played: list[int] = []
    ross: tuple[int, int] | None = None
    for i, (first, led, followed) in enumerate(tricks):
        a, b = _card_of(led), _card_of(followed)
        place((a, b), f"tricks[{i}]")
        x, y = a.index, b.index
        if played and first != trick_winner(played[-1]):
            last = trick_winner(played[-1])
            raise DeckError(Reason.BAD_SEAT, f"tricks[{i}]: seat {last} won the trick before and leads this one, not seat {first} (R15)")
        ca, cb = _call_code(led), _call_code(followed)
        if (ca == CALL_ROSS and x != XVII) or (cb == CALL_ROSS and y != XVII):
            raise DeckError(Reason.CALL_NOT_ALLOWED, f"tricks[{i}]: Ross goes only with XVII (R18)")
        if cb == CALL_TOPSCHIN or (ca == CALL_TOPSCHIN and x != XVIII):
            raise DeckError(Reason.CALL_NOT_ALLOWED, f"tricks[{i}]: Topschin goes only with a led XVIII (R18)")
        # (the leader won the trick before, checked above: as in play, he may call Topschin if
        # the Ross was his and in that trick)
        if ca == CALL_TOPSCHIN and not topschin_allowed(-1, i, 0 if ross is None else ross_calls(*ross), first):
            raise DeckError(Reason.CALL_NOT_ALLOWED, f"tricks[{i}]: Topschin follows only a trick won by the same seat's called XVII (R18)")
        if ca == CALL_ROSS or cb == CALL_ROSS:
            ross = (i, first if ca == CALL_ROSS else 1 - first)
        winner = 1 - first if follower_wins(x, y) else first
        played.append(first | x << T_LED | y << T_FOLLOWED | winner << T_WINNER | ca << (T_LED_INFO + I_CALL) | cb << (T_FOLLOWED_INFO + I_CALL))
    return played, ross


def _check_announced(ann: Announcement, seat: int, ntr: int, elsewhere: int, played: list[int]) -> None:
    """R17: an announcement went with a play of ``seat`` while he held all its cards in the hand,
    so no card of it lies in the other seat's hand or in a Strohmann (``elsewhere``), or was
    played by the other seat in a trick given card by card."""
    combination = ANN_CARDS[_ANN_BITS[ann]]
    if not ntr:
        raise DeckError(Reason.ANNOUNCEMENT_NOT_ALLOWED, f"seat {seat} announced {ann.value} before any card was played (R17)")
    theirs = 0
    for t in played:
        theirs |= BIT[trick_led(t)] if t & 1 != seat else BIT[trick_followed(t)]
    bad = combination & (elsewhere | theirs)
    if bad:
        card = DECK_54[(bad & -bad).bit_length() - 1]
        raise DeckError(Reason.ANNOUNCEMENT_NOT_ALLOWED, f"seat {seat} announced {ann.value} without holding {card}, which is not his (R17)")


# --- describing a record --------------------------------------------------------------------

#: A description: (hands, strohmaenner, won, tricks, leader, dealer, undertaker, doubled,
#: announcements), as :class:`~strohmandeln.positions.Position` takes them.
Description = tuple[Hands, Piles, Hands, tuple[GivenTrick, ...], int, int, int | None, bool, Announced]


def describe(c: Record) -> Description:
    """The description a record set up by :func:`build` started from (its later plays are in its
    history); the record must come from a position (its deal has no deck order)."""
    d: Deal = c[DEAL]
    all_packed: list[int] = walk(c[TRICKS])
    lead = c[LEAD]
    later = all_packed[d.setup_tricks :]
    setup_packed = all_packed[: d.setup_tricks]
    won, given = described(setup_packed, d.setup_won)
    seats: list[int] = []
    later_plays: list[Play] = []
    for t in later:
        seats += [t & 1, 1 - (t & 1)]
        later_plays += [play_of(trick_led(t), trick_led_info(t)), play_of(trick_followed(t), trick_followed_info(t))]
    if lead >= 0:
        seats.append(1 - c[TURN])
        later_plays.append(play_of(lead & CARD, lead_info(lead)))
    leader, announcements = start(all_packed, d.setup_tricks, lead, c[TURN], c[CALLS], later_plays, seats)
    und, doubled, _ = c[AUC]
    return (
        (cards_of(d.hands[0]), cards_of(d.hands[1])),
        (tuple(_pile_cards(p) for p in d.piles[:3]), tuple(_pile_cards(p) for p in d.piles[3:])),
        (cards_of(won[0]), cards_of(won[1])),
        given,
        leader,
        d.dealer,
        None if und < 0 else und,
        doubled,
        announcements,
    )


def describe_now(c: Record) -> Description:
    """The position of a record of the card play between two tricks (or of a finished card
    play): each seat's hand, Strohmänner (the face-down cards in their order, R11) and won cards;
    the tricks so far as set-up tricks given card by card with their calls (R18); the
    announcements made so far (R17); the auction's outcome (R8, R10)."""
    d: Deal = c[DEAL]
    up = gone(c)
    tops = c[T0] | c[T1]
    # What is left of each Strohmann: its face-up top and the cards below it (R11, R12).
    piles = tuple(tuple(DECK_54[card] for card in pile if tops >> card & 1 or not up >> card & 1) for pile in d.piles)
    und, doubled, _ = c[AUC]
    won, given = described(walk(c[TRICKS]), d.setup_won)
    calls = c[CALLS]
    return (
        (cards_of(c[H0]), cards_of(c[H1])),
        (piles[:3], piles[3:]),
        (cards_of(won[0]), cards_of(won[1])),
        given,
        max(c[TURN], 0),
        d.dealer,
        None if und < 0 else und,
        doubled,
        (ANNOUNCEMENTS[announced(calls, 0)], ANNOUNCEMENTS[announced(calls, 1)]),
    )


def _pile_cards(pile: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple([DECK_54[c] for c in pile])


def start(
    packed: list[int], setup: int, lead: int, turn: int, calls: int, plays: Sequence[Play], seats: Sequence[int]
) -> tuple[int, Announced]:
    """The leader of the first trick after ``setup`` set-up tricks (of the ``packed`` tricks, with
    the lead ``lead`` and the seat to act ``turn``), and the set-up announcements: those of
    ``calls`` less those made with the later ``plays`` by ``seats`` (R17), which are part of the
    history, not of the position."""
    if len(packed) > setup:
        leader = packed[setup] & 1
    elif lead >= 0:
        leader = 1 - turn
    else:
        leader = max(turn, 0)
    bits = [announced(calls, 0), announced(calls, 1)]
    for play, seat in zip(plays, seats):
        for ann in play.announcements:
            bits[seat] &= ~_ANN_BITS[ann]
    return leader, (ANNOUNCEMENTS[bits[0]], ANNOUNCEMENTS[bits[1]])


def won_tricks(won0: int, won1: int) -> list[int]:
    """The packed set-up tricks of each seat's won cards: each led and won by that seat with its
    stronger card; the tricks that hold a bird (I, II, III, IIII) first, then the others, seat
    0's before seat 1's, so that no bird lands in one of the last four tricks, where R19 would
    score it."""
    birds: list[int] = []
    others: list[int] = []
    for s, won in ((0, won0), (1, won1)):
        for a, b in _pairs(won):
            lead, follow = (a, b) if not follower_wins(a, b) else (b, a)
            (birds if (1 << a | 1 << b) & _BIRDS else others).append(s | lead << T_LED | follow << T_FOLLOWED | s << T_WINNER)
    return birds + others


def described(packed: list[int], by_won: int) -> tuple[list[int], tuple[GivenTrick, ...]]:
    """Packed set-up tricks as a position gives them: the first ``by_won`` as each seat's won
    cards, the rest card by card, with their calls (R18; announcements are the position's own,
    R17). (A view of a position says ``by_won`` too: won cards say nothing of R14, tricks given
    card by card do, :mod:`.possible`.)"""
    won = _won_of(packed[:by_won])
    given = tuple(
        (t & 1, _set_up_card(trick_led(t), info_call(trick_led_info(t))), _set_up_card(trick_followed(t), info_call(trick_followed_info(t))))
        for t in packed[by_won:]
    )
    return won, given


def _won_of(packed: list[int]) -> list[int]:
    """The cards each seat won in the packed tricks."""
    won = [0, 0]
    for t in packed:
        won[trick_winner(t)] |= trick_mask(t)
    return won


def _set_up_card(card: int, code: int) -> TrickCard:
    """A card of a set-up trick as a position gives it: the card, or its play with a call."""
    return DECK_54[card] if not code else Play(DECK_54[card], call=Call.ROSS if code == CALL_ROSS else Call.TOPSCHIN)


def _call_code(item: TrickCard) -> int:
    """The call of a card of a set-up trick: 0 none, 1 Ross, 2 Topschin (R18)."""
    return variant_codes(item)[1] if isinstance(item, Play) else 0


def _card_of(item: TrickCard) -> Card:
    return item.card if isinstance(item, Play) else item


def _pairs(won: int) -> list[tuple[int, int]]:
    """A seat's won cards paired into set-up tricks in canonical order, except that the Sküs and
    the XXI share a trick only if they are all his won cards (a set-up invents no Mondfang,
    R23): else the Sküs changes places with a card of another trick."""
    cards = [c.index for c in cards_of(won)]
    pairs = list(zip(cards[0::2], cards[1::2]))
    if len(pairs) > 1 and won & _SKUS_AND_MOND == _SKUS_AND_MOND:
        for k, pair in enumerate(pairs):
            if SKUS in pair and MOND in pair:
                j = 1 if k == 0 else 0
                c, d = pairs[j]
                pairs[k], pairs[j] = (MOND, c), (SKUS, d)
                break
    return pairs
