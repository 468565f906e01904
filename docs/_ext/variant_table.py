"""Sphinx extension: the variant comparison, generated from the rule-set objects at build time.

It adds

* the directive ``.. variant-table::``, one table with a column per preset of
  :data:`strohmandeln.PRESETS` and a row per option and per scoring line, read from the presets'
  :meth:`~strohmandeln.RuleSet.to_dict` and :class:`~strohmandeln.Deck` — so the page cannot drift
  from the code. A field that :meth:`~strohmandeln.RuleSet.to_dict` gains later and that the table
  does not know yet still gets a row of its own (under "Other fields"), with its raw value;
* the role ``:presets:`CONDITION```, which writes the presets a rule applies to, computed from the
  same data. A condition is ``*`` (every preset) or one or more ``key=value`` / ``key!=value``
  tests joined by ``,`` (all must hold). Keys are the keys of ``to_dict()``, with ``scoring.``
  for the scoring table; ``bonus=pagat`` tests that a bonus is in force. Values are compared with
  their JSON spelling (``true``, ``null``, ``54``, ``next_round``). Example:
  ``:presets:`bonus=quapil``` renders as *mayr_sedlaczek*;
* a ``missing-reference`` handler that lets ``:class:`strohmandeln.RuleSet``` (the public,
  package-level name) link to the object that autodoc documents under its module
  (``strohmandeln.rules.RuleSet``).

No network, no state outside the build environment.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from docutils import nodes
from docutils.nodes import Node, system_message
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective, SphinxRole

from strohmandeln._base import checked

PACKAGE = "strohmandeln"
#: Shown for a cell the preset does not have (a bonus not in force, an absent major cell).
ABSENT = "—"


def _package() -> Any:
    try:
        return importlib.import_module(PACKAGE)
    except ImportError as error:  # pragma: no cover - a broken checkout
        raise ExtensionError(f"variant_table: cannot import {PACKAGE}: {error}") from error


# ------------------------------------------------------------------------------------------------
# The data: every preset as a flat mapping of its to_dict() plus a few derived deck facts


def _presets() -> list[tuple[str, Any]]:
    """``(constant name, rule set)`` for every preset, in the order of ``PRESETS``."""
    sm = _package()
    constants = {id(getattr(sm, name)): name for name in sm.__all__ if name.isupper()}
    return [(constants.get(id(rules), name.upper()), rules) for name, rules in sm.PRESETS.items()]


def _flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, Mapping) and key != "bonuses":
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


def _json(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# ------------------------------------------------------------------------------------------------
# The rows of the table


#: How a cell is read: from the rule set and its flattened ``to_dict()``.
Cell = Callable[[Any, dict[str, Any]], str]


@dataclass(frozen=True)
class Row:
    """One row: a label, the rule of the reference that explains it, and how to read a cell."""

    #: Text of the first column.
    label: str
    #: The label of the rule in rules.rst (``rule-5-4``), or "" for none.
    rule: str
    #: The cell of one preset.
    cell: Cell
    #: The API object the row shows (``strohmandeln.RuleSet.last_card``), or "" for none.
    target: str = ""
    #: The keys of the flattened ``to_dict()`` that this row shows.
    keys: tuple[str, ...] = ()


def _field(key: str, *, none: str = ABSENT) -> Cell:
    def cell(rules: Any, flat: dict[str, Any]) -> str:
        value = flat[key]
        if value is None:
            return none
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value).replace("_", " ") if isinstance(value, str) else str(value)

    return cell


def _major_threshold(key: str, cells: Sequence[str]) -> Cell:
    """A threshold: its value, in parentheses if no major cell of the table uses it."""

    def cell(rules: Any, flat: dict[str, Any]) -> str:
        used = any(flat[c] is not None for c in cells)
        return str(flat[key]) if used else f"({flat[key]})"

    return cell


def _deck(rules: Any, flat: dict[str, Any]) -> str:
    deck = rules.deck
    return f"{deck.card_count} cards, {deck.trick_count} tricks"


def _counting(rules: Any, flat: dict[str, Any]) -> str:
    deck = rules.deck
    return f"{deck.counting.value.replace('_', ' ')}, {deck.total_points} in all"


def _winning(rules: Any, flat: dict[str, Any]) -> str:
    sm = _package()
    deck = rules.deck
    need = deck.winning_points
    if deck.counting is sm.Counting.IN_THREES:
        least = sm.CardPoints(3 * need - 1)  # the least exact amount that rounds to ``need`` (R3)
        return f"{need} (at least {least})"
    return str(need)


def _bonus(value: str) -> Cell:
    def cell(rules: Any, flat: dict[str, Any]) -> str:
        bonuses: Mapping[str, int] = flat["scoring.bonuses"]
        return str(bonuses[value]) if value in bonuses else ABSENT

    return cell


def _option(label: str, rule: str, key: str, cell: Cell | None = None) -> Row:
    """A row showing one field of ``to_dict()``, linked to that field of the API."""
    owner, _, name = key.rpartition(".")
    target = f"{PACKAGE}.{'ScoringTable' if owner == 'scoring' else 'RuleSet'}.{name}"
    return Row(label, rule, cell or _field(key), target, (key,))


#: The rule of the reference and the label of each bonus row, by ``Bonus`` value. A bonus that
#: the library gains later still gets a row, labelled by its value.
_BONUSES: dict[str, tuple[str, str]] = {
    "trull_announced": ("rule-7-1", "Trull in the hand, announced"),
    "four_kings_announced": ("rule-7-1", "Four Kings in the hand, announced"),
    "trull_in_tricks": ("rule-8-5", "Trull in the tricks"),
    "four_kings_in_tricks": ("rule-8-5", "Four Kings in the tricks"),
    "pagat": ("rule-8-2", "Pagat (I wins the last trick)"),
    "uhu": ("rule-8-2", "Uhu (II wins the second-last trick)"),
    "kakadu": ("rule-8-2", "Kakadu (III wins the third-last trick)"),
    "quapil": ("rule-8-2", "Quapil (IIII wins the fourth-last trick)"),
    "rostopschin": ("rule-7-5", "Rostopschin (XVII and XVIII, called)"),
    "valat": ("rule-8-6", "Valat (every trick)"),
    "mondfang": ("rule-8-8", "Mondfang (Sküs takes XXI)"),
}


#: The key of each section of :func:`_rows`, in order (``:sections:`` of ``.. preset-scoring::``).
SECTION_KEYS = ("deck", "play", "base", "bonuses", "matches")


def _rows() -> list[tuple[str, list[Row]]]:
    """The sections of the table and their rows, the bonuses taken from the ``Bonus`` enum (one
    section per key of :data:`SECTION_KEYS`, in that order)."""
    sm = _package()
    won_majors = ("scoring.simple_won_major", "scoring.undertaken_won_major")
    lost_majors = ("scoring.undertaken_lost_major",)
    bonus_rows = []
    for bonus in sm.Bonus:
        rule, label = _BONUSES.get(bonus.value, ("", bonus.value.replace("_", " ")))
        bonus_rows.append(Row(label, rule, _bonus(bonus.value), f"{PACKAGE}.Bonus.{bonus.name}"))
    return [
        (
            "Deck and counting",
            [
                _option("Deck", "rule-1-1", "deck", _deck),
                Row("Counting", "rule-2-1", _counting, f"{PACKAGE}.Deck.counting"),
                Row("Card play won with (rounded)", "rule-2-6", _winning, f"{PACKAGE}.Deck.winning_points"),
            ],
        ),
        (
            "Deal, auction and play",
            [
                _option("Fold without a tarock", "rule-3-6", "fold_without_tarock"),
                _option("Both pass", "rule-4-3", "both_pass"),
                _option("Undertaker may be doubled", "rule-4-4", "undertaker_doubling"),
                _option("Last card of a Strohmann", "rule-5-4", "last_card"),
                _option("First lead", "rule-6-1", "first_lead"),
            ],
        ),
        (
            "Base game values (game points)",
            [
                _option("Simple game won", "rule-9-2", "scoring.simple_won"),
                _option("… won with Grand Point", "rule-8-7", "scoring.simple_won_major"),
                _option("Undertaken game won", "rule-9-3", "scoring.undertaken_won"),
                _option("… won, major", "rule-8-7", "scoring.undertaken_won_major"),
                _option("Undertaken game lost", "rule-9-3", "scoring.undertaken_lost"),
                _option("… lost, defender's major", "rule-8-7", "scoring.undertaken_lost_major"),
                _option(
                    "Major win from (winner, rounded)",
                    "rule-8-7",
                    "scoring.major_points",
                    _major_threshold("scoring.major_points", won_majors),
                ),
                _option(
                    "Defender's major from (rounded)",
                    "rule-8-7",
                    "scoring.defender_major_points",
                    _major_threshold("scoring.defender_major_points", lost_majors),
                ),
                _option("Undertaken game on half the points", "rule-9-5", "scoring.undertaken_draw"),
            ],
        ),
        ("Bonuses (game points; — = not in force)", bonus_rows),
        (
            "Valat and matches",
            [
                _option("Valat replaces", "rule-8-6", "scoring.valat_replaces"),
                _option("Doubled deals after a draw", "rule-10-2", "scoring.draw_doubling"),
                _option("A 0 : 0 tie doubles too", "rule-10-2", "scoring.tie_doubles"),
            ],
        ),
    ]


#: Keys of ``to_dict()`` the table shows in a way of its own (header, source row, bonus rows).
_SPECIAL_KEYS = frozenset({"name", "source", "scoring.bonuses"})


# ------------------------------------------------------------------------------------------------
# Building docutils nodes


def _para(*children: Node) -> nodes.paragraph:
    return nodes.paragraph("", "", *children)


def _xref(env: BuildEnvironment, domain: str, reftype: str, target: str, content: Node) -> addnodes.pending_xref:
    """A cross-reference, resolved (and checked) by Sphinx like one written with a role."""
    return addnodes.pending_xref(
        "",
        content,
        refdomain=domain,
        reftype=reftype,
        reftarget=target,
        refexplicit=True,
        refwarn=True,
        refdoc=env.docname,
    )


#: Where a preset's name may break in a narrow column header (after an underscore, and between
#: the words of ``zwanzigerrufen40``): a zero-width space, which no reader sees.
_BREAKS = {"_": "_\u200b", "zwanzigerrufen": "zwanziger\u200brufen"}


def breakable(name: str) -> str:
    """A preset's name, with the places where a table's narrow column may break it."""
    for part, broken in _BREAKS.items():
        name = name.replace(part, broken)
    return name


def _entry(*children: Node, morecols: int = 0) -> nodes.entry:
    entry = nodes.entry("", *children)
    if morecols:
        entry["morecols"] = morecols
    return entry


class VariantTable(SphinxDirective):
    """``.. variant-table::`` — the presets side by side (see the module docstring)."""

    has_content = False
    required_arguments = 0
    optional_arguments = 0
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {"class": directives.class_option}

    def run(self) -> list[Node]:
        env = self.env
        presets = _presets()
        flats = [_flatten(checked.full_fields(rules)) for _, rules in presets]
        sections = _rows()
        shown = set(_SPECIAL_KEYS)
        for _, rows in sections:
            for row in rows:
                shown.update(row.keys)
        extra = sorted({key for flat in flats for key in flat} - shown)
        if extra:
            sections.append(("Other fields", [Row(key, "", _field(key), keys=(key,)) for key in extra]))

        # First the presets and their sources, one a row; then the comparison, a column a preset
        # (seven columns and the labels fill the page's column: no column of its own for the
        # rule, whose number follows the label).
        sources = nodes.table(classes=["variant-sources", *self.options.get("class", [])])
        sgroup = nodes.tgroup(cols=2)
        sources += sgroup
        for width in (20, 80):
            sgroup += nodes.colspec(colwidth=width)
        head = nodes.row()
        head += _entry(_para(nodes.Text("Preset")))
        head += _entry(_para(_xref(env, "py", "attr", f"{PACKAGE}.RuleSet.source", nodes.Text("Source")), nodes.Text(" ("),
                             _xref(env, "std", "ref", "rule-0-sources", nodes.Text("rule 0")), nodes.Text(")")))
        sgroup += nodes.thead("", head)
        sbody = nodes.tbody()
        for constant, rules in presets:
            tr = nodes.row()
            tr += _entry(_para(_xref(env, "py", "data", f"{PACKAGE}.{constant}", nodes.literal(rules.name, rules.name))))
            tr += _entry(_para(nodes.Text(rules.source or ABSENT)))
            sbody += tr
        sgroup += sbody

        ncols = 1 + len(presets)
        table = nodes.table(classes=["variant-table", *self.options.get("class", [])])
        tgroup = nodes.tgroup(cols=ncols)
        table += tgroup
        for width in [30] + [10] * len(presets):
            tgroup += nodes.colspec(colwidth=width)

        head = nodes.row()
        head += _entry(_para(nodes.Text("Option or scoring line (rule)")))
        for constant, rules in presets:
            name = nodes.literal(rules.name, breakable(rules.name))
            head += _entry(_para(_xref(env, "py", "data", f"{PACKAGE}.{constant}", name)))
        tgroup += nodes.thead("", head)

        body = nodes.tbody()
        for title, rows in sections:
            section = nodes.row(classes=["variant-table-section"])
            section += _entry(_para(nodes.strong(title, title)), morecols=ncols - 1)
            body += section
            for row in rows:
                tr = nodes.row()
                label: Node = nodes.Text(row.label)
                if row.target:
                    label = _xref(env, "py", "obj", row.target, label)
                cell = _para(label)
                if row.rule:
                    number = row.rule.removeprefix("rule-").replace("-", ".")
                    cell += nodes.Text(" (")
                    cell += _xref(env, "std", "ref", row.rule, nodes.Text(number))
                    cell += nodes.Text(")")
                tr += _entry(cell)
                for (_, rules), flat in zip(presets, flats):
                    tr += _entry(_para(nodes.Text(row.cell(rules, flat))))
                body += tr
        tgroup += body
        return [sources, table]


# ------------------------------------------------------------------------------------------------
# :presets:`CONDITION`


def _matches(flat: dict[str, Any], condition: str) -> bool:
    """Whether a preset's flattened ``to_dict()`` meets a condition (see the module docstring)."""
    for test in (t.strip() for t in condition.split(",")):
        negate = "!=" in test
        key, _, wanted = test.partition("!=" if negate else "=")
        key, wanted = key.strip(), wanted.strip()
        if key == "bonus":
            bonuses: Mapping[str, int] = flat["scoring.bonuses"]
            if wanted not in {b.value for b in _package().Bonus}:
                raise ValueError(f"unknown bonus {wanted!r}")
            holds = wanted in bonuses
        elif key in flat:
            holds = _json(flat[key]) == wanted
        else:
            raise ValueError(f"unknown key {key!r}; known: bonus, {', '.join(sorted(flat))}")
        if holds == negate:
            return False
    return True


def presets_where(condition: str) -> list[str]:
    """The names of the presets that meet ``condition`` (``*`` for every preset)."""
    names = []
    for _, rules in _presets():
        if condition.strip() == "*" or _matches(_flatten(checked.full_fields(rules)), condition):
            names.append(rules.name)
    return names


class PresetsRole(SphinxRole):
    """``:presets:`bonus=pagat``` — the presets meeting a condition, as a list of names."""

    def run(self) -> tuple[list[Node], list[system_message]]:
        try:
            names = presets_where(self.text)
        except (ValueError, KeyError) as error:
            message = self.inliner.reporter.error(f"presets role: {error}", line=self.lineno)
            problem = self.inliner.problematic(self.rawtext, self.rawtext, message)
            return [problem], [message]
        if not names:
            return [nodes.emphasis("none of the presets", "none of the presets")], []
        if len(names) == len(_presets()):
            return [nodes.Text("all presets")], []
        out: list[Node] = []
        for k, name in enumerate(names):
            if k:
                out.append(nodes.Text(", "))
            out.append(nodes.literal(name, name))
        return out, []


# ------------------------------------------------------------------------------------------------
# strohmandeln.X -> strohmandeln.<module>.X


@functools.cache
def _home_modules() -> dict[str, str]:
    """For each public name of the package, the public submodule whose ``__all__`` lists it."""
    sm = _package()
    public = set(getattr(sm, "__all__", ()))
    homes: dict[str, str] = {}
    for info in pkgutil.iter_modules(sm.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{PACKAGE}.{info.name}")
        for name in getattr(module, "__all__", ()):
            if name in public:
                homes.setdefault(name, module.__name__)
    return homes


def _documented_name(target: str) -> str | None:
    """``strohmandeln.rules.RuleSet.deck`` for ``strohmandeln.RuleSet.deck``, if it is public."""
    head, _, rest = target.partition(".")
    if head != PACKAGE or not rest:
        return None
    name, _, attribute = rest.partition(".")
    module = _home_modules().get(name)
    if module is None:
        return None
    return f"{module}.{name}" + (f".{attribute}" if attribute else "")


def _resolve_public_name(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.TextElement
) -> nodes.reference | None:
    """Resolve ``strohmandeln.X…`` that Python's domain did not find to ``strohmandeln.<module>.X…``."""
    if node.get("refdomain") != "py":
        return None
    target = _documented_name(node.get("reftarget", ""))
    if target is None:
        return None
    domain = env.get_domain("py")
    docname = node.get("refdoc", env.docname)
    return domain.resolve_xref(env, docname, app.builder, node["reftype"], target, node, contnode)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("variant-table", VariantTable)
    app.add_role("presets", PresetsRole())
    app.connect("missing-reference", _resolve_public_name)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
