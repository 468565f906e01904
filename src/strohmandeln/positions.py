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
  trick, the seat the rules name (R5).

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
from typing import Any, Final

import attrs

from . import _engine as E
from .actions import Announcement, Call, Play, parse_action
from .cards import DECK_54, Card, cards_from_text
from .errors import DeckError, NotationError, Reason, StateError
from .rules import BothPass, Bonus, RuleSet
from .state import ANN_BIT, ANN_CARDS, GameState, Phase, _malformed, _topschin_allowed, _variant_codes, first_leader, ross_calls

__all__ = ["Position", "position"]

_TAKE_UP: Final = E.TAKE_UP
_SKUS: Final = 21  # (card indices: the Sküs and the XXI, the "Mond")
_MOND: Final = 20
_SKUS_AND_MOND: Final = 1 << _SKUS | 1 << _MOND
_BIRDS: Final = 0b1111  # the I, II, III and IIII (R19)
#: The call fields of a packed trick (R18): the leader's and the follower's (1 Ross, 2 Topschin).
_CALL_BITS: Final = 3 << 17 | 3 << 22

CardsLike = str | Iterable[Card | str]


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return cards_from_text(value)
    if not isinstance(value, Iterable):
        raise DeckError(Reason.INVALID_CARD, f"{what}: expected cards, not {type(value).__name__}")
    out: list[Card] = []
    for card in value:
        if isinstance(card, str):
            out.extend(cards_from_text(card))
        elif isinstance(card, Card):
            out.append(card)
        else:
            raise DeckError(Reason.INVALID_CARD, f"{what}: not a card: {card!r:.40}")
    return tuple(out)


def _pair(value: object, what: str) -> tuple[Any, Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != 2:
        raise DeckError(Reason.BAD_SEAT, f"{what}: give exactly two seats")
    return value[0], value[1]


def _hands(value: object) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    a, b = _pair(value, "hands")
    return _cards(a, "hand of seat 0"), _cards(b, "hand of seat 1")


def _won(value: object) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    a, b = _pair(value, "won")
    return _cards(a, "cards won by seat 0"), _cards(b, "cards won by seat 1")


def _trick_card(value: object, where: str) -> Card | Play:
    """A card of a set-up trick: a card, or a play with a Rostopschin call (R18), given as an
    object or as notation (``"XVII!ross"``); a plain play is its card."""
    if isinstance(value, str):
        if "!" in value or "+" in value:
            try:
                value = parse_action(value)
            except NotationError as error:
                raise DeckError(Reason.INVALID_CARD, f"{where}: {error.message}") from None
        else:
            cards = cards_from_text(value)
            if len(cards) != 1:
                raise DeckError(Reason.INVALID_CARD, f"{where}: give one card, not {value!r:.40}")
            return cards[0]
    if isinstance(value, Card):
        return value
    if not isinstance(value, Play) or _malformed(value):
        raise DeckError(Reason.INVALID_CARD, f"{where}: not a card or a play of one: {value!r:.40}")
    if value.announcements:
        raise DeckError(
            Reason.ANNOUNCEMENT_NOT_ALLOWED,
            f"{where}: a set-up trick carries no announcement; give it in announcements (R17)",
        )
    return value.card if value.call is None else Play(value.card, call=value.call)


def _tricks(value: object) -> tuple[tuple[int, Card | Play, Card | Play], ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise DeckError(Reason.INVALID_CARD, "tricks: give (leader, led card, followed card) for each trick")
    out = []
    for i, trick in enumerate(value):
        if isinstance(trick, (str, bytes)) or not isinstance(trick, Sequence) or len(trick) != 3:
            raise DeckError(Reason.INVALID_CARD, f"tricks[{i}]: give (leader, led card, followed card)")
        leader, led, followed = trick
        if type(leader) is not int or leader not in (0, 1):
            raise DeckError(Reason.BAD_SEAT, f"tricks[{i}]: the leader must be seat 0 or 1, not {leader!r:.20}")
        out.append((leader, _trick_card(led, f"tricks[{i}]"), _trick_card(followed, f"tricks[{i}]")))
    return tuple(out)


def _piles(value: object) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    out = []
    for seat, piles in enumerate(_pair(value, "strohmaenner")):
        if isinstance(piles, (str, bytes)) or not isinstance(piles, Sequence) or len(piles) > 3:
            raise DeckError(Reason.WRONG_DECK_SIZE, f"seat {seat}: give up to three Strohmänner")
        got = [_cards(pile, f"Strohmann {k} of seat {seat}") for k, pile in enumerate(piles)]
        got += [()] * (3 - len(got))
        out.append(tuple(got))
    return out[0], out[1]


def _announced(value: object) -> tuple[frozenset[Announcement], frozenset[Announcement]]:
    out = []
    for seat, anns in enumerate(_pair(value, "announcements")):
        try:
            out.append(frozenset(Announcement(a) for a in anns))
        except (TypeError, ValueError):
            raise DeckError(Reason.INVALID_ACTION, f"seat {seat}: unknown announcement in {anns!r:.60}") from None
    return out[0], out[1]


def _seat_or_none(value: object, what: str) -> int | None:
    if value is None:
        return None
    if type(value) is not int or value not in (0, 1):
        raise DeckError(Reason.BAD_SEAT, f"{what} must be seat 0 or 1, not {value!r:.20}")
    return value


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
    """

    #: The rule set.
    rules: RuleSet
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
    rest_to: int | None = None
    #: Set-up tricks given card by card, ``(leader, led card, followed card)``, won as R15 says;
    #: they come after the tricks of :attr:`won`, the last one given last, each led by the
    #: winner of the one before. A card played with a Rostopschin call (R18) is given as its
    #: :class:`~strohmandeln.Play` (``Play(XVII, call=Call.ROSS)``, or ``"XVII!ross"``).
    tricks: tuple[tuple[int, Card | Play, Card | Play], ...] = attrs.field(default=(), converter=_tricks)
    #: The seat to lead the next trick.
    leader: int
    #: The dealer (R5; Elder is the other seat).
    dealer: int = 0
    #: The undertaker (R8), or ``None`` for a simple game.
    undertaker: int | None = None
    #: Whether the undertaker was doubled (R10).
    doubled: bool = False
    #: The announcements each seat has made (R17).
    announcements: tuple[frozenset[Announcement], frozenset[Announcement]] = attrs.field(
        default=(frozenset(), frozenset()), converter=_announced
    )

    def state(self) -> GameState:
        """Validate the description and build the state (phase ``play``, or ``finished`` if no
        card is left).

        >>> from strohmandeln import CLASSIC, DeckError
        >>> state = Position(rules=CLASSIC, hands=("♣K ♣7", "♣Q ♣8"), rest_to=0, leader=0).state()
        >>> state.phase.value, state.trick_number, state.card_points(0)
        ('play', 25, CardPoints(thirds=185))
        >>> try:
        ...     Position(rules=CLASSIC, hands=("♣K", "♣Q ♣8"), rest_to=0, leader=0).state()
        ... except DeckError as error:
        ...     print(error.reason.value, "|", error)
        wrong_deck_size | seat 0 has won an odd number of cards; a trick has two

        :raises DeckError: with a reason naming what is wrong.
        """
        rules = self.rules
        if not isinstance(rules, RuleSet):
            raise DeckError(Reason.NO_DECK_SOURCE, f"rules must be a RuleSet, not {type(rules).__name__}")
        leader = _seat_or_none(self.leader, "the leader")
        dealer = _seat_or_none(self.dealer, "the dealer")
        undertaker = _seat_or_none(self.undertaker, "the undertaker")
        rest_to = _seat_or_none(self.rest_to, "rest_to")
        if leader is None or dealer is None:
            raise DeckError(Reason.BAD_SEAT, "give the leader and the dealer as seats 0 or 1")
        if type(self.doubled) is not bool or (self.doubled and undertaker is None):
            raise DeckError(Reason.BAD_SEAT, "only an undertaker's game can be doubled (R10)")
        if self.doubled and not rules.undertaker_doubling:
            raise DeckError(Reason.INVALID_ACTION, f"the {rules.name} rules have no doubling (R10)")
        if undertaker is None and rules.both_pass is BothPass.THROW_IN:
            raise DeckError(Reason.BAD_SEAT, f"the {rules.name} rules throw a deal in when both pass (R9): give the undertaker")
        deck = E.mask_of(rules.deck.cards)
        placed = 0

        def place(cards: tuple[Card, ...], where: str) -> int:
            nonlocal placed
            m = 0
            for card in cards:
                bit = 1 << card.index
                if not deck & bit:
                    raise DeckError(Reason.CARD_NOT_IN_DECK, f"{where}: {card} is not in the {rules.deck.card_count}-card deck")
                if (placed | m) & bit:
                    raise DeckError(Reason.DUPLICATE_CARD, f"{where}: {card} is given twice")
                m |= bit
            placed |= m
            return m

        hands = [place(self.hands[s], f"hand of seat {s}") for s in (0, 1)]
        piles: list[tuple[int, ...]] = []
        tops = [0, 0]
        for s in (0, 1):
            for k, pile in enumerate(self.strohmaenner[s]):
                where = f"Strohmann {k} of seat {s}"
                place(pile, where)
                if len(pile) > rules.deck.strohmann_sizes[k]:
                    raise DeckError(
                        Reason.WRONG_DECK_SIZE, f"{where}: {len(pile)} cards, but it was dealt {rules.deck.strohmann_sizes[k]} (R6)"
                    )
                if len(pile) == 1:
                    raise DeckError(
                        Reason.WRONG_DECK_SIZE,
                        f"{where}: a face-up top always has a face-down card below it (a last card is taken up, R12)",
                    )
                if pile:
                    top = pile[0]
                    if 1 << top.index & _TAKE_UP:
                        raise DeckError(Reason.CARD_FACE_DOWN, f"{where}: {top} cannot lie face up: tarocks and Kings are taken up (R11)")
                    tops[s] |= 1 << top.index
                piles.append(tuple(c.index for c in pile))
        won = [place(self.won[s], f"cards won by seat {s}") for s in (0, 1)]
        played, ross = self._played(place)
        missing = deck & ~placed
        if missing:
            if rest_to is None:
                raise DeckError(
                    Reason.WRONG_DECK_SIZE,
                    f"{missing.bit_count()} cards are in no place (e.g. {DECK_54[(missing & -missing).bit_length() - 1]}); "
                    "give them or name rest_to",
                )
            won[rest_to] |= missing
        for s in (0, 1):
            if won[s].bit_count() % 2:
                raise DeckError(Reason.WRONG_DECK_SIZE, f"seat {s} has won an odd number of cards; a trick has two")
        left = [hands[s].bit_count() + sum(len(p) for p in piles[3 * s : 3 * s + 3]) for s in (0, 1)]
        if left[0] != left[1]:
            raise DeckError(
                Reason.WRONG_DECK_SIZE, f"seat 0 has {left[0]} cards to play and seat 1 {left[1]}; each trick takes one of each"
            )
        before = (won[0].bit_count() + won[1].bit_count()) // 2  # the tricks of the won cards come first
        ntr = before + len(played)
        calls = 0
        for s in (0, 1):
            for ann in self.announcements[s]:
                bonus = Bonus.TRULL_ANNOUNCED if ann is Announcement.TRULL else Bonus.FOUR_KINGS_ANNOUNCED
                if not rules.scoring.has(bonus):
                    raise DeckError(Reason.ANNOUNCEMENT_NOT_ALLOWED, f"the {rules.name} rules have no announced {ann.value}")
                # (his Sküs, once played, won its trick: it cannot be among the other seat's won cards)
                elsewhere = hands[1 - s] | sum(1 << c for pile in piles for c in pile) | won[1 - s] & 1 << _SKUS
                _check_announced(ann, s, ntr, elsewhere, played)
                calls |= ANN_BIT[ann] << (2 * s)
        if left[0]:
            if played and leader != played[-1] >> 13 & 1:
                raise DeckError(Reason.BAD_SEAT, f"seat {played[-1] >> 13 & 1} won the last trick and leads the next, not seat {leader} (R15)")
            first = first_leader(rules, dealer, -1 if undertaker is None else undertaker)
            if not ntr and leader != first:
                raise DeckError(Reason.BAD_SEAT, f"seat {first} leads the first trick under the {rules.name} rules, not seat {leader} (R5)")
        deal = E.Deal(rules, None, dealer, (hands[0], hands[1]), tuple(piles))
        tricks: Any = None
        for t in _won_tricks(won[0], won[1]) + played:
            tricks = (tricks, t)
        for t in played:
            won[t >> 13 & 1] |= 1 << (t >> 1 & 63) | 1 << (t >> 7 & 63)
        if ross is not None:
            if not E.rule_data(rules).rostopschin:
                raise DeckError(Reason.CALL_NOT_ALLOWED, f"the {rules.name} rules have no Rostopschin (R18)")
            calls |= ross_calls(before + ross[0], ross[1])
        deal.setup_tricks = ntr  # (set-up tricks are not part of the history)
        deal.setup_won = before
        finished = left[0] == 0
        return GameState._assemble(
            deal,
            phase=Phase.FINISHED if finished else Phase.PLAY,
            turn=-1 if finished else leader,
            hands=(hands[0], hands[1]),
            tops=(tops[0], tops[1]),
            won=(won[0], won[1]),
            lead=-1,
            ntr=ntr,
            tricks=tricks,
            events=None,
            hist=None,
            calls=calls,
            auc=(-1 if undertaker is None else undertaker, self.doubled, None),
        )

    def _played(self, place: Any) -> tuple[list[int], tuple[int, int] | None]:
        """The tricks given card by card, packed (their cards placed with ``place``), each led by
        the winner of the one before (R15), their calls checked (R18); and the Ross among them,
        if any (its index among them, and its seat)."""
        played: list[int] = []
        ross: tuple[int, int] | None = None
        for i, (first, led, followed) in enumerate(self.tricks):
            a, b = _card_of(led), _card_of(followed)
            place((a, b), f"tricks[{i}]")
            x, y = a.index, b.index
            if played and first != played[-1] >> 13 & 1:
                raise DeckError(
                    Reason.BAD_SEAT,
                    f"tricks[{i}]: seat {played[-1] >> 13 & 1} won the trick before and leads this one, not seat {first} (R15)",
                )
            ca, cb = _call_code(led), _call_code(followed)
            if (ca == 1 and x != E.XVII) or (cb == 1 and y != E.XVII):
                raise DeckError(Reason.CALL_NOT_ALLOWED, f"tricks[{i}]: Ross goes only with XVII (R18)")
            if cb == 2 or (ca == 2 and x != E.XVIII):
                raise DeckError(Reason.CALL_NOT_ALLOWED, f"tricks[{i}]: Topschin goes only with a led XVIII (R18)")
            # (the leader won the trick before, checked above: as in play, he may call Topschin
            # if the Ross was his and in that trick)
            if ca == 2 and not _topschin_allowed(-1, i, 0 if ross is None else ross_calls(*ross), first):
                raise DeckError(
                    Reason.CALL_NOT_ALLOWED,
                    f"tricks[{i}]: Topschin follows only a trick won by the same seat's called XVII (R18)",
                )
            if ca == 1 or cb == 1:
                ross = (i, first if ca == 1 else 1 - first)
            played.append(first | x << 1 | y << 7 | _winner(first, x, y) << 13 | ca << 17 | cb << 22)
        return played, ross

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
        """
        if not isinstance(state, GameState):
            raise TypeError(f"not a GameState: {type(state).__name__}")
        d = state._d
        if d.order is not None:
            raise StateError(Reason.NO_DECK_SOURCE, "the state was dealt from a deck order, not set up as a position")
        history = state.history
        plays = [a for a in history if isinstance(a, Play)]
        lead_open = state._lead >= 0
        played_tricks = (len(plays) - lead_open) // 2
        packed: list[int] = E.walk(state._tricks)  # type: ignore[assignment]
        setup = packed[: len(packed) - played_tricks]
        won, tricks = _described(setup, d.setup_won)
        leader, announcements = _start(packed, len(setup), state._lead, state._turn, state._calls, plays, _play_seats(state, len(plays)))
        und, doubled, _ = state._auc
        return cls(
            rules=d.rules,
            hands=tuple(E.cards_of(h) for h in d.hands),
            strohmaenner=(
                tuple(tuple(DECK_54[c] for c in p) for p in d.piles[:3]),
                tuple(tuple(DECK_54[c] for c in p) for p in d.piles[3:]),
            ),
            won=(E.cards_of(won[0]), E.cards_of(won[1])),
            tricks=tricks,
            leader=leader,
            dealer=d.dealer,
            undertaker=None if und < 0 else und,
            doubled=doubled,
            announcements=announcements,
        )

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
        """
        if not isinstance(state, GameState):
            raise TypeError(f"not a GameState: {type(state).__name__}")
        phase = state.phase
        if phase is Phase.FINISHED and state.void_reason is not None:
            raise StateError(Reason.WRONG_PHASE, "a void deal has no card play to set up")
        if phase is not Phase.PLAY and phase is not Phase.FINISHED or state.current_trick:
            raise StateError(Reason.WRONG_PHASE, "a position is a moment of the card play between two tricks")
        d = state._d
        up = state._h0 | state._h1 | state._t0 | state._t1 | state._w0 | state._w1
        tops = state._t0 | state._t1
        # What is left of each Strohmann: its face-up top and the cards below it (R11, R12).
        piles = tuple(tuple(DECK_54[c] for c in pile if tops >> c & 1 or not up >> c & 1) for pile in d.piles)
        und, doubled, _ = state._auc
        won, tricks = _described(E.walk(state._tricks), d.setup_won)  # type: ignore[arg-type]
        return cls(
            rules=d.rules,
            hands=(E.cards_of(state._h0), E.cards_of(state._h1)),
            strohmaenner=(piles[:3], piles[3:]),
            won=(E.cards_of(won[0]), E.cards_of(won[1])),
            tricks=tricks,
            leader=max(state._turn, 0),
            dealer=d.dealer,
            undertaker=None if und < 0 else und,
            doubled=doubled,
            announcements=(state.announcements(0), state.announcements(1)),
        )


def _check_announced(ann: Announcement, seat: int, ntr: int, elsewhere: int, played: list[int]) -> None:
    """R17: an announcement went with a play of ``seat`` while he held all its cards in the hand,
    so no card of it lies in the other seat's hand or in a Strohmann (``elsewhere``), or was
    played by the other seat in a trick given card by card."""
    combination = ANN_CARDS[ANN_BIT[ann]]
    if not ntr:
        raise DeckError(Reason.ANNOUNCEMENT_NOT_ALLOWED, f"seat {seat} announced {ann.value} before any card was played (R17)")
    theirs = 0
    for t in played:
        theirs |= 1 << (t >> 1 & 63) if t & 1 != seat else 1 << (t >> 7 & 63)
    bad = combination & (elsewhere | theirs)
    if bad:
        card = DECK_54[(bad & -bad).bit_length() - 1]
        raise DeckError(Reason.ANNOUNCEMENT_NOT_ALLOWED, f"seat {seat} announced {ann.value} without holding {card}, which is not his (R17)")


def _play_seats(state: GameState, n: int) -> list[int]:
    """The seats of the last ``n`` plays of ``state``."""
    seats: list[int] = []
    for t in E.walk(state._tricks):
        leader = t & 1  # type: ignore[operator]
        seats += [leader, 1 - leader]
    if state._lead >= 0:
        seats.append(1 - state._turn)
    return seats[len(seats) - n :] if n else []


def _start(
    packed: list[int], setup: int, lead: int, turn: int, calls: int, plays: Sequence[Play], seats: Sequence[int]
) -> tuple[int, tuple[frozenset[Announcement], frozenset[Announcement]]]:
    """The leader of the first trick after ``setup`` set-up tricks (of the ``packed`` tricks, with
    the lead field ``lead`` and the seat to act ``turn``), and the set-up announcements: those of
    ``calls`` less those made with the later ``plays`` by ``seats`` (R17), which are part of the
    history, not of the position."""
    if len(packed) > setup:
        leader = packed[setup] & 1
    elif lead >= 0:
        leader = 1 - turn
    else:
        leader = max(turn, 0)
    bits = [calls >> (2 * s) & 3 for s in (0, 1)]
    for play, seat in zip(plays, seats):
        for ann in play.announcements:
            bits[seat] &= ~ANN_BIT[ann]
    announced = [frozenset(a for k, a in enumerate((Announcement.TRULL, Announcement.FOUR_KINGS)) if b >> k & 1) for b in bits]
    return leader, (announced[0], announced[1])


def _won_tricks(won0: int, won1: int) -> list[int]:
    """The packed set-up tricks of each seat's won cards: each led and won by that seat with its
    stronger card; the tricks that hold a bird (I, II, III, IIII) first, then the others, seat
    0's before seat 1's, so that no bird lands in one of the last four tricks, where R19 would
    score it."""
    birds: list[int] = []
    others: list[int] = []
    for s, won in ((0, won0), (1, won1)):
        for a, b in _pairs(won):
            lead, follow = _leading(a, b)
            (birds if (1 << a | 1 << b) & _BIRDS else others).append(s | lead << 1 | follow << 7 | s << 13)
    return birds + others


def _described(packed: list[int], by_won: int | None = None) -> tuple[list[int], tuple[tuple[int, Card | Play, Card | Play], ...]]:
    """Packed set-up tricks as a position gives them: the first ``by_won`` as each seat's won
    cards, the rest card by card, with their calls (R18; announcements are the position's own,
    R17).

    Without ``by_won`` (a view knows the tricks, not how they were given): all of them if pairing
    the won cards gives exactly these tricks, else all card by card if each is led by the winner
    of the one before (R15), as :meth:`Position.at` gives a moment of a game, else the longest
    first part that pairing its won cards gives exactly, without a call, such that each later
    trick is led by the winner of the one before. Every such split describes the same tricks.
    """
    if by_won is None:
        n = len(packed)
        chained = max(n - 1, 0)  # every trick from this one on is led by the winner of the one before
        while chained and packed[chained] & 1 == packed[chained - 1] >> 13 & 1:
            chained -= 1
        paired = 0  # the tricks won-form pairing could give: each led and won by one seat, no call
        while paired < n and (t := packed[paired]) & 1 == t >> 13 & 1 and not t & _CALL_BITS:
            paired += 1
        if paired == n and _paired(packed):
            by_won = n
        elif not chained:
            by_won = 0
        else:
            by_won = next((k for k in range(paired, chained - 1, -1) if _paired(packed[:k])), 0)
    won = _won_of(packed[:by_won])
    return won, tuple((t & 1, _set_up_card(t >> 1 & 63, t >> 17 & 3), _set_up_card(t >> 7 & 63, t >> 22 & 3)) for t in packed[by_won:])


def _paired(packed: list[int]) -> bool:
    """Whether pairing the won cards of the packed tricks gives exactly these tricks (and these
    cards, leaders and winners)."""
    won = _won_of(packed)
    return [t & 0x3FFF for t in packed] == _won_tricks(won[0], won[1])


def _won_of(packed: list[int]) -> list[int]:
    """The cards each seat won in the packed tricks."""
    won = [0, 0]
    for t in packed:
        won[t >> 13 & 1] |= 1 << (t >> 1 & 63) | 1 << (t >> 7 & 63)
    return won


def _set_up_card(card: int, code: int) -> Card | Play:
    """A card of a set-up trick as a position gives it: the card, or its play with a call."""
    return DECK_54[card] if not code else Play(DECK_54[card], call=Call.ROSS if code == 1 else Call.TOPSCHIN)


def _call_code(item: Card | Play) -> int:
    """The call of a card of a set-up trick: 0 none, 1 Ross, 2 Topschin (R18)."""
    return _variant_codes(item)[1] if isinstance(item, Play) else 0


def _card_of(item: Card | Play) -> Card:
    return item.card if isinstance(item, Play) else item


def _pairs(won: int) -> list[tuple[int, int]]:
    """A seat's won cards paired into set-up tricks in canonical order, except that the Sküs and
    the XXI share a trick only if they are all his won cards (a set-up invents no Mondfang,
    R23): else the Sküs changes places with a card of another trick."""
    cards = [c.index for c in E.cards_of(won)]
    pairs = list(zip(cards[0::2], cards[1::2]))
    if len(pairs) > 1 and won & _SKUS_AND_MOND == _SKUS_AND_MOND:
        for k, pair in enumerate(pairs):
            if _SKUS in pair and _MOND in pair:
                j = 1 if k == 0 else 0
                c, d = pairs[j]
                pairs[k], pairs[j] = (_MOND, c), (_SKUS, d)
                break
    return pairs


def _winner(leader: int, a: int, b: int) -> int:
    """The winner of a trick led with ``a`` by ``leader`` and followed with ``b`` (R15)."""
    ca, cb = E.CLASS[a], E.CLASS[b]
    if ca == cb:
        return leader if a > b else 1 - leader
    return 1 - leader if cb == 0 else leader


def _leading(a: int, b: int) -> tuple[int, int]:
    """Order two cards so that the first, led, wins the trick (R15)."""
    return (a, b) if _winner(0, a, b) == 0 else (b, a)


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
    """Build a play-phase state from a description; see :class:`Position` (same arguments).

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
