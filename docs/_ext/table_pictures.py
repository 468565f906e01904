"""Pictures of deals, drawn by the library when the docs are built (so they never go stale).

``.. table-picture:: PRESET SEED``
    The table of a deal of the preset ``PRESET`` (its name, e.g. ``classic``) dealt with
    ``rng=SEED``, drawn with :func:`strohmandeln.svg.table`. Options:

    ``:dealer:`` the dealer's seat (0); ``:actions:`` action notations applied first, separated
    by spaces; ``:moves:`` then how many moves :class:`~strohmandeln.players.HeuristicPlayer`
    makes for the seat to act, or ``end``; ``:view:`` ``0``, ``1`` or ``spectator`` to draw that
    view instead of the full state; ``:bottom:`` the seat at the bottom; ``:size:`` the width in
    pixels (none: the picture fills the column, as wide as its drawing at most); ``:text:`` (a flag) adds the text picture (:func:`strohmandeln.pictures.text`).
    The content, if any, is the caption.

``.. deal-packets:: PRESET SEED``
    The deck order of that deal (``unshuffled`` for the deck in canonical order), dealt packet by
    packet (:func:`strohmandeln.svg.deal_packets`); ``:dealer:`` as above.

``.. phase-diagram::``
    The phases of a deal (:class:`strohmandeln.Phase`) and the actions that lead from one to
    another. The arrows are not drawn from a list written by hand: ``phase_diagram.py``
    enumerates the transitions when the page is built — every branch of actions before the card
    play, of deals of every preset under every option that changes the phases, with every set
    of tarockless hands, and the card play to its end — and the arrows are exactly those. A
    phase that no deal reaches, or one with no place in the drawing, fails the build.

Non-HTML builders get the text picture (or a list of the transitions) instead of the SVG.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

import strohmandeln as sm
from strohmandeln import pictures, svg
from strohmandeln.players import HeuristicPlayer

import phase_diagram


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
    figure = f'<div class="{classes}">{svg_text}</div>'
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
        out = _figure(svg.table(x, size=self.options.get("size"), bottom=bottom), text, "table-picture")
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
        return _figure(svg.deal_packets(rules, order, dealer=dealer), fallback, "deal-packets")


class PhaseDiagram(SphinxDirective):
    """``.. phase-diagram::`` (see the module docstring)."""

    def run(self) -> list[nodes.Node]:
        found = phase_diagram.transitions()
        try:
            drawing = phase_diagram.svg(found)
        except ValueError as error:
            raise ExtensionError(str(error)) from error
        return _figure(drawing, phase_diagram.text(found), "phase-diagram")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("table-picture", TablePicture)
    app.add_directive("deal-packets", DealPackets)
    app.add_directive("phase-diagram", PhaseDiagram)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
