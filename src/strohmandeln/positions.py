"""Positions: a state of the card play set up from an explicit description.

Puzzles, end-games and scenario tests need a state in the middle of the card play without a deck
order that leads to it. :class:`Position` describes one — each seat's hand, his three Strohmänner
(top first: the top card lies face up, the rest face down), the cards each seat has already won,
who leads the next trick, and the auction's outcome — and :meth:`Position.state` validates it and
builds the :class:`~strohmandeln.GameState`. From there the rules apply as usual: legal moves, turning
the Strohmann cards after each trick (R11, R12, R15), scoring at the end.

A position is validated against what the game can produce:

* every card of the rule set's deck is in exactly one place (``rest_to`` gives the cards not
  mentioned to one seat's tricks);
* each seat has won an even number of cards (two per trick), and both seats have the same number
  of cards left to play (one each per trick);
* a Strohmann is empty or has a face-up top and at least one face-down card below it, and its top
  is a suit card below the King: a tarock, a King or a last card would have been taken up (R11,
  R12); it holds at most the cards it was dealt (R6);
* announcements (R17) only where the rule set has them, and only ones a play could have made: after
  the first trick, with none of their cards in the other seat's hand, in a Strohmann or played by
  the other seat in a trick given card by card;
* the auction's outcome is one the rules allow: doubling only where they have it (R10), an
  undertaker where both passing throws the deal in (R9);
* the seat to lead is the winner of the last trick given card by card (R15), or, before the first
  trick, the seat the rules name (R5);
* the hands keep the duty to follow where they show it (R14): a seat that did not follow in a
  trick given card by card held none of the led suit (nor a tarock, if he played a suit) that he
  still holds, or played later, while none of his Strohmänner has lost a card since it was dealt
  — nor, while none is empty, any such card but a tarock or a King (which he may have taken up
  later, R11) — and none lay face up on a Strohmann that has lost no card;
* before the first trick, a Strohmann short of the cards it was dealt lost tarocks and Kings to
  its owner's hand, all but the last card of an empty one (R11, R12): his hand holds that many.

Where a set-up leaves it open whether a deal gives it (a card of a set-up trick may have come
from a Strohmann, a card of the hand may have been taken up later), it is accepted; the
documentation's page on hidden information says exactly what is refused.

The cards already won are recorded as *set-up tricks*, which count for card points and bonuses in
the tricks like played tricks do; :attr:`~strohmandeln.GameState.history` starts empty. They are
given in two ways:

* ``won``: each seat's won cards, paired into tricks that seat led and won (its stronger card
  led), in canonical order — except that the Sküs and the XXI share a trick only if they are the
  seat's only two won cards, so that a set-up never invents a Mondfang (R23), and that the tricks
  holding a bird (I to IIII) come first, so that it never invents a bird either (R19);
* ``tricks``: tricks given card by card, ``(leader, led card, followed card)``, won as R15 says,
  after the tricks of ``won`` and in the order given (the last one given is the last trick), each
  led by the winner of the one before, and the last one's winner leads next. A card played with
  a Rostopschin call (R18) is given as that :class:`~strohmandeln.Play` (``"XVII!ross"``), checked
  as in play. :meth:`Position.at` gives a moment of a real game so, which keeps every bonus of
  its tricks.

The end-game of [001] (the last section): A (seat 0) holds ♣K ♣C ♣9 ♣7, B holds ♣Q ♣J ♣10 ♣8, the
other cards are gone and A leads.

>>> from strohmandeln import CLASSIC
>>> state = position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=0, leader=0)
>>> state.phase.value, state.current_player, state.trick_number
('play', 0, 23)
>>> [str(a) for a in state.legal_actions()]
['♣7', '♣9', '♣C', '♣K']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, final

import attrs

from ._base import args
from ._core import setup
from .actions import Announcement, Play, parse_action
from .cards import Card, cards_from_text
from .errors import ArgumentValueError, DeckError, NotationError, Reason, StateError, shown
from .rules import RuleSet, label
from .state import GameState, record_of, state_of
from .table import Phase

__all__ = ["Position", "position"]

CardsLike = str | Iterable[Card | str]

#: The most cards of one place of a position (a hand, a Strohmann, a seat's won cards) read
#: from a container: the deck has 54.
_MOST_CARDS = 54
#: The most set-up tricks given card by card (a deal has at most 27).
_MOST_TRICKS = 27


def _cards(value: object, what: str) -> tuple[Card, ...]:
    """Cards given as notation text (:func:`~strohmandeln.cards_from_text`) or as a container of
    cards and card texts."""
    if args.plain_text(value) is not None:
        return cards_from_text(value)  # type: ignore[arg-type]
    out: list[Card] = []
    for i, card in enumerate(args.items(value, what, _MOST_CARDS, sets=True, iterable=True)):
        if type(card) is Card:
            out.append(card)
        elif args.plain_text(card) is not None:
            out.extend(cards_from_text(card))
        else:
            raise args.wrong_type(f"{what}[{i}]", "a Card or card text", card)
    if len(out) > _MOST_CARDS:
        raise ArgumentValueError(Reason.TOO_LARGE, f"{what} holds at most {_MOST_CARDS} cards")
    return tuple(out)


def _hands(value: object) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    a, b = args.pair(value, "hands")
    return _cards(a, "hands[0]"), _cards(b, "hands[1]")


def _won(value: object) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    a, b = args.pair(value, "won")
    return _cards(a, "won[0]"), _cards(b, "won[1]")


def _trick_card(value: object, where: str) -> Card | Play:
    """A card of a set-up trick: a card, or a play with a Rostopschin call (R18), given as an
    object or as notation (``"XVII!ross"``); a plain play is its card."""
    text = args.plain_text(value)
    if text is not None:
        if "!" in text or "+" in text:
            try:
                value = parse_action(text)
            except NotationError as error:
                raise DeckError(Reason.INVALID_CARD, f"{where}: {error.message}") from None
        else:
            cards = cards_from_text(text)
            if len(cards) != 1:
                raise DeckError(Reason.INVALID_CARD, f"{where}: give one card, not {shown(text)}")
            return cards[0]
    if type(value) is Card:
        return value
    if type(value) is not Play:
        raise args.wrong_type(where, "a Card, a Play of one or card text", value)
    if value.announcements:
        raise DeckError(
            Reason.ANNOUNCEMENT_NOT_ALLOWED,
            f"{where}: a set-up trick carries no announcement; give it in announcements (R17)",
        )
    return value.card if value.call is None else Play(value.card, call=value.call)


def _tricks(value: object) -> tuple[tuple[int, Card | Play, Card | Play], ...]:
    out = []
    for i, trick in enumerate(args.items(value, "tricks", _MOST_TRICKS, iterable=True)):
        parts = args.items(trick, f"tricks[{i}]", 3)
        if len(parts) != 3:
            raise ArgumentValueError(Reason.BAD_VALUE, f"tricks[{i}] must be (leader, led card, followed card)")
        leader, led, followed = parts
        seat = args.seat(leader, f"tricks[{i}][0] (the leader)")
        out.append((seat, _trick_card(led, f"tricks[{i}][1]"), _trick_card(followed, f"tricks[{i}][2]")))
    return tuple(out)


def _piles(value: object) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    out = []
    for seat, piles in enumerate(args.pair(value, "strohmaenner")):
        try:
            given = args.items(piles, f"strohmaenner[{seat}]", 3)
        except ArgumentValueError:
            raise DeckError(Reason.WRONG_DECK_SIZE, f"seat {seat}: give up to three Strohmänner") from None
        got = [_cards(pile, f"strohmaenner[{seat}][{k}]") for k, pile in enumerate(given)]
        got += [()] * (3 - len(got))
        out.append(tuple(got))
    return out[0], out[1]


def _announced(value: object) -> tuple[frozenset[Announcement], frozenset[Announcement]]:
    out = []
    for seat, anns in enumerate(args.pair(value, "announcements")):
        given = args.items(anns, f"announcements[{seat}]", len(Announcement), sets=True, iterable=True)
        out.append(frozenset(args.member(Announcement, a, f"announcements[{seat}]") for a in given))
    return out[0], out[1]


def _leader(value: object) -> int:
    return args.seat(value, "leader")


def _dealer(value: object) -> int:
    return args.seat(value, "dealer")


def _undertaker(value: object) -> int | None:
    return args.seat_or_none(value, "undertaker")


def _rest_to(value: object) -> int | None:
    return args.seat_or_none(value, "rest_to")


def _doubled(instance: Any, attribute: attrs.Attribute[Any], value: object) -> None:
    args.flag(value, "doubled")


def _rules(instance: Any, attribute: attrs.Attribute[Any], value: object) -> None:
    args.instance(value, RuleSet, "rules")


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen(kw_only=True)
class Position:
    """A description of a moment of the card play, between two tricks.

    Cards may be given as :class:`~strohmandeln.Card` objects or as notation text (``"♣K ♣C"``).

    [001]'s end-game, every card not in a hand already won by seat 0:

    >>> from strohmandeln import CLASSIC
    >>> pos = Position(rules=CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=0, leader=0)
    >>> pos.hands[1]
    (Card.parse('♣Q'), Card.parse('♣J'), Card.parse('♣10'), Card.parse('♣8'))
    >>> pos.rules.name, pos.leader, pos.dealer, pos.undertaker, pos.doubled, pos.rest_to
    ('classic', 0, 0, None, False, 0)
    >>> pos.strohmaenner, pos.won, pos.announcements
    ((((), (), ()), ((), (), ())), ((), ()), (frozenset(), frozenset()))
    >>> pos.state()
    <GameState classic dealer=0 phase=play tricks=23 to_act=0>

    A description no deal produces is refused when the position is made:

    >>> from strohmandeln import DeckError
    >>> try:
    ...     Position(rules=CLASSIC, hands=("♣K", "♣Q ♣8"), rest_to=0, leader=0)
    ... except DeckError as error:
    ...     print(error.reason.value, "|", error)
    wrong_deck_size | seat 0 has won an odd number of cards; a trick has two

    :raises DeckError: with a reason naming what no play of the game produces (a card twice,
        an odd number of won cards, a Strohmann top a tarock, R5-R18).
    :raises NotationError: for card text that names no card, ``too_large`` over
        :data:`~strohmandeln.limits.MAX_CARD_TEXT` characters.
    :raises ArgumentTypeError: for a part of the wrong type (``rules`` not a
        :class:`~strohmandeln.RuleSet`, a seat not a whole number, a hand not cards or card
        text, ``doubled`` not a ``bool``), named by its place (``hands[1][3]``).
    :raises ArgumentValueError: with reason ``bad_seat`` for a seat that is not 0 or 1 or a pair
        of another length, ``too_large`` for more cards or tricks than a deal has.
    """

    #: The rule set.
    rules: RuleSet = attrs.field(validator=_rules)
    #: The cards in each seat's hand.
    hands: tuple[tuple[Card, ...], tuple[Card, ...]] = attrs.field(converter=_hands)
    #: Each seat's three Strohmänner, each top card first: the top lies face up, the rest face down.
    strohmaenner: tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]] = attrs.field(
        default=((), ()), converter=_piles
    )
    #: The cards each seat has won so far, paired into set-up tricks (the module docstring).
    won: tuple[tuple[Card, ...], tuple[Card, ...]] = attrs.field(default=((), ()), converter=_won)
    #: The seat whose tricks take every card not given elsewhere, or ``None`` (then every card
    #: must be given).
    rest_to: int | None = attrs.field(default=None, converter=_rest_to)
    #: Set-up tricks given card by card, ``(leader, led card, followed card)``, won as R15 says;
    #: they come after the tricks of :attr:`won`, the last one given last, each led by the
    #: winner of the one before. A card played with a Rostopschin call (R18) is given as its
    #: :class:`~strohmandeln.Play` (``Play(XVII, call=Call.ROSS)``, or ``"XVII!ross"``).
    tricks: tuple[tuple[int, Card | Play, Card | Play], ...] = attrs.field(default=(), converter=_tricks)
    #: The seat to lead the next trick.
    leader: int = attrs.field(converter=_leader)
    #: The dealer (R5; Elder is the other seat).
    dealer: int = attrs.field(default=0, converter=_dealer)
    #: The undertaker (R8), or ``None`` for a simple game.
    undertaker: int | None = attrs.field(default=None, converter=_undertaker)
    #: Whether the undertaker was doubled (R10).
    doubled: bool = attrs.field(default=False, validator=_doubled)
    #: The announcements each seat has made (R17).
    announcements: tuple[frozenset[Announcement], frozenset[Announcement]] = attrs.field(
        default=(frozenset(), frozenset()), converter=_announced
    )

    #: The state the description sets up, built (and so checked) when the position is made.
    _state: GameState = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        record = setup.build(
            self.rules,
            hands=self.hands,
            strohmaenner=self.strohmaenner,
            won=self.won,
            rest_to=self.rest_to,
            tricks=self.tricks,
            leader=self.leader,
            dealer=self.dealer,
            undertaker=self.undertaker,
            doubled=self.doubled,
            announcements=self.announcements,
        )
        object.__setattr__(self, "_state", state_of(record))

    def __repr__(self) -> str:
        cards = tuple(len(hand) for hand in self.hands)
        return f"<Position {label(self.rules)} dealer={self.dealer} leader={self.leader} tricks={len(self.tricks)} hands={cards}>"

    def state(self) -> GameState:
        """The state the description sets up (phase ``play``, or ``finished`` if no card is
        left): the description was checked when the position was made. A finished one is for
        scoring and analysis here: its document is refused by the loaders, for no history proves
        the result its set-up claims.

        >>> from strohmandeln import CLASSIC, DeckError
        >>> state = Position(rules=CLASSIC, hands=("♣K ♣7", "♣Q ♣8"), rest_to=0, leader=0).state()
        >>> state.phase.value, state.trick_number, state.card_points(0)
        ('play', 25, CardPoints(thirds=185))
        """
        return self._state

    @classmethod
    def of(cls, state: GameState) -> Position:
        """The description a state built by :meth:`state` started from (its later plays are in
        its history).

        >>> from strohmandeln import CLASSIC, parse_action
        >>> state = position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=0, leader=0)
        >>> start = Position.of(state)
        >>> start.state() == state, len(start.won[0]), start.rest_to   # rest_to is spelt out
        (True, 46, None)
        >>> later = state.apply(parse_action("♣9")).apply(parse_action("♣Q"))
        >>> Position.of(later) == start
        True

        :raises StateError: for a state dealt from a deck order (:meth:`at` describes any
            moment of it).
        :raises ArgumentTypeError: if ``state`` is not a :class:`~strohmandeln.GameState`.
        """
        args.instance(state, GameState, "state")
        if state.order is not None:
            raise StateError(Reason.NO_DECK_SOURCE, "the state was dealt from a deck order, not set up as a position")
        return cls._described(state.rules, setup.describe(record_of(state)))

    @classmethod
    def at(cls, state: GameState) -> Position:
        """The position of ``state`` at this moment: a state of the card play between two
        tricks (or of a finished card play), as a description to set up again, change or solve.

        Each seat keeps his hand, his Strohmänner (the face-down cards in their order, R11) and
        his won cards; the tricks so far become set-up tricks given card by card with their
        Rostopschin calls (:attr:`tricks`, so that every bonus of them counts as before, and a
        Topschin still due stays due, R18), the announcements made so far set-up
        announcements (R17); the undertaker and the doubling stay (R8, R10). The new state's
        history is empty; playing on from it gives the same states and the same result.

        >>> from strohmandeln import CLASSIC, deal
        >>> state = deal(CLASSIC, dealer=0, rng=7)
        >>> while state.trick_number < 20 or state.current_trick:
        ...     state = state.apply(state.legal_actions()[0])
        >>> again = Position.at(state).state()
        >>> again.hand(0) == state.hand(0), again.strohmaenner(1) == state.strohmaenner(1)
        (True, True)
        >>> again.card_points(0) == state.card_points(0), again.legal_actions() == state.legal_actions()
        (True, True)

        :raises StateError: with reason ``wrong_phase`` before the card play, during a trick or
            for a void deal.
        :raises ArgumentTypeError: if ``state`` is not a :class:`~strohmandeln.GameState`.
        """
        args.instance(state, GameState, "state")
        phase = state.phase
        if phase is Phase.FINISHED and state.void_reason is not None:
            raise StateError(Reason.WRONG_PHASE, "a void deal has no card play to set up")
        if phase is not Phase.PLAY and phase is not Phase.FINISHED or state.current_trick:
            raise StateError(Reason.WRONG_PHASE, "a position is a moment of the card play between two tricks")
        return cls._described(state.rules, setup.describe_now(record_of(state)))

    @classmethod
    def _described(cls, rules: RuleSet, description: setup.Description) -> Position:
        hands, strohmaenner, won, tricks, leader, dealer, undertaker, doubled, announcements = description
        return cls(
            rules=rules,
            hands=hands,
            strohmaenner=strohmaenner,
            won=won,
            tricks=tricks,
            leader=leader,
            dealer=dealer,
            undertaker=undertaker,
            doubled=doubled,
            announcements=announcements,
        )


def position(
    rules: RuleSet,
    *,
    hands: Sequence[CardsLike],
    strohmaenner: Sequence[Sequence[CardsLike]] = ((), ()),
    won: Sequence[CardsLike] = ((), ()),
    tricks: Iterable[tuple[int, Card | Play | str, Card | Play | str]] = (),
    rest_to: int | None = None,
    leader: int,
    dealer: int = 0,
    undertaker: int | None = None,
    doubled: bool = False,
    announcements: Sequence[Iterable[Announcement | str]] = ((), ()),
) -> GameState:
    """Build a play-phase state from a description; see :class:`Position` (same arguments, the
    same errors).

    :raises DeckError: as :class:`Position`, for a description no deal produces.
    :raises ArgumentError: as :class:`Position`, for a part of the wrong type or value.
    :raises NotationError: for card text that names no card (``too_large`` over the cap).

    >>> from strohmandeln import CLASSIC, parse_action
    >>> state = position(
    ...     CLASSIC,
    ...     hands=("XXI ♥K I", "♥Q"),
    ...     strohmaenner=((), (("♠7", "Sküs"),)),   # seat 1: ♠7 face up, the Sküs face down below
    ...     rest_to=1,
    ...     leader=0,
    ... )
    >>> state.strohmann(1, 0)
    StrohmannPile(face_up=Card.parse('♠7'), face_down=1)
    >>> for text in ("♥K", "♥Q", "XXI", "♠7"):
    ...     state = state.apply(parse_action(text))
    >>> state.hand(1), state.events[-1].hidden     # the last card went to the hand unseen (R12)
    ((Card.parse('Sküs'),), True)
    """
    return Position(
        rules=rules,
        hands=hands,
        strohmaenner=strohmaenner,
        won=won,
        tricks=tricks,
        rest_to=rest_to,
        leader=leader,
        dealer=dealer,
        undertaker=undertaker,
        doubled=doubled,
        announcements=announcements,
    ).state()
