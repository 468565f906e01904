"""``.. rulings-table::``: the rulings R1-R26, each with a one-line statement and links to the
rules of the rules reference that implement it (read from their ``:Ruling:`` fields)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

#: What each ruling decides, in one line (the rules reference states each in full).
STATEMENTS: dict[int, str] = {
    1: "The 54-card pack: 22 tarocks (I … XXI, Sküs) and four suits of eight; the card values; the Trull.",
    2: "Card points are counted exactly, in thirds of a point; the pack is worth 70.",
    3: "Thresholds compare points rounded to whole points: 35⅔ wins, 35 : 35 is a draw.",
    4: "The 40-card pack of the Zwanzigerrufen variant, its layout and its threshold.",
    5: "Two seats; the dealer alternates; Elder, the other seat, speaks first and leads by default.",
    6: "A deal is fixed by its deck order: the hands and the Strohmänner are laid out from it.",
    7: "Option: a player dealt no tarock may fold before the auction; the same dealer deals again.",
    8: "The auction: Elder takes the game or passes, then the dealer.",
    9: "Option: when both pass, a simple game is played, or the deal is thrown in.",
    10: "Option: the undertaker's opponent may double.",
    11: "Uncovering: a Strohmann's top card turns; a tarock or King goes to the hand and the next card turns.",
    12: "Option: a Strohmann's last card goes to its owner's hand, unseen or shown.",
    13: "A player may play any card of his hand or a face-up Strohmann top.",
    14: "Follow the led suit from the hand or a face-up top alike; else play a tarock; else any card.",
    15: "The highest tarock wins the trick, else the highest card of the led suit; the winner leads.",
    16: "No renonce: an illegal action is refused with its reason, never played.",
    17: "Option: the Trull and the four Kings, held in the hand, may be announced with a play.",
    18: "Option: Rostopschin, Ross with XVII and Topschin with the led XVIII of the next trick.",
    19: "Birds: the Pagat, Uhu, Kakadu and Quapil winning the last tricks score; a captured bird scores for its captor.",
    20: "Option: the Trull and the four Kings in a player's tricks score.",
    21: "Valat: a player who wins every trick scores it; the rules say what it replaces.",
    22: "Grand Point and major wins: the base table's higher values for large wins.",
    23: "Option: Mondfang, the XXI taken by the Sküs in one trick.",
    24: "A deal's score is zero-sum game points, itemised line by line, times its multiplier.",
    25: "Draws: no base points (bonuses still count); in an undertaken game the rules say what 35 : 35 is.",
    26: "After a draw, later deals count double: the next round, the next deal, or until a deal is won.",
}

_LABEL = re.compile(r"^\.\. _(rule-\d+-\d+):\s*$")
_TITLE = re.compile(r"^(\d+\.\d+)\s+(.+)$")
_RULING = re.compile(r"^:Rulings?:\s*(.+)$")


def rules_by_ruling(rules_rst: Path) -> dict[int, list[tuple[str, str, str]]]:
    """For each ruling, the rules that name it in their ``:Ruling:`` field: (label, number, title)."""
    found: dict[int, list[tuple[str, str, str]]] = {}
    label = number = title = ""
    for line in rules_rst.read_text(encoding="utf-8").splitlines():
        if m := _LABEL.match(line):
            label, number, title = m.group(1), "", ""
        elif label and not number and (m := _TITLE.match(line)):
            # (a reference's text cannot hold markup: literals lose their quotes)
            number, title = m.group(1), m.group(2).strip().replace("``", "").replace("<", "").replace(">", "")
        elif label and number and (m := _RULING.match(line.strip())):
            for ruling in re.findall(r"R(\d+)", m.group(1)):
                entries = found.setdefault(int(ruling), [])
                if (label, number, title) not in entries:
                    entries.append((label, number, title))
    return found


class RulingsTable(SphinxDirective):
    has_content = False

    def run(self) -> list[Any]:
        rules_rst = Path(self.env.srcdir) / "rules.rst"
        self.env.note_dependency(str(rules_rst))
        found = rules_by_ruling(rules_rst)
        missing = sorted(set(STATEMENTS) - set(found))
        if missing:
            raise self.error(f"rulings no rule names: {', '.join(f'R{n}' for n in missing)}")
        lines = [".. list-table::", "   :header-rows: 1", "   :widths: 8 62 30", "", "   * - Ruling", "     - What it decides", "     - Rules"]
        for n, statement in STATEMENTS.items():
            links = ", ".join(f":ref:`{number} {title} <{label}>`" for label, number, title in found[n])
            lines += [f"   * - .. _ruling-r{n}:", "", f"       **R{n}**", f"     - {statement}", f"     - {links}"]
        node_list: list[Any] = []
        content = StringList(lines, source="rulings-table")
        from docutils import nodes

        container = nodes.container()
        self.state.nested_parse(content, self.content_offset, container)
        node_list.extend(container.children)
        return node_list


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("rulings-table", RulingsTable)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
