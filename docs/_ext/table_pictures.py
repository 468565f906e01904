"""Pictures of deals, drawn by the library when the docs are built (so they never go stale).

``.. table-picture:: PRESET SEED``
    The table of a deal of the preset ``PRESET`` (its name, e.g. ``classic``) dealt with
    ``rng=SEED``, drawn with :func:`strohmandeln.svg.table`. Options:

    ``:dealer:`` the dealer's seat (0); ``:actions:`` action notations applied first, separated
    by spaces; ``:moves:`` then how many moves :class:`~strohmandeln.players.HeuristicPlayer`
    makes for the seat to act, or ``end``; ``:view:`` ``0``, ``1`` or ``spectator`` to draw that
    view instead of the full state; ``:bottom:`` the seat at the bottom; ``:size:`` the width in
    pixels (720); ``:text:`` (a flag) adds the text picture (:func:`strohmandeln.pictures.text`).
    The content, if any, is the caption.

``.. deal-packets:: PRESET SEED``
    The deck order of that deal (``unshuffled`` for the deck in canonical order), dealt packet by
    packet (:func:`strohmandeln.svg.deal_packets`); ``:dealer:`` as above.

``.. phase-diagram::``
    The phases of a deal (:class:`strohmandeln.Phase`) and the actions that lead from one to
    another. The arrows are not drawn from a list written by hand: every transition is observed
    when the page is built, by playing every pre-play branch of deals of every preset under
    every option that changes the phases (both passing, doubling, folding a hand without a
    tarock) and the card play to its end: the arrows are exactly the transitions seen. A phase
    that no deal reaches, or one with no place in the drawing, fails the build.

Non-HTML builders get the text picture (or a list of the transitions) instead of the SVG.
"""

from __future__ import annotations

import html
import math
from typing import Any, Final

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

import strohmandeln as sm
from strohmandeln import pictures, svg
from strohmandeln.players import HeuristicPlayer


def _seat(text: str) -> int:
    if text.strip() not in ("0", "1"):
        raise ValueError("a seat is 0 or 1")
    return int(text)


def _view(text: str) -> str:
    value = text.strip()
    if value not in ("0", "1", "spectator"):
        raise ValueError("view is 0, 1 or spectator")
    return value


def _moves(text: str) -> str:
    value = text.strip()
    if value != "end" and not value.isdigit():
        raise ValueError("moves is a number or end")
    return value


def _preset(argument: str) -> tuple[sm.RuleSet, str]:
    name, _, seed = argument.partition(" ")
    rules = sm.PRESETS.get(name)
    if rules is None:
        raise ValueError(f"no preset named {name!r}; presets: {', '.join(sm.PRESETS)}")
    return rules, seed.strip()


def _figure(svg_text: str, fallback: str, classes: str) -> list[nodes.Node]:
    figure = f'<div class="{classes}" style="max-width:100%;overflow-x:auto;margin:1em 0">{svg_text}</div>'
    return [
        nodes.raw("", figure, format="html"),
        nodes.raw("", fallback, format="text"),
        nodes.raw("", fallback, format="latex"),
    ]


class TablePicture(SphinxDirective):
    """``.. table-picture:: PRESET SEED`` (see the module docstring)."""

    has_content = True
    required_arguments = 2
    option_spec = {
        "dealer": _seat,
        "actions": directives.unchanged,
        "moves": _moves,
        "view": _view,
        "bottom": _seat,
        "size": directives.positive_int,
        "text": directives.flag,
    }

    def state_of_deal(self) -> sm.GameState:
        rules, seed = _preset(" ".join(self.arguments))
        if not seed.isdigit():
            raise self.error(f"table-picture: the seed must be a whole number, not {seed!r}")
        state = sm.deal(rules, dealer=self.options.get("dealer", 0), rng=int(seed))
        for token in self.options.get("actions", "").split():
            state = state.apply(sm.parse_action(token))
        moves = self.options.get("moves", "0")
        player = HeuristicPlayer()
        count = 0
        while not state.is_terminal and (moves == "end" or count < int(moves)):
            state = state.apply(player(state))
            count += 1
        if moves != "end" and count < int(moves):
            raise self.error(f"table-picture: the deal ended after {count} moves")
        return state

    def run(self) -> list[nodes.Node]:
        try:
            state = self.state_of_deal()
        except sm.StrohmandelnError as error:
            raise self.error(f"table-picture: {error}") from error
        except ValueError as error:
            raise self.error(f"table-picture: {error}") from error
        view = self.options.get("view")
        x: sm.GameState | sm.PlayerView = state if view is None else state.view(None if view == "spectator" else int(view))
        bottom = self.options.get("bottom")
        text = pictures.text(x, bottom=bottom)
        out = _figure(svg.table(x, size=self.options.get("size", 720), bottom=bottom), text, "table-picture")
        if self.content:
            caption = nodes.container(classes=["table-picture-caption"])
            self.state.nested_parse(self.content, self.content_offset, caption)
            out.append(caption)
        if "text" in self.options:
            out.append(nodes.literal_block(text, text))
        return out


class DealPackets(SphinxDirective):
    """``.. deal-packets:: PRESET SEED`` (see the module docstring)."""

    required_arguments = 2
    option_spec = {"dealer": _seat}

    def run(self) -> list[nodes.Node]:
        try:
            rules, seed = _preset(" ".join(self.arguments))
        except ValueError as error:
            raise self.error(f"deal-packets: {error}") from error
        if seed == "unshuffled":
            order = rules.deck.cards
        elif seed.isdigit():
            order = sm.shuffled_order(rules, int(seed))
        else:
            raise self.error(f"deal-packets: the seed is a whole number or 'unshuffled', not {seed!r}")
        dealer = self.options.get("dealer", 0)
        hands, piles = sm.deal_layout(rules, order, dealer=dealer)
        fallback = "\n".join(
            f"seat {seat}: hand {sm.cards_to_text(hands[seat])}; Strohmänner "
            + " | ".join(sm.cards_to_text(pile) for pile in piles[seat])
            for seat in (0, 1)
        )
        return _figure(svg.deal_packets(rules, order, dealer=dealer, size=800), fallback, "deal-packets")


# ------------------------------------------------------------------------------------------------
# The phase diagram

START: Final = "deal"
#: The centre of each phase's box (and of the start), in a drawing 960 wide and 250 high.
PLACES: Final[dict[str, tuple[int, int]]] = {
    START: (75, 80),
    "fold": (195, 200),
    "auction": (345, 80),
    "void": (400, 200),
    "doubling": (590, 200),
    "play": (660, 80),
    "finished": (875, 80),
}
BOX_W, BOX_H = 130, 40


def _variants() -> list[sm.RuleSet]:
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


def _deals(rules: sm.RuleSet) -> list[sm.GameState]:
    """A shuffled deal, and deals in which Elder or the dealer is dealt no tarock."""
    suit_cards = [c for c in rules.deck.cards if not c.is_tarock]
    size = sum(rules.deck.hand_packets)
    deals = [sm.deal(rules, dealer=0, rng=1)]
    for seat in (0, 1):
        hands: list[tuple[sm.Card, ...]] = [(), ()]
        hands[seat] = tuple(suit_cards[:size])
        deals.append(sm.deal(rules, dealer=0, order=sm.compose_order(rules, dealer=0, hands=hands)))
    return deals


def observed_transitions() -> dict[tuple[str, str], set[str]]:
    """``(from, to) -> {action kinds}`` for every transition of the deals of :func:`_variants`."""
    edges: dict[tuple[str, str], set[str]] = {}

    def note(before: str, after: str, label: str) -> None:
        edges.setdefault((before, after), set()).add(label)

    def explore(state: sm.GameState) -> None:
        if state.is_terminal:
            return
        if state.phase is sm.Phase.PLAY:  # one card play to its end
            while not state.is_terminal:
                after = state.apply(state.legal_actions()[0])
                note(state.phase.value, after.phase.value, "a card")
                state = after
            return
        for action in state.legal_actions():
            after = state.apply(action)
            note(state.phase.value, after.phase.value, str(action))
            explore(after)

    for rules in _variants():
        for state in _deals(rules):
            note(START, state.phase.value, "")
            explore(state)
    return edges


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


def phase_svg(edges: dict[tuple[str, str], set[str]]) -> str:
    phases = {p.value for p in sm.Phase}
    missing = phases - set(PLACES)
    if missing:
        raise ExtensionError(f"phase-diagram: no place in the drawing for {sorted(missing)}")
    reached = {to for _, to in edges} | {START}
    if set(PLACES) - reached:
        raise ExtensionError(f"phase-diagram: no deal reaches {sorted(set(PLACES) - reached)}")
    width, height = 960, 250
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'role="img" aria-label="The phases of a deal and the actions between them" '
        'font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="13">'
    ]
    for (before, after), labels in sorted(edges.items()):
        label = " / ".join(sorted(labels, key=lambda s: (s == "a card", s)))
        (x0, y0), (x1, y1) = PLACES[before], PLACES[after]
        if before == after:  # a loop above the box
            parts.append(
                f'<path d="M{x0 - 18} {y0 - BOX_H / 2} C{x0 - 40} {y0 - 75} {x0 + 40} {y0 - 75} {x0 + 18} {y0 - BOX_H / 2}" '
                'fill="none" stroke="#333" stroke-width="1.4"/>'
            )
            parts.append(_arrowhead(x0 + 18, y0 - BOX_H / 2, -6, 16))
            parts.append(f'<text x="{x0}" y="{y0 - 66}" text-anchor="middle" fill="#333">{html.escape(label)}</text>')
            continue
        dx, dy = x1 - x0, y1 - y0
        sx, sy = _border(x0, y0, dx, dy)
        ex, ey = _border(x1, y1, -dx, -dy)
        parts.append(f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="#333" stroke-width="1.4"/>')
        parts.append(_arrowhead(ex, ey, dx, dy))
        if label:
            mx, my = (sx + ex) / 2, (sy + ey) / 2
            if abs(dy) < 1:  # a level arrow: the label above it
                tx, ty, anchor = mx, my - 7, "middle"
            else:  # a slanted one: the label to the right of its middle
                tx, ty, anchor = mx + 8, my + 4, "start"
            parts.append(f'<text x="{tx:.1f}" y="{ty:.1f}" text-anchor="{anchor}" fill="#333">{html.escape(label)}</text>')
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


class PhaseDiagram(SphinxDirective):
    """``.. phase-diagram::`` (see the module docstring)."""

    def run(self) -> list[nodes.Node]:
        edges = observed_transitions()
        text = "\n".join(
            f"{before} -> {after}: {', '.join(sorted(labels)) or '(dealt)'}" for (before, after), labels in sorted(edges.items())
        )
        return _figure(phase_svg(edges), text, "phase-diagram")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("table-picture", TablePicture)
    app.add_directive("deal-packets", DealPackets)
    app.add_directive("phase-diagram", PhaseDiagram)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
