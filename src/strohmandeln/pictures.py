"""Pictures of the table: what a state or a view shows, and its plain-text drawing.

:func:`picture` reads a :class:`~strohmandeln.GameState` or a
:class:`~strohmandeln.PlayerView` through their public accessors and returns a
:class:`TablePicture`: everything a drawing of the table shows, and nothing else — each seat's
hand (face up, or as a number of backs where the viewer does not know the cards), the three
Strohmänner with their face-up tops and face-down counts, the cards won and their exact card
points, the trick on the table and the last one, the phase, whose turn it is, and the score of a
finished deal. A full state shows every hand; a player's view shows his own hand and, of the
other hand, the cards taken up in the open (R11) and a count; a spectator's view (``view(None)``)
shows only public cards. The drawings are :func:`text` (here, for terminals and logs) and
:func:`strohmandeln.svg.table` (SVG), so both show the same and hide the same.

>>> import strohmandeln as sm
>>> from strohmandeln import pictures
>>> state = sm.deal(sm.CLASSIC, dealer=0, rng=97).apply(sm.Take())
>>> print(pictures.text(state.view(1)))
classic; seat 0 deals, seat 1 is Elder; undertaken by seat 1
play: trick 1 of 27, seat 1 to lead
<BLANKLINE>
seat 0, dealer
  hand 21      II X XIV XV ♣K + 16 unseen
  Strohmänner  ♦C over 1 | — over 0 | ♦J over 3
  tricks       none
<BLANKLINE>
seat 1, Elder, you, to lead
  Strohmänner  ♠C over 1 | ♠7 over 3 | ♦Q over 2
  hand 18      I III VI VII VIII XI XIII XVII XIX XX XXI ♠J ♠K ♥1 ♥Q ♥K ♦1 ♦K
  tricks       none

Seat 1 saw the ♣K, the XIV, the II, the X and the XV go into seat 0's hand when the Strohmänner
were uncovered, but not the IIII: it was the last card of its Strohmann, taken up unseen (R12).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final, final

import attrs

from ._base import args
from .actions import Announcement
from .cards import Card, cards_to_text
from .errors import ArgumentValueError, Reason
from .knowledge import PlayerView
from .points import CardPoints
from .results import DealResult
from .scoring import score
from .state import GameState
from .table import Phase, StrohmannPile, Trick, VoidReason

__all__ = ["SeatPicture", "TablePicture", "picture", "points_text", "text"]

_ROLES: Final = ("dealer", "Elder")
_ASK: Final = {
    Phase.FOLD: "{seat} holds no tarock and may fold",
    Phase.AUCTION: "{seat} to take or pass",
    Phase.DOUBLING: "{seat} may double",
}


#: The most cards of a deck.
_CARDS: Final = 54


def _set(value: object, name: str, checked: object) -> None:
    """Keep the checked value of a field (a whole number as an ``int``, a container as a tuple)."""
    if checked is not getattr(value, name):
        object.__setattr__(value, name, checked)


def _all(value: object, name: str, cls: type, limit: int) -> tuple[Any, ...]:
    """The items of a container field, each a ``cls``, at most ``limit`` of them."""
    got = args.items(value, name, limit)
    for i, item in enumerate(got):
        args.instance(item, cls, f"{name}[{i}]")
    return got


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen
class SeatPicture:
    """What a picture shows of one seat.

    >>> import strohmandeln as sm
    >>> seat = picture(sm.deal(sm.CLASSIC, dealer=0, rng=97).view(1)).seats[0]
    >>> seat.seat, seat.role, seat.hand, seat.hidden, seat.piles[0]
    (0, 'dealer', (), 15, StrohmannPile(face_up=None, face_down=4))

    :func:`picture` makes them; one made by hand (or by ``attrs.evolve``) is checked as
    :func:`picture` would make it.

    :raises ArgumentTypeError: for a field of the wrong type (a seat or count that is no whole
        number, cards that are no cards, a flag that is not ``True`` or ``False``…).
    :raises ArgumentValueError: for a seat other than 0 or 1 (``bad_seat``), a role other than
        ``dealer`` and ``Elder``, a count below 0 or above 54, piles other than three.
    """

    #: The seat, 0 or 1.
    seat: int
    #: ``"dealer"`` or ``"Elder"`` (R5).
    role: str
    #: Whether this is the viewer's seat (a player's view).
    is_viewer: bool
    #: The hand cards shown face up, in canonical order.
    hand: tuple[Card, ...]
    #: How many hand cards are shown face down (unknown to the viewer).
    hidden: int
    #: Strohmann 0, 1 and 2: the face-up top and the number of face-down cards.
    piles: tuple[StrohmannPile, StrohmannPile, StrohmannPile]
    #: How many cards the seat's tricks hold.
    won: int
    #: The exact card points of those tricks (R2, R4).
    points: CardPoints
    #: The announcements the seat made (R17), in the order of :class:`~strohmandeln.Announcement`.
    announcements: tuple[Announcement, ...]

    def __attrs_post_init__(self) -> None:
        _set(self, "seat", args.seat(self.seat, "seat"))
        role = args.text(self.role, "role", 16)
        if role not in _ROLES:
            raise args.bad_value("role", "'dealer' or 'Elder'", role)
        _set(self, "role", role)
        _set(self, "is_viewer", args.flag(self.is_viewer, "is_viewer"))
        _set(self, "hand", _all(self.hand, "hand", Card, _CARDS))
        _set(self, "hidden", args.count(self.hidden, "hidden", most=_CARDS))
        piles = _all(self.piles, "piles", StrohmannPile, 3)
        if len(piles) != 3:
            raise ArgumentValueError(Reason.BAD_VALUE, "piles must hold three Strohmann piles")
        _set(self, "piles", piles)
        _set(self, "won", args.count(self.won, "won", most=_CARDS))
        _set(self, "points", args.instance(self.points, CardPoints, "points"))
        _set(self, "announcements", tuple(args.member(Announcement, a, f"announcements[{i}]") for i, a in enumerate(args.items(self.announcements, "announcements", len(Announcement)))))

    def __repr__(self) -> str:
        return f"<SeatPicture {self.seat} {self.role} hand={len(self.hand) + self.hidden} points={self.points}>"

    @property
    def hand_size(self) -> int:
        """The number of cards in the hand, shown or not.

        >>> import strohmandeln as sm
        >>> picture(sm.deal(sm.CLASSIC, dealer=0, rng=97).view(1)).seats[0].hand_size
        15
        """
        return len(self.hand) + self.hidden


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen
class TablePicture:
    """Everything a picture of the table shows (see the module's description); made by
    :func:`picture`.

    >>> import strohmandeln as sm
    >>> table = picture(sm.deal(sm.CLASSIC, dealer=0, rng=97), bottom=1)
    >>> table.full, table.bottom, table.top, table.phase, table.to_move, table.lines()[:2]
    (True, 1, 0, <Phase.AUCTION: 'auction'>, 1, ('classic; seat 0 deals, seat 1 is Elder', 'auction: seat 1 to take or pass'))

    One made by hand (or by ``attrs.evolve``) is checked as :func:`picture` would make it.

    :raises ArgumentTypeError: for a field of the wrong type (``rules`` is the rule set's name).
    :raises ArgumentValueError: for a seat other than 0 or 1 (``bad_seat``), a count of tricks
        below 0 or above 27, stakes outside 1 to :data:`~strohmandeln.limits.MAX_MULTIPLIER`.
    """

    #: The name of the rule set.
    rules: str
    #: The dealer's seat.
    dealer: int
    #: The seat drawn at the bottom (the viewer's, by default); the other one is drawn on top.
    bottom: int
    #: The viewer's seat, or ``None`` (a full state, or a spectator's view).
    viewer: int | None
    #: Whether the picture is of a full state (every card known).
    full: bool
    #: Seat 0 and seat 1.
    seats: tuple[SeatPicture, SeatPicture]
    #: The phase of the deal.
    phase: Phase
    #: The seat to act, or ``None`` when the deal is over.
    to_move: int | None
    #: The number of completed tricks.
    tricks: int
    #: The number of tricks of a deal (27, or 20 with 40 cards).
    trick_count: int
    #: The card led to the trick in progress, if any.
    lead: Card | None
    #: Whether that card was played from a Strohmann (public: it lay face up on it).
    lead_from_strohmann: bool
    #: The seat that leads (or led) the trick in progress, during play.
    leader: int | None
    #: The last completed trick, if any.
    last_trick: Trick | None
    #: The undertaker (R8), if any.
    undertaker: int | None
    #: Whether the undertaker was doubled (R10).
    doubled: bool
    #: Whether the card play is a simple game (R9).
    simple_game: bool
    #: Why the deal is void, if it is.
    void_reason: VoidReason | None
    #: The deal's stakes (R26).
    multiplier: int
    #: The score of a finished or void deal.
    result: DealResult | None

    def __attrs_post_init__(self) -> None:
        _set(self, "rules", args.text(self.rules, "rules", 64))
        for name in ("dealer", "bottom"):
            _set(self, name, args.seat(getattr(self, name), name))
        for name in ("viewer", "to_move", "leader", "undertaker"):
            _set(self, name, args.seat_or_none(getattr(self, name), name))
        for name in ("full", "lead_from_strohmann", "doubled", "simple_game"):
            _set(self, name, args.flag(getattr(self, name), name))
        seats = _all(self.seats, "seats", SeatPicture, 2)
        if len(seats) != 2:
            raise ArgumentValueError(Reason.BAD_SEAT, "seats must give exactly two seats, one picture each")
        _set(self, "seats", seats)
        _set(self, "phase", args.member(Phase, self.phase, "phase"))
        _set(self, "trick_count", args.count(self.trick_count, "trick_count", most=_CARDS // 2))
        _set(self, "tricks", args.count(self.tricks, "tricks", most=_CARDS // 2))
        for name, cls in (("lead", Card), ("last_trick", Trick), ("result", DealResult)):
            value = getattr(self, name)
            if value is not None:
                args.instance(value, cls, name, f"None or {args.article(cls.__name__)}")
        if self.void_reason is not None:
            _set(self, "void_reason", args.member(VoidReason, self.void_reason, "void_reason"))
        _set(self, "multiplier", args.stakes(self.multiplier))

    def __repr__(self) -> str:
        viewer = "spectator" if self.viewer is None and not self.full else f"viewer={'all' if self.full else self.viewer}"
        return f"<TablePicture {self.rules} {viewer} bottom={self.bottom} phase={self.phase.value} tricks={self.trick_count}>"

    @property
    def top(self) -> int:
        """The seat drawn on top: the other one.

        >>> import strohmandeln as sm
        >>> picture(sm.deal(sm.CLASSIC, dealer=0, rng=97)).top
        1
        """
        return 1 - self.bottom

    def seat_label(self, seat: int) -> str:
        """The label of a seat: its number, its role, ``you`` for the viewer, what it is to do.

        >>> import strohmandeln as sm
        >>> picture(sm.deal(sm.CLASSIC, dealer=0, rng=97).view(1)).seat_label(1)
        'seat 1, Elder, you, to act'

        :raises ArgumentTypeError: if ``seat`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        seat = args.seat(seat, "seat")
        s = self.seats[seat]
        words = [f"seat {seat}", s.role]
        if s.is_viewer:
            words.append("you")
        if self.to_move == seat:
            words.append(("to lead" if self.lead is None else "to follow") if self.phase is Phase.PLAY else "to act")
        if s.announcements:
            words.append("announced " + " and ".join(a.value for a in s.announcements))
        return ", ".join(words)

    def lines(self, *, ascii: bool = False) -> tuple[str, ...]:
        """The headline, the state of play and, when the deal is over, its score: the text
        printed above the table (and below it, for the score).

        >>> import strohmandeln as sm
        >>> state = sm.deal(sm.CLASSIC, dealer=0, rng=97)
        >>> while not state.is_terminal:
        ...     state = state.apply(state.legal_actions()[0])
        >>> print(*picture(state).lines(ascii=True), sep="\\n")
        classic; seat 0 deals, seat 1 is Elder; undertaken by seat 1
        finished after 27 tricks
        result: card points 47 : 23 (47 : 23), card play won by seat 0
          seat 0 +4 undertaken game lost with 23 (R25)
          total: seat 0 +4, seat 1 -4

        :raises ArgumentTypeError: if ``ascii`` is not a ``bool``.
        """
        ascii = args.flag(ascii, "ascii")
        head = f"{self.rules}; seat {self.dealer} deals, seat {1 - self.dealer} is Elder"
        if self.undertaker is not None:
            head += f"; undertaken by seat {self.undertaker}" + (", doubled" if self.doubled else "")
        elif self.simple_game:
            head += "; simple game"
        if self.multiplier != 1:
            head += f"; stakes {'x' if ascii else '×'}{self.multiplier}"
        if self.phase is Phase.VOID:
            reason = self.void_reason.value.replace("_", " ") if self.void_reason else "void"
            status = f"void: {reason}, no score"
        elif self.phase is Phase.FINISHED:
            status = f"finished after {self.tricks} tricks"
        elif self.phase is Phase.PLAY:
            doing = "lead" if self.lead is None else "follow"
            status = f"play: trick {self.tricks + 1} of {self.trick_count}, seat {self.to_move} to {doing}"
        else:
            status = f"{self.phase.value}: " + _ASK[self.phase].format(seat=f"seat {self.to_move}")
        return (head, status, *_result_lines(self.result, ascii))


def _result_lines(result: DealResult | None, ascii: bool) -> Iterator[str]:
    if result is None or result.void is not None:
        return
    p0, p1 = result.card_points
    head = f"result: card points {points_text(p0, ascii=ascii)} : {points_text(p1, ascii=ascii)} ({p0.rounded} : {p1.rounded})"
    if result.drawn:
        head += ", card play drawn"
    elif result.card_play_winner is not None:
        head += f", card play won by seat {result.card_play_winner}"
    yield head
    for line in result.lines:
        yield f"  seat {line.player} +{line.points} {line.description} ({line.rule})"
    yield f"  total: seat 0 {result.totals[0]:+d}, seat 1 {result.totals[1]:+d}"


def points_text(points: CardPoints, *, ascii: bool = False) -> str:
    """Card points as the library writes them (``35⅔``, :class:`~strohmandeln.CardPoints`), or
    in ASCII (``35 2/3``).

    >>> [points_text(CardPoints(t), ascii=True) for t in (107, 105, 2, -4)]
    ['35 2/3', '35', '2/3', '-1 1/3']

    :raises ArgumentTypeError: if ``points`` is not a :class:`~strohmandeln.CardPoints` or
        ``ascii`` not a ``bool``.
    """
    args.instance(points, CardPoints, "points")
    return points.ascii if args.flag(ascii, "ascii") else str(points)


def picture(x: GameState | PlayerView, *, bottom: int | None = None) -> TablePicture:
    """What a drawing of ``x`` shows (see the module's description).

    ``bottom`` is the seat drawn at the bottom of the table: by default the viewer's (seat 0 for
    a full state or a spectator's view). It only turns the table: to draw what a seat knows,
    draw its view (``state.view(seat)``).

    :raises ArgumentTypeError: if ``x`` is neither a state nor a view, or ``bottom`` neither
        ``None`` nor a whole number.
    :raises ArgumentValueError: with reason ``bad_seat`` if ``bottom`` is not 0 or 1.

    >>> import strohmandeln as sm
    >>> view = sm.deal(sm.CLASSIC, dealer=0, rng=97).view(None)
    >>> [(s.hand, s.hidden) for s in picture(view).seats]      # a spectator sees no hand card
    [((), 15), ((), 15)]
    """
    if args.is_a(x, GameState):
        full, viewer = True, None
    elif type(x) is PlayerView:
        full, viewer = False, x.player
    else:
        raise args.wrong_type("x", "a GameState or a PlayerView", x)
    if bottom is None:
        bottom = 0 if viewer is None else viewer
    else:
        bottom = args.seat(bottom, "bottom")
    seats = (_seat(x, 0, viewer), _seat(x, 1, viewer))
    lead = x.current_trick
    # (whether the lead came from a Strohmann: the public document of the table says it, for
    # deals and set-up positions alike; no accessor of states and views does)
    table = x.to_dict() if isinstance(x, PlayerView) else x.view(None).to_dict()
    current = table["current_trick"]
    terminal = x.is_terminal
    return TablePicture(
        rules=x.rules.name,
        dealer=x.dealer,
        bottom=bottom,
        viewer=viewer,
        full=full,
        seats=seats,
        phase=x.phase,
        to_move=x.current_player,
        tricks=x.trick_number,
        trick_count=x.rules.deck.trick_count,
        lead=lead[0].card if lead else None,
        lead_from_strohmann=bool(current and current["from_strohmann"]),
        leader=x.leader,
        last_trick=x.tricks[-1] if x.tricks else None,
        undertaker=x.undertaker,
        doubled=x.doubled,
        simple_game=x.is_simple_game,
        void_reason=x.void_reason,
        multiplier=x.multiplier,
        result=score(x) if terminal else None,
    )


def _seat(x: GameState | PlayerView, seat: int, viewer: int | None) -> SeatPicture:
    if isinstance(x, GameState):
        hand, hidden = x.hand(seat), 0
    else:
        hand = x.known_hand(seat)
        hidden = x.hand_size(seat) - len(hand)
    made = x.announcements(seat)
    return SeatPicture(
        seat=seat,
        role=_ROLES[seat != x.dealer],
        is_viewer=seat == viewer,
        hand=hand,
        hidden=hidden,
        piles=x.strohmaenner(seat),
        won=len(x.won_cards(seat)),
        points=x.card_points(seat),
        announcements=tuple(a for a in Announcement if a in made),
    )


# ------------------------------------------------------------------------------------------------
# The plain-text drawing


def text(x: GameState | PlayerView, *, bottom: int | None = None, ascii: bool = False) -> str:
    """A plain-text picture of the table, for terminals and logs: the headline, the seat on top,
    the trick on the table and the last one, the seat at the bottom, and the score of a finished
    deal. Cards are written in the library's notation (:mod:`strohmandeln.cards`; ``ascii=True``
    for its ASCII form, and card points as ``35 2/3``); a face-up Strohmann top as ``♦C over 1``
    (one card face down under it), a card of either trick played from a Strohmann with ``*``
    (here the ♠C, Elder's Strohmann 0's top). Hidden cards are only counted. ``bottom`` as for
    :func:`picture`.

    >>> import strohmandeln as sm
    >>> state = sm.deal(sm.CLASSIC, dealer=0, rng=97).apply(sm.Take())
    >>> state = state.apply(sm.parse_action("♦Q")).apply(sm.parse_action("♦3"))
    >>> state = state.apply(sm.parse_action("♠C"))
    >>> print(text(state, ascii=True))
    classic; seat 0 deals, seat 1 is Elder; undertaken by seat 1
    play: trick 2 of 27, seat 0 to follow
    <BLANKLINE>
    seat 1, Elder
      hand 20      I III VI VII VIII IX XI XIII XVII XIX XX XXI cQ sJ sK h1 hQ hK d1 dK
      Strohmaenner - over 1 | s7 over 3 | - over 0
      tricks       2 cards, 3 2/3
    <BLANKLINE>
    on the table   sC* led by seat 1
    last trick     dQ* d3, led by seat 1, won by seat 1
    <BLANKLINE>
    seat 0, dealer, to follow
      Strohmaenner dC over 1 | - over 0 | dJ over 3
      hand 20      II IIII X XII XIV XV XVI XVIII Skus c7 c8 c10 cJ cC cK s8 s10 sQ h4 h2
      tricks       none

    :raises ArgumentError: as :func:`picture`, and if ``ascii`` is not a ``bool``.
    """
    table = picture(x, bottom=bottom)
    ascii = args.flag(ascii, "ascii")
    head = table.lines(ascii=ascii)
    out = [*head[:2], ""]
    out += _seat_lines(table, table.top, ascii, top=True)
    if table.lead is not None or table.last_trick is not None:
        out.append("")
    if table.lead is not None:
        mark = "*" if table.lead_from_strohmann else ""
        out.append(f"on the table   {_card(table.lead, ascii)}{mark} led by seat {table.leader}")
    if table.last_trick is not None:
        trick = table.last_trick
        played = " ".join(
            _card(play.card, ascii) + ("*" if up else "") for play, up in zip(trick.plays, trick.from_strohmann)
        )
        out.append(f"last trick     {played}, led by seat {trick.leader}, won by seat {trick.winner}")
    out.append("")
    out += _seat_lines(table, table.bottom, ascii, top=False)
    if len(head) > 2:
        out += ["", *head[2:]]
    return "\n".join(out)


def _card(card: Card, ascii: bool) -> str:
    return card.ascii if ascii else str(card)


def _seat_lines(table: TablePicture, seat: int, ascii: bool, *, top: bool) -> list[str]:
    s = table.seats[seat]
    shown = cards_to_text(s.hand, ascii=ascii)
    if s.hidden:
        unseen = f"{s.hidden} unseen"
        shown = f"{shown} + {unseen}" if shown else unseen
    hand = f"  hand {s.hand_size:<7} {shown or 'empty'}".rstrip()
    dash = "-" if ascii else "—"
    piles = " | ".join(
        f"{dash if p.face_up is None else _card(p.face_up, ascii)} over {p.face_down}" for p in s.piles
    )
    piles = ("  Strohmaenner " if ascii else "  Strohmänner  ") + piles
    won = f"{s.won} cards, {points_text(s.points, ascii=ascii)}" if s.won else "none"
    rows = [hand, piles] if top else [piles, hand]
    return [table.seat_label(seat), *rows, f"  tricks       {won}"]
