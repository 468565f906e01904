"""Pictures of the table and of single cards as SVG text (no I/O: the caller writes the text).

:func:`table` draws a :class:`~strohmandeln.GameState` or a
:class:`~strohmandeln.PlayerView` as the table seen from one seat: each hand, the three
Strohmänner of each player with their face-up tops and the number of face-down cards under them,
the cards won with their exact card points, the trick on the table (and who led it), the last
trick, the phase and whose turn it is, and the score of a finished deal. It shows exactly what
:func:`strohmandeln.pictures.picture` lists: a full state every hand, a player's view his own
hand and of the other hand the cards taken up in the open and a count of backs, a spectator's
view only public cards. :func:`card` draws one card, or a back.

The SVG is self-contained — presentation attributes only, no style sheet, external font, image
or ``id`` (so that any number of pictures can stand inline in one HTML page) — and
deterministic: the same state or view gives the same text, byte for byte. Every text in it is
escaped. Each card drawn face up is a ``<g>`` element with ``data-card`` (its ASCII notation,
which :meth:`Card.parse <strohmandeln.Card.parse>` reads) and ``data-place`` (``hand-0``,
``strohmann-1-2``, ``trick``, ``last-trick``); hands, Strohmänner and won piles carry their
counts (``data-hidden``, ``data-face-down``, ``data-won``, ``data-thirds``), for programs and
tests.

>>> import strohmandeln as sm
>>> from strohmandeln import svg
>>> state = sm.deal(sm.CLASSIC, dealer=0, rng=97).apply(sm.Take())
>>> picture = svg.table(state.view(1), size=480)
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="480" height="')
True
>>> 'data-card="hK" data-place="hand-1"' in picture, 'data-card="IIII"' in picture  # IIII: unseen
(True, False)
>>> svg.table(state.view(1)) == svg.table(state.view(1)), len(svg.card(sm.SKUS)) < 1000
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from ._base import args
from .cards import MOND, PAGAT, SKUS, Card
from .dealing import deal_layout
from .knowledge import PlayerView
from .pictures import SeatPicture, TablePicture, picture, points_text
from .rules import RuleSet
from .state import GameState
from .table import Phase

__all__ = ["card", "deal_packets", "table"]

#: The drawing's own units: the table is WIDTH wide (a page's column: drawn at that width, no
#: text of it is under 11 pixels); a card CARD_W by CARD_H.
WIDTH: Final = 720
CARD_W: Final = 48
CARD_H: Final = 72
_MARGIN: Final = 20
_FONT: Final = "DejaVu Sans, Verdana, Arial, sans-serif"
_FELT: Final = "#2e6b3f"
_INK: Final = "#f5f5f0"
_MUTED: Final = "#cfe3d3"
_HIGHLIGHT: Final = "#ffd75e"
_RED: Final = "#c62828"
_BLACK: Final = "#1b1b1b"
#: The smallest text of a drawing, in its units.
_SMALL: Final = 11

# Heights of the parts of the table, top to bottom (a seat's band grows by a row of cards for
# each further row its hand takes).
_HEAD_H: Final = 56
_LABEL_H: Final = 24
_ROW_H: Final = CARD_H + 6
_PILES_H: Final = CARD_H + 18
_MIDDLE_H: Final = 124
_LINE_H: Final = 18
#: The most cards a row of a hand shows before it takes a second row: overlapping, each card
#: shows at least 40 units of its face (its corner's rank and suit, or its numeral).
_PER_ROW: Final = (WIDTH - 2 * _MARGIN - CARD_W) // 40 + 1


def _num(value: float) -> str:
    """A coordinate as text: whole numbers without a point, else one decimal (deterministic)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _text(x: float, y: float, content: str, *, size: int = 13, fill: str = _INK, weight: str = "", anchor: str = "") -> str:
    extra = (f' font-weight="{weight}"' if weight else "") + (f' text-anchor="{anchor}"' if anchor else "")
    return f'<text x="{_num(x)}" y="{_num(y)}" font-size="{size}" fill="{fill}"{extra}>{escape(content)}</text>'


# ------------------------------------------------------------------------------------------------
# Cards


def _face(c: Card) -> list[str]:
    """The elements of a face-up card at the origin, CARD_W by CARD_H."""
    if c.suit is None:
        skus = c == SKUS
        fill, stroke, ink = ("#f7d774", "#8a6d00", "#5a3d00") if skus else ("#fbf3de", "#8a6d3b", "#4a3413")
        label = str(c)
        parts = [
            f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" fill="{fill}" stroke="{stroke}"/>',
            f'<rect x="4" y="22" width="{CARD_W - 8}" height="{CARD_H - 30}" rx="3" fill="none" stroke="{stroke}" stroke-width="0.7"/>',
            _text(4, 15, label, size=12 if len(label) <= 4 else _SMALL, fill=ink, weight="bold"),
        ]
        if skus:
            parts.append(_text(CARD_W / 2, 54, "★", size=24, fill=ink, anchor="middle"))
        else:
            nick = {PAGAT: "Pagat", MOND: "Mond"}.get(c)
            parts.append(_text(CARD_W / 2, 46 if nick else 49, label, size=14 if len(label) <= 3 else _SMALL, fill=ink, anchor="middle"))
            if nick:
                parts.append(_text(CARD_W / 2, 60, nick, size=_SMALL, fill=ink, anchor="middle"))
        return parts
    ink = _RED if c.suit.is_red else _BLACK
    rank = str(c)[1:]
    return [
        f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" fill="#ffffff" stroke="#555555"/>',
        _text(4, 15, rank, size=13, fill=ink, weight="bold"),
        _text(4, 29, c.suit.symbol, size=12, fill=ink),
        _text(CARD_W / 2 + 3, 56, c.suit.symbol, size=26, fill=ink, anchor="middle"),
    ]


def _back() -> list[str]:
    return [
        f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" fill="#24467a" stroke="#0f2547"/>',
        f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="3" fill="none" stroke="#9db4d8" stroke-width="1.2"/>',
        f'<path d="M4 {CARD_H / 2:.0f} L{CARD_W / 2:.0f} 4 L{CARD_W - 4} {CARD_H / 2:.0f} L{CARD_W / 2:.0f} {CARD_H - 4} Z" '
        'fill="none" stroke="#9db4d8" stroke-width="0.8"/>',
    ]


def _placed(x: float, y: float, c: Card | None, place: str, *, from_strohmann: bool | None = None) -> str:
    """A card (``None``: a back) at (x, y), with its data attributes (``data-from-strohmann``
    for a card in a trick)."""
    at = f'transform="translate({_num(x)},{_num(y)})"'
    if c is None:
        return f'<g {at} data-back={quoteattr(place)}>' + "".join(_back()) + "</g>"
    flag = "" if from_strohmann is None else f' data-from-strohmann="{str(from_strohmann).lower()}"'
    return (
        f"<g {at} data-card={quoteattr(c.ascii)} data-place={quoteattr(place)}{flag}>"
        f"<title>{escape(c.name)}</title>" + "".join(_face(c)) + "</g>"
    )


def _open(width: float, height: float, size: int | None, label: str) -> str:
    """The ``<svg>`` tag of a drawing ``width`` by ``height`` in its own units: ``size`` pixels
    wide (and as high as the proportions say), or with no size (``None``: it fills the width of
    what holds it, as an inline picture in a page does)."""
    sized = "" if size is None else f'width="{size}" height="{_num(size * height / width)}" '
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" {sized}viewBox="0 0 {_num(width)} {_num(height)}" role="img" '
        f"aria-label={quoteattr(label)} font-family=\"{_FONT}\">"
    )


def card(c: Card | None, *, size: int | None = CARD_W) -> str:
    """One card as a standalone SVG, ``size`` pixels wide (and 1.5 times as high; ``None``: as
    wide as what holds it); ``None`` for ``c`` draws the back of a card.

    Suit cards show their rank and suit symbol (red for hearts and diamonds), tarocks their
    Roman numeral on a cream face, the Sküs a star on a golden one.

    :raises ArgumentTypeError: if ``c`` is neither a card nor ``None``, or ``size`` neither
        ``None`` nor a whole number.
    :raises ArgumentValueError: if ``size`` is not from 1 to 10000 pixels.

    >>> from strohmandeln import Card
    >>> print(card(Card.parse("♥K"), size=96)[:122])
    <svg xmlns="http://www.w3.org/2000/svg" width="96" height="144" viewBox="0 0 48 72" role="img" aria-label="King of hearts"
    >>> 'data-card="hK"' in card(Card.parse("hK")), 'data-back' in card(None)
    (True, True)
    """
    if c is not None and type(c) is not Card:
        raise args.wrong_type("c", "a Card or None (a back)", c)
    label = "the back of a card" if c is None else c.name
    return _open(CARD_W, CARD_H, _size(size), label) + _placed(0, 0, c, "card") + "</svg>"


def _size(size: object) -> int | None:
    """A picture's width: ``None`` (it fills what holds it) or a whole number of pixels from 1 to
    10,000."""
    return None if size is None else args.count(size, "size", least=1, most=10_000)


# ------------------------------------------------------------------------------------------------
# The table


def table(x: GameState | PlayerView, *, size: int | None = None, bottom: int | None = None) -> str:
    """The table of ``x`` as an SVG: the headline and the state of play on top, the other
    seat's hand and Strohmänner, the trick in the middle, then the bottom seat's Strohmänner and
    hand, and the score of a finished deal (see the module's description). ``bottom`` is the
    seat drawn at the bottom, as for :func:`strohmandeln.pictures.picture`.

    The drawing is 720 units wide, its smallest text 11 units high: ``size``
    draws it that many pixels wide; ``None`` (the default) gives it no size, so that it fills the
    width of what holds it (an HTML page's column, a notebook's cell) — as python-chess's
    boards do.

    :raises ArgumentTypeError: if ``x`` is neither a state nor a view, or ``bottom`` or
        ``size`` neither ``None`` nor a whole number.
    :raises ArgumentValueError: if ``bottom`` is not 0 or 1 (``bad_seat``), or ``size`` not from
        1 to 10000.

    >>> import strohmandeln as sm
    >>> import xml.etree.ElementTree as ET
    >>> state = sm.deal(sm.CLASSIC, dealer=0, rng=97)
    >>> root = ET.fromstring(table(state, bottom=1))
    >>> hand = [g.get("data-card") for g in root.iter("{http://www.w3.org/2000/svg}g")
    ...         if g.get("data-place") == "hand-1"]
    >>> sm.cards_from_text(" ".join(hand)) == state.hand(1)
    True
    >>> root.get("width"), root.get("viewBox")
    (None, '0 0 720 564')
    """
    width = _size(size)
    p = picture(x, bottom=bottom)
    lines = p.lines()
    score_lines = lines[2:]
    top_h, bottom_h = (_seat_height(p.seats[seat]) for seat in (p.top, p.bottom))
    height = _HEAD_H + top_h + _MIDDLE_H + bottom_h + (len(score_lines) * _LINE_H + 16 if score_lines else 0)
    label = f"The table: {lines[0]}; {lines[1]}"
    out = [
        _open(WIDTH, height, width, label),
        f"<title>{escape(label)}</title>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" rx="12" fill="{_FELT}"/>',
        _text(_MARGIN, 24, lines[0], size=15, weight="bold"),
        _text(_MARGIN, 45, lines[1], size=13, fill=_HIGHLIGHT if p.to_move is not None else _MUTED),
    ]
    y = _HEAD_H
    out += _seat(p, p.top, y, top=True)
    y += top_h
    out += _middle(p, y)
    y += _MIDDLE_H
    out += _seat(p, p.bottom, y, top=False)
    y += bottom_h
    for k, line in enumerate(score_lines):
        out.append(_text(_MARGIN + (16 if line.startswith(" ") else 0), y + 14 + k * _LINE_H, line.strip(), size=13,
                         weight="" if line.startswith(" ") else "bold"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _hand_rows(s: SeatPicture) -> int:
    """How many rows of cards a seat's hand takes (one, or two for a hand wider than the table)."""
    return 1 if s.hand_size <= _PER_ROW else 2


def _seat_height(s: SeatPicture) -> int:
    return _LABEL_H + _hand_rows(s) * _ROW_H + _PILES_H


def _seat(p: TablePicture, seat: int, y: float, *, top: bool) -> list[str]:
    """A seat's band: its label, its hand and its Strohmänner with the won pile (the Strohmänner
    face the middle of the table)."""
    s = p.seats[seat]
    hand_h = _hand_rows(s) * _ROW_H
    if top:
        label_y, hand_y, piles_y = y + 16, y + _LABEL_H, y + _LABEL_H + hand_h + 6
    else:
        piles_y, hand_y = y + 8, y + _PILES_H + 4
        label_y = hand_y + hand_h + 12
    acting = p.to_move == seat
    hand_note = f"hand: {s.hand_size} card{'' if s.hand_size == 1 else 's'}" + (f", {s.hidden} unseen" if s.hidden else "")
    out = [
        f'<g data-seat="{seat}">',
        _text(_MARGIN, label_y, p.seat_label(seat), size=14, weight="bold", fill=_HIGHLIGHT if acting else _INK),
        _text(WIDTH - _MARGIN, label_y, hand_note, size=12, fill=_MUTED, anchor="end"),
    ]
    out += _hand(s, hand_y)
    out += _piles(s, piles_y)
    out += _won(s, piles_y)
    out.append("</g>")
    return out


def _row(n: int, x0: float, x1: float) -> list[float]:
    """The x of ``n`` cards side by side from ``x0``, overlapping when they would pass ``x1``."""
    if n == 0:
        return []
    step = CARD_W + 6.0
    if n > 1 and x0 + step * (n - 1) + CARD_W > x1:
        step = (x1 - x0 - CARD_W) / (n - 1)
    return [x0 + k * step for k in range(n)]


def _hand(s: SeatPicture, y: float) -> list[str]:
    place = f"hand-{s.seat}"
    shown: Sequence[Card | None] = (*s.hand, *([None] * s.hidden))
    first = -(-len(shown) // _hand_rows(s))  # (the first row the longer)
    rows = [shown[:first], shown[first:]] if len(shown) > first else [shown]
    out = [f'<g data-hand="{s.seat}" data-size="{s.hand_size}" data-hidden="{s.hidden}">']
    for k, cards in enumerate(rows):
        for x, c in zip(_row(len(cards), _MARGIN, WIDTH - _MARGIN), cards):
            out.append(_placed(x, y + k * _ROW_H, c, place))
    if not shown:
        out.append(_slot(_MARGIN, y, "no cards in hand"))
    out.append("</g>")
    return out


def _slot(x: float, y: float, caption: str) -> str:
    """An empty place: a dashed outline with a caption beside it."""
    return (
        f'<rect x="{_num(x + 0.5)}" y="{_num(y + 0.5)}" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" fill="none" '
        f'stroke="{_MUTED}" stroke-dasharray="4 3"/>' + _text(x + CARD_W + 8, y + CARD_H / 2 + 4, caption, size=12, fill=_MUTED)
    )


#: The x of the Strohmänner (one every _PILE_STEP from the left) and of the won pile.
_PILE_X: Final = _MARGIN
_PILE_STEP: Final = 150
_WON_X: Final = WIDTH - _MARGIN - CARD_W - 12


def _stack(x: float, y: float, count: int, place: str) -> list[str]:
    """Up to three backs, each a little above and to the right of the one below it."""
    return [_placed(x + 3 * k, y - 3 * k, None, place) for k in range(min(count, 3))]


def _piles(s: SeatPicture, y: float) -> list[str]:
    out = []
    for k, pile in enumerate(s.piles):
        x = _PILE_X + k * _PILE_STEP
        place = f"strohmann-{s.seat}-{k}"
        up = "" if pile.face_up is None else f' data-face-up="{pile.face_up.ascii}"'
        out.append(f'<g data-strohmann="{s.seat}-{k}" data-face-down="{pile.face_down}"{up}>')
        if pile.face_down == 0 and pile.face_up is None:
            out.append(
                f'<rect x="{_num(x + 0.5)}" y="{_num(y + 0.5)}" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" '
                f'fill="none" stroke="{_MUTED}" stroke-dasharray="4 3"/>'
            )
        out += _stack(x, y, pile.face_down, place)
        lift = 3 * min(pile.face_down, 3)
        if pile.face_up is not None:
            out.append(_placed(x + lift, y - lift, pile.face_up, place))
        # (Strohmänner 0, 1, 2, as the API numbers them: strohmandeln.strohmann)
        out.append(_text(x + CARD_W + 14, y + 24, f"Strohmann {k}", size=_SMALL, fill=_MUTED))
        left = "empty" if pile.face_up is None and not pile.face_down else f"{pile.face_down} face down"
        out.append(_text(x + CARD_W + 14, y + 40, left, size=_SMALL))
        out.append("</g>")
    return out


def _won(s: SeatPicture, y: float) -> list[str]:
    x = _WON_X
    out = [f'<g data-won="{s.seat}" data-cards="{s.won}" data-thirds="{s.points.thirds}">']
    if s.won:
        out += _stack(x, y, s.won, f"won-{s.seat}")
    else:
        out.append(
            f'<rect x="{_num(x + 0.5)}" y="{_num(y + 0.5)}" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" '
            f'fill="none" stroke="{_MUTED}" stroke-dasharray="4 3"/>'
        )
    out.append(_text(x - 10, y + 24, "tricks", size=_SMALL, fill=_MUTED, anchor="end"))
    out.append(_text(x - 10, y + 40, f"{s.won} card{'' if s.won == 1 else 's'}", size=_SMALL, anchor="end"))
    out.append(_text(x - 10, y + 58, points_text(s.points), size=15, weight="bold", anchor="end"))
    out.append("</g>")
    return out


#: The x of the card led, and of the last trick's first card (its second _TRICK_STEP further).
_LEAD_X: Final = 250
_TRICK_STEP: Final = 72
_LAST_X: Final = WIDTH - _MARGIN - CARD_W - _TRICK_STEP


def _from_strohmann_mark(x: float, y: float) -> str:
    """The mark under a card of a trick that was played from a Strohmann (the text picture's ``*``)."""
    return _text(x + CARD_W / 2, y + CARD_H + 14, "Strohmann", size=_SMALL, fill=_MUTED, anchor="middle")


def _middle(p: TablePicture, y: float) -> list[str]:
    """The state of play on the left, the trick on the table in the middle, the last trick on
    the right; a card of either trick played from a Strohmann is marked under it."""
    cy = y + 16
    out = ['<g data-table="trick">']
    if p.lead is not None:
        out.append(_placed(_LEAD_X, cy, p.lead, "trick", from_strohmann=p.lead_from_strohmann))
        out.append(_text(_LEAD_X + CARD_W + 10, cy + CARD_H / 2 + 4, f"led by seat {p.leader}", size=12))
        if p.lead_from_strohmann:
            out.append(_from_strohmann_mark(_LEAD_X, cy))
    elif p.phase is Phase.PLAY:
        out.append(_slot(_LEAD_X, cy, f"seat {p.to_move} to lead"))
    out.append(_text(_MARGIN, cy + 14, f"trick {min(p.tricks + 1, p.trick_count)} of {p.trick_count}"
                     if p.phase is Phase.PLAY else f"{p.tricks} of {p.trick_count} tricks played", size=12, fill=_MUTED))
    if p.undertaker is not None:
        text = f"undertaker: seat {p.undertaker}" + (", doubled" if p.doubled else "")
    elif p.simple_game:
        text = "simple game"
    else:
        text = ""
    if text:
        out.append(_text(_MARGIN, cy + 32, text, size=12, fill=_MUTED))
    if p.multiplier != 1:
        out.append(_text(_MARGIN, cy + 50, f"stakes ×{p.multiplier}", size=12, fill=_MUTED))
    out.append("</g>")
    trick = p.last_trick
    if trick is not None:
        out.append('<g data-table="last-trick">')
        out.append(_text(_LAST_X - 10, cy + 14, f"last trick ({trick.number})", size=_SMALL, fill=_MUTED, anchor="end"))
        out.append(_text(_LAST_X - 10, cy + 30, f"led by seat {trick.leader}", size=_SMALL, anchor="end"))
        out.append(_text(_LAST_X - 10, cy + 46, f"won by seat {trick.winner}", size=_SMALL, anchor="end"))
        for k, (play, up) in enumerate(zip(trick.plays, trick.from_strohmann)):
            out.append(_placed(_LAST_X + k * _TRICK_STEP, cy, play.card, "last-trick", from_strohmann=up))
            if up:
                out.append(_from_strohmann_mark(_LAST_X + k * _TRICK_STEP, cy))
        out.append("</g>")
    return out


# ------------------------------------------------------------------------------------------------
# The deal, packet by packet


def deal_packets(rules: RuleSet, order: Sequence[Card], *, dealer: int, size: int | None = None) -> str:
    """How the dealer hands out a deck order (R6), as an SVG: the packets in the order they
    leave the top of the deck, Elder's first — the hand packets, then the packets that become
    the Strohmänner 0, 1 and 2 — each with the seat it goes to and its places in the deck. Each
    card carries ``data-card`` and ``data-place`` (``hand-1``, ``strohmann-0-2`` …), as in
    :func:`table`; ``size`` as there (720 units wide; ``None``: no size).

    The packets are the runs of the order's cards that :func:`strohmandeln.deal_layout` sends to
    one place: the picture cannot show another deal than :func:`strohmandeln.deal` makes.

    :raises DeckError: if ``order`` is not an order of the rule set's deck (as ``deal_layout``).
    :raises ArgumentTypeError: as ``deal_layout``, and if ``size`` is neither ``None`` nor a
        whole number.
    :raises ArgumentValueError: as ``deal_layout``, and if ``size`` is not from 1 to 10000.

    >>> import strohmandeln as sm
    >>> picture = deal_packets(sm.CLASSIC, sm.DECK_54, dealer=0)
    >>> picture.count("<g data-packet="), picture.count('data-place="strohmann-1-0"')
    (12, 4)
    """
    width = _size(size)
    dealer = args.seat(dealer, "dealer")
    hands, piles = deal_layout(rules, order, dealer=dealer)
    elder = 1 - dealer
    # Where each card goes (R6, as deal_layout says); a packet is a run of the deck's cards that go
    # to one place (the seats take their packets in turn, so two packets never run together).
    goes: dict[Card, tuple[int, str, str]] = {}
    for seat in (0, 1):
        goes.update((c, (seat, "hand", f"hand-{seat}")) for c in hands[seat])
        for k in range(3):
            goes.update((c, (seat, f"Strohmann {k}", f"strohmann-{seat}-{k}")) for c in piles[seat][k])
    packets: list[tuple[int, str, str, tuple[Card, ...]]] = []  # (seat, what, place, cards)
    for c in order:
        if packets and packets[-1][:3] == goes[c]:
            packets[-1] = (*goes[c], (*packets[-1][3], c))
        else:
            packets.append((*goes[c], (c,)))
    # (the cards of a packet overlap, each showing its corner: a tarock's numeral, a suit card's
    # rank and suit)
    step, per_row, row_h = 36.0, 3, 136
    hand_count = sum(1 for packet in packets if packet[1] == "hand")
    hand_rows = (hand_count + per_row - 1) // per_row
    # (the hand packets fill the first rows, the Strohmann packets start a row of their own)
    spots = [divmod(n, per_row) for n in range(hand_count)] + [(hand_rows + n // per_row, n % per_row) for n in range(6)]
    height = 76 + row_h * (spots[-1][0] + 1)
    out = [
        _open(WIDTH, height, width, "The deal of a deck order, packet by packet"),
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" rx="12" fill="{_FELT}"/>',
        _text(_MARGIN, 26, f"{rules.name}: seat {dealer} deals, seat {elder} is Elder and gets every first packet", size=15, weight="bold"),
        _text(_MARGIN, 46, "the deck from its top, left to right and row by row;", size=12, fill=_MUTED),
        _text(_MARGIN, 62, "a packet's first card is its top card", size=12, fill=_MUTED),
    ]
    start = 0
    for number, (seat, what, place, cards) in enumerate(packets):
        row, col = spots[number]
        x = _MARGIN + col * (WIDTH - 2 * _MARGIN) / per_row
        y = 76 + row * row_h
        tint = _HIGHLIGHT if seat == elder else _MUTED
        role = "Elder" if seat == elder else "dealer"
        out.append(f'<g data-packet="{number + 1}" data-seat="{seat}">')
        out.append(_text(x, y + 14, f"{number + 1}. seat {seat} ({role})", size=12, weight="bold", fill=tint))
        out.append(_text(x, y + 29, what, size=12, fill=tint))
        for k, c in enumerate(cards):
            out.append(_placed(x + k * step, y + 38, c, place))
        out.append(_text(x, y + 38 + CARD_H + 16, f"cards {start + 1}–{start + len(cards)}", size=_SMALL, fill=_MUTED))
        out.append("</g>")
        start += len(cards)
    out.append("</svg>")
    return "\n".join(out) + "\n"
