"""Sphinx extension: the tables of the page "Rules at a glance", generated from the library.

Every number on that page comes from the objects the library plays with, when the page is built:

* ``.. deck-table::`` — the packs the presets use (:class:`strohmandeln.Deck`): their cards, the
  order of the tarocks and the suits, the hands, the Strohmänner, the tricks, the total;
* ``.. card-values::`` — what each kind of card is worth with each pack
  (:meth:`strohmandeln.Counting.thirds`);
* ``.. thresholds-table::`` — what wins, what is drawn and what is a major win, per preset
  (:attr:`strohmandeln.Deck.winning_points`, the scoring table's thresholds);
* ``.. preset-scoring::`` — for every preset (or the one named), its options and its scoring
  table as one short table, with the rows of ``.. variant-table::`` that the preset has (option
  ``:sections:``: which of its sections, by their keys, default ``play base bonuses matches``).

Each row links to the numbered rule of the rules reference that explains it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from docutils import nodes
from docutils.nodes import Node
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

from strohmandeln._base import checked

from variant_table import ABSENT, SECTION_KEYS, breakable, _entry, _flatten, _package, _para, _presets, _rows, _winning, _xref


def _links(env: BuildEnvironment, *labels: str) -> nodes.paragraph:
    """The numbers of the rules ``rule-1-1`` … (1.1, …), each linked to its rule."""
    para = _para()
    for k, label in enumerate(labels):
        if k:
            para += nodes.Text(", ")
        number = ".".join(part for part in label.removeprefix("rule-").split("-") if part.isdigit())
        para += _xref(env, "std", "ref", label, nodes.Text(number))
    return para


#: A row of a table: its label, the labels of its rules, its cells.
TableRow = tuple[str, Sequence[str], Sequence[str]]


def _table(env: BuildEnvironment, head: Sequence[str], widths: Sequence[int], rows: Sequence[TableRow]) -> nodes.table:
    """A table: a header row, then for each row its label, its rules and its cells."""
    table = nodes.table(classes=["glance-table"])
    tgroup = nodes.tgroup(cols=len(head))
    table += tgroup
    for width in widths:
        tgroup += nodes.colspec(colwidth=width)
    header = nodes.row()
    for text in head:
        header += _entry(_para(nodes.Text(text)))
    tgroup += nodes.thead("", header)
    body = nodes.tbody()
    for label, rules, cells in rows:
        tr = nodes.row()
        tr += _entry(_para(nodes.Text(label)))
        tr += _entry(_links(env, *rules))
        for cell in cells:
            tr += _entry(_para(nodes.Text(cell)))
        body += tr
    tgroup += body
    return table


def _decks() -> list[tuple[Any, list[str]]]:
    """The packs the presets use, in the order of first use, each with its presets' names."""
    decks: dict[Any, list[str]] = {}
    for _, rules in _presets():
        decks.setdefault(rules.deck, []).append(rules.name)
    return list(decks.items())


def _high_to_low(cards: Sequence[Any], suit: Any) -> str:
    """The cards of one suit (``None``: the tarocks), strongest first, in the library's notation."""
    chosen = sorted((card for card in cards if card.suit is suit), key=lambda card: card.rank, reverse=True)
    if suit is None:
        return " ".join(str(card) for card in chosen)
    return " ".join(str(card)[1:] for card in chosen)


def _suit_cell(deck: Any, suit: Any) -> str:
    return _high_to_low(deck.cards, suit)


class DeckTable(SphinxDirective):
    """``.. deck-table::`` — the packs, side by side."""

    has_content = False

    def run(self) -> list[Node]:
        sm = _package()
        decks = _decks()
        rows: list[TableRow] = []

        def row(label: str, rules: Sequence[str], cell: Callable[[Any], str]) -> None:
            rows.append((label, rules, [cell(deck) for deck, _ in decks]))

        def size(deck: Any) -> str:
            tarocks = sum(card.is_tarock for card in deck.cards)
            return f"{deck.card_count}: {tarocks} tarocks and {deck.card_count - tarocks} suit cards"

        row("Presets", ["rule-0-sources"], lambda deck: ", ".join(dict(decks)[deck]))
        row("Cards", ["rule-1-1", "rule-1-5"], size)
        row("Tarocks, high to low", ["rule-1-2"], lambda deck: _high_to_low(deck.cards, None))
        for suit in sm.Suit:
            row(f"{suit.symbol} ({suit.name.lower()}), high to low", ["rule-1-2"], functools.partial(_suit_cell, suit=suit))
        row(
            "Each player's hand",
            ["rule-3-3", "rule-3-4"],
            lambda deck: f"{sum(deck.hand_packets)} cards, in packets of {' + '.join(map(str, deck.hand_packets))}",
        )
        row(
            "Each player's Strohmänner 0, 1, 2",
            ["rule-3-3", "rule-3-4"],
            lambda deck: " + ".join(map(str, deck.strohmann_sizes)) + " cards, face down",
        )
        row("Tricks", ["rule-6-6"], lambda deck: str(deck.trick_count))
        row(
            "Card points in the pack",
            ["rule-2-3", "rule-2-7"],
            lambda deck: f"{deck.total_points}, {deck.counting.value.replace('_', ' ')}",
        )
        head = ["", "Rule", *(f"{deck.card_count} cards" for deck, _ in decks)]
        return [_table(self.env, head, [24, 8] + [34] * len(decks), rows)]


#: The kinds of card for the table of values, in order, each with the test that picks its cards.
_KINDS: list[tuple[str, Callable[[Any], bool]]] = [
    ("Sküs, XXI, I (the Trull)", lambda card: card.is_trull),
    ("other tarocks", lambda card: card.is_tarock and not card.is_trull),
    ("Kings", lambda card: card.is_king),
    ("Queens", lambda card: not card.is_tarock and card.rank == _package().Rank.QUEEN),
    ("Knights", lambda card: not card.is_tarock and card.rank == _package().Rank.KNIGHT),
    ("Jacks", lambda card: not card.is_tarock and card.rank == _package().Rank.JACK),
    ("pips (with 40 cards: the Glatze)", lambda card: not card.is_tarock and card.rank < _package().Rank.JACK),
]


class CardValues(SphinxDirective):
    """``.. card-values::`` — what each kind of card is worth, with each pack."""

    has_content = False

    def run(self) -> list[Node]:
        sm = _package()
        decks = _decks()
        covered: set[Any] = set()
        rows: list[TableRow] = []
        for label, test in _KINDS:
            cells = []
            for deck, _ in decks:
                cards = [card for card in deck.cards if test(card)]
                covered.update(cards)
                worths = {deck.counting.thirds(card) for card in cards}
                if len(worths) != 1:
                    raise ExtensionError(f"card-values: the {label} of the {deck.card_count}-card pack differ in worth")
                thirds = worths.pop()
                if deck.counting is sm.Counting.IN_THREES:
                    cells.append(f"{cards[0].value}, which counts {sm.CardPoints(thirds)}")
                else:
                    cells.append(str(sm.CardPoints(thirds)))
            rows.append((label, ["rule-1-3", "rule-2-1", "rule-2-7"], cells))
        missing = {card for deck, _ in decks for card in deck.cards} - covered
        if missing:  # pragma: no cover - a kind of card the table does not know
            raise ExtensionError(f"card-values: no row for {sorted(map(str, missing))}")
        head = ["Cards", "Rule", *(f"{deck.card_count} cards ({deck.counting.value.replace('_', ' ')})" for deck, _ in decks)]
        return [_table(self.env, head, [24, 12] + [32] * len(decks), rows)]


def _at_least(sm: Any, rules: Any, points: int) -> str:
    """``points`` rounded, with the least exact count that reaches them when counting in threes."""
    if rules.deck.counting is sm.Counting.IN_THREES:
        return f"{points} (at least {sm.CardPoints(3 * points - 1)})"
    return str(points)


class ThresholdsTable(SphinxDirective):
    """``.. thresholds-table::`` — what wins the card play, what is drawn, what is a major win."""

    has_content = False

    def run(self) -> list[Node]:
        sm = _package()
        presets = [rules for _, rules in _presets()]

        def drawn(rules: Any) -> str:
            half = rules.deck.total_points // 2
            if rules.deck.counting is sm.Counting.IN_THREES:
                return f"{half} : {half} (also {sm.CardPoints(3 * half - 1)} : {sm.CardPoints(3 * half + 1)})"
            return f"{half} : {half}"

        def major(rules: Any) -> str:
            table = rules.scoring
            if table.simple_won_major is None and table.undertaken_won_major is None:
                return ABSENT
            return _at_least(sm, rules, table.major_points)

        def defender(rules: Any) -> str:
            table = rules.scoring
            if table.undertaken_lost_major is None:
                return ABSENT
            return _at_least(sm, rules, table.defender_major_points)

        def undertaker(rules: Any) -> str:
            value: str = rules.scoring.undertaken_draw.value
            return {"loss": "he loses", "draw": "a draw"}.get(value, value)

        rows: list[TableRow] = [
            ("Card play won with (rounded)", ["rule-2-6", "rule-2-7"], [_winning(rules, {}) for rules in presets]),
            ("Card play drawn at", ["rule-9-4"], [drawn(rules) for rules in presets]),
            ("Undertaker on a drawn count", ["rule-9-5"], [undertaker(rules) for rules in presets]),
            ("Major win from (winner, rounded)", ["rule-8-7"], [major(rules) for rules in presets]),
            ("Defender's major win from", ["rule-8-7"], [defender(rules) for rules in presets]),
        ]
        head = ["", "Rule", *(breakable(rules.name) for rules in presets)]
        return [_table(self.env, head, [22, 8] + [10] * len(presets), rows)]


class PresetScoring(SphinxDirective):
    """``.. preset-scoring:: [name]`` — a preset's options and scoring lines (every preset's,
    each under a rubric with its source, when no name is given)."""

    has_content = False
    optional_arguments = 1
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {"sections": directives.unchanged}

    def run(self) -> list[Node]:
        presets = _presets()
        if self.arguments:
            presets = [(constant, rules) for constant, rules in presets if rules.name == self.arguments[0]]
            if not presets:
                raise self.error(f"preset-scoring: no preset named {self.arguments[0]!r}")
        wanted = self.options.get("sections", "play base bonuses matches").split()
        unknown = sorted(set(wanted) - set(SECTION_KEYS))
        if unknown:
            raise self.error(f"preset-scoring: unknown sections {unknown}; known: {', '.join(SECTION_KEYS)}")
        sections = [section for key, section in zip(SECTION_KEYS, _rows()) if key in wanted]
        out: list[Node] = []
        for constant, rules in presets:
            flat = _flatten(checked.full_fields(rules))
            if not self.arguments:
                title = nodes.rubric("", "")
                title += _xref(self.env, "py", "data", f"strohmandeln.{constant}", nodes.literal(rules.name, rules.name))
                title += nodes.Text(f" — {rules.source}")
                out.append(title)
            rows: list[TableRow] = []
            for _, section in sections:
                for row in section:
                    cell = row.cell(rules, flat)
                    if cell != ABSENT and not cell.startswith("("):
                        rows.append((row.label, [row.rule] if row.rule else [], [cell]))
            out.append(_table(self.env, ["Option or scoring line", "Rule", "Setting, or game points"], [50, 10, 40], rows))
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("deck-table", DeckTable)
    app.add_directive("card-values", CardValues)
    app.add_directive("thresholds-table", ThresholdsTable)
    app.add_directive("preset-scoring", PresetScoring)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
