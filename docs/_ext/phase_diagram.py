"""The phases of a deal and the transitions between them, enumerated from the library and drawn
as SVG (the directive ``.. phase-diagram::`` of ``table_pictures.py``; ``tests/test_phase_diagram.py``
checks the drawing against the enumeration). Needs only the library, not Sphinx.

What the enumeration covers, and why that is every transition a deal makes:

* a phase after an action before the card play depends on the rule set's options that shape the
  deal (the deck, ``fold_without_tarock``, ``both_pass``, ``undertaker_doubling``: R7–R10) and
  on which dealt hands hold no tarock (R7: who may fold, and who is asked after a ``keep``);
  :func:`variants` is every preset under every setting of those options, :func:`deals` of each a
  shuffled deal and a deal for each set of tarockless hands (Elder's, the dealer's, both) the
  deck allows, and :func:`transitions` follows every legal action from each of them to the card
  play;
* in the card play every action is a card, and a card leads to the card play or, with the last
  trick, to the finished deal: one card play to its end shows both.

``tests/test_phase_diagram.py`` plays random deals of random variants, every action drawn at
random, and finds no transition that the enumeration lacks.
"""

from __future__ import annotations

import html
import math
from typing import Final

import attrs

import strohmandeln as sm

#: The start of a deal (no phase: :func:`strohmandeln.deal` makes the first state).
START: Final = "deal"
#: What a card of the card play is called in the drawing.
A_CARD: Final = "a card"
#: ``(from, to) -> {action}``: the transitions and the actions (their notation) that make them.
Transitions = dict[tuple[str, str], set[str]]


def variants() -> list[sm.RuleSet]:
    """Every preset under every setting of the options that change the phases."""
    out = []
    for rules in sm.PRESETS.values():
        for both_pass in sm.BothPass:
            for doubling in (False, True):
                for fold in (False, True):
                    out.append(
                        attrs.evolve(
                            rules,
                            name=f"{rules.name}-{both_pass.value}-{int(doubling)}-{int(fold)}",
                            both_pass=both_pass,
                            undertaker_doubling=doubling,
                            fold_without_tarock=fold,
                        )
                    )
    return out


def deals(rules: sm.RuleSet) -> list[sm.GameState]:
    """A shuffled deal of ``rules``, and a deal in which Elder, the dealer, or both are dealt no
    tarock (where the deck has the suit cards for it)."""
    suit_cards = [c for c in rules.deck.cards if not c.is_tarock]
    size = sum(rules.deck.hand_packets)
    out = [sm.deal(rules, dealer=0, rng=1)]
    for tarockless in ((1,), (0,), (0, 1)):
        if len(tarockless) * size > len(suit_cards):
            continue  # pragma: no cover - every deck of the library has the suit cards for both
        hands: list[tuple[sm.Card, ...]] = [(), ()]
        for k, seat in enumerate(tarockless):
            hands[seat] = tuple(suit_cards[k * size : (k + 1) * size])
        out.append(sm.deal(rules, dealer=0, order=sm.compose_order(rules, dealer=0, hands=hands)))
    return out


def note(found: Transitions, before: sm.GameState | None, after: sm.GameState, action: sm.Action | None) -> None:
    """Add the transition from ``before`` (``None``: the deal itself) to ``after``."""
    key = (START if before is None else before.phase.value, after.phase.value)
    label = "" if action is None else A_CARD if isinstance(action, sm.Play) else str(action)
    found.setdefault(key, set()).add(label)


def transitions() -> Transitions:
    """Every transition of every deal of :func:`deals` of every rule set of :func:`variants`:
    every branch of actions before the card play, and one card play to its end."""
    found: Transitions = {}

    def explore(state: sm.GameState) -> None:
        if state.is_terminal:
            return
        if state.phase is sm.Phase.PLAY:
            while not state.is_terminal:
                action = state.legal_actions()[0]
                after = state.apply(action)
                note(found, state, after, action)
                state = after
            return
        for action in state.legal_actions():
            after = state.apply(action)
            note(found, state, after, action)
            explore(after)

    for rules in variants():
        for state in deals(rules):
            note(found, None, state, None)
            explore(state)
    return found


# ------------------------------------------------------------------------------------------------
# The drawing

#: The drawing's size: a page's column (its labels 13 units high: at least 11 pixels there).
WIDTH, HEIGHT = 720, 540
#: The centre of each phase's box (and of the start).
PLACES: Final[dict[str, tuple[int, int]]] = {
    START: (360, 40),
    "fold": (150, 140),
    "auction": (470, 140),
    "void": (150, 290),
    "doubling": (620, 270),
    "play": (470, 400),
    "finished": (470, 505),
}
#: The side of its box on which each phase's loop (a transition to itself) is drawn.
LOOP_SIDES: Final[dict[str, int]] = {"fold": -1, "auction": 1, "play": 1, "doubling": 1}
#: Arrows whose label stands to the left of their middle (the others': to the right, or above a
#: level arrow).
LABEL_LEFT: Final = frozenset({("auction", "play")})
BOX_W, BOX_H = 140, 40


def _border(cx: float, cy: float, dx: float, dy: float) -> tuple[float, float]:
    """Where a ray from a box's centre in direction (dx, dy) leaves the box."""
    t = min(BOX_W / 2 / abs(dx) if dx else math.inf, BOX_H / 2 / abs(dy) if dy else math.inf)
    return cx + dx * t, cy + dy * t


def _arrowhead(x: float, y: float, dx: float, dy: float) -> str:
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    left = (x - 10 * ux + 5 * uy, y - 10 * uy - 5 * ux)
    right = (x - 10 * ux - 5 * uy, y - 10 * uy + 5 * ux)
    return f'<polygon points="{x:.1f},{y:.1f} {left[0]:.1f},{left[1]:.1f} {right[0]:.1f},{right[1]:.1f}" fill="#333"/>'


def _label(x: float, y: float, text: str, anchor: str) -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" fill="#333">{html.escape(text)}</text>'


def _arrow(before: str, after: str, label: str) -> list[str]:
    """The elements of one transition's arrow and its label."""
    (x0, y0), (x1, y1) = PLACES[before], PLACES[after]
    if before == after:  # a loop on the side of the box
        side = LOOP_SIDES.get(before)
        if side is None:
            raise ValueError(f"phase diagram: no side for the loop of {before!r} (LOOP_SIDES)")
        edge = x0 + side * BOX_W / 2
        path = f"M{edge:.0f} {y0 - 10} C{edge + side * 45:.0f} {y0 - 38} {edge + side * 45:.0f} {y0 + 38} {edge:.0f} {y0 + 10}"
        return [
            f'<path d="{path}" fill="none" stroke="#333" stroke-width="1.4"/>',
            _arrowhead(edge, y0 + 10, -side * 14, -6),
            _label(edge + side * 42, y0 + 4, label, "start" if side > 0 else "end"),
        ]
    dx, dy = x1 - x0, y1 - y0
    sx, sy = _border(x0, y0, dx, dy)
    ex, ey = _border(x1, y1, -dx, -dy)
    out = [f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="#333" stroke-width="1.4"/>', _arrowhead(ex, ey, dx, dy)]
    if label:
        mx, my = (sx + ex) / 2, (sy + ey) / 2
        if abs(dy) < 1:  # a level arrow: the label above it
            out.append(_label(mx, my - 7, label, "middle"))
        elif (before, after) in LABEL_LEFT:
            out.append(_label(mx - 8, my + 4, label, "end"))
        else:
            out.append(_label(mx + 8, my + 4, label, "start"))
    return out


def arrow_label(actions: set[str]) -> str:
    """The label of an arrow: its actions, the card play's last."""
    return " / ".join(sorted(actions, key=lambda action: (action == A_CARD, action)))


def svg(found: Transitions) -> str:
    """The drawing of ``found``: a box per phase, an arrow per transition, each arrow a ``<g>``
    with ``data-from``, ``data-to`` and ``data-actions`` (its actions, separated by commas)."""
    phases = {phase.value for phase in sm.Phase}
    missing = phases - set(PLACES)
    if missing:
        raise ValueError(f"phase diagram: no place in the drawing for {sorted(missing)} (PLACES)")
    reached = {after for _, after in found} | {START}
    if set(PLACES) - reached:
        raise ValueError(f"phase diagram: no deal reaches {sorted(set(PLACES) - reached)}")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        'role="img" aria-label="The phases of a deal and the actions between them" '
        'font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="13">'
    ]
    for (before, after), actions in sorted(found.items()):
        names = ",".join(sorted(action for action in actions if action))
        parts.append(f'<g data-from="{before}" data-to="{after}" data-actions="{html.escape(names)}">')
        parts += _arrow(before, after, arrow_label(actions))
        parts.append("</g>")
    for name, (cx, cy) in PLACES.items():
        start = name == START
        fill, stroke = ("#2e6b3f", "#1d4629") if start else ("#fdf6e3", "#8a6d3b")
        parts.append(
            f'<rect x="{cx - BOX_W / 2}" y="{cy - BOX_H / 2}" width="{BOX_W}" height="{BOX_H}" rx="{BOX_H / 2 if start else 6}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
        )
        text = "deal" if start else f"Phase.{sm.Phase(name).name}"
        parts.append(
            f'<text x="{cx}" y="{cy + 5}" text-anchor="middle" fill="{"#ffffff" if start else "#3b2a10"}" '
            f'font-weight="bold">{html.escape(text)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def text(found: Transitions) -> str:
    """The transitions as lines of text (for builders that show no SVG)."""
    return "\n".join(f"{before} -> {after}: {arrow_label(actions) or '(dealt)'}" for (before, after), actions in sorted(found.items()))
