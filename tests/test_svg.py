"""Pictures of the table (issue 23): strohmandeln.svg and the text pictures of strohmandeln.pictures.

Every picture of a view shows exactly the cards the viewer knows and counts the rest; two states
that differ only in cards hidden from a viewer give the same picture of his view, byte for byte;
a picture parses as XML. The golden pictures under ``tests/data/svg/`` are compared byte for
byte; after a deliberate change of the drawing, write them again with

    STROHMANDELN_GOLDEN=write PYTHONPATH=src python -m pytest tests/test_svg.py

and look at the difference (``git diff tests/data/svg``) before committing it.
"""

from __future__ import annotations

import os
import random
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import strohmandeln as sm
from strohmandeln import CLASSIC, PRESETS, Card, GameState, NotationError, PlayerView, pictures, sampling, svg
from strohmandeln.pictures import picture

from helpers import position_playout, random_states

GOLDEN = Path(__file__).parent / "data" / "svg"
NS = "{http://www.w3.org/2000/svg}"
Drawable = GameState | PlayerView


def sample_states(seeds: tuple[int, ...] = (1, 2), step: int = 3) -> list[GameState]:
    """Every ``step``-th state of random deals of every preset, and each deal's last state."""
    out: list[GameState] = []
    for rules in PRESETS.values():
        for seed in seeds:
            states = random_states(rules, seed)
            out += states[::step]
            out.append(states[-1])
    for seed in seeds:  # set-up positions, with no deal before them
        out += position_playout(CLASSIC, seed, first=10)[::step]
    return out


STATES = sample_states()


def cards_drawn(root: ET.Element) -> Counter[tuple[Card, str]]:
    """Every face-up card of an SVG picture with its place (``data-card``, ``data-place``)."""
    return Counter(
        (Card.parse(g.attrib["data-card"]), g.attrib["data-place"]) for g in root.iter(f"{NS}g") if "data-card" in g.attrib
    )


def cards_seen(x: Drawable) -> Counter[tuple[Card, str]]:
    """What a picture of ``x`` must show face up: the known hand cards, the Strohmann tops, the
    card led and the last trick."""
    seen: Counter[tuple[Card, str]] = Counter()
    for seat in (0, 1):
        hand = x.hand(seat) if isinstance(x, GameState) else x.known_hand(seat)
        seen.update((c, f"hand-{seat}") for c in hand)
        for k, pile in enumerate(x.strohmaenner(seat)):
            if pile.face_up is not None:
                seen[(pile.face_up, f"strohmann-{seat}-{k}")] += 1
    seen.update((play.card, "trick") for play in x.current_trick)
    if x.tricks:
        seen.update((c, "last-trick") for c in x.tricks[-1].cards)
    return seen


def parsed(x: Drawable, **options: int) -> ET.Element:
    root = ET.fromstring(svg.table(x, **options))
    assert root.tag == f"{NS}svg"
    return root


def views(state: GameState) -> list[PlayerView]:
    return [state.view(0), state.view(1), state.view(None)]


def drawables_of(state: GameState) -> list[Drawable]:
    """The state and its three views."""
    return [state, *views(state)]


# ------------------------------------------------------------------------------------------------
# What is shown and what is hidden


def test_every_state_picture_parses_and_shows_every_hand() -> None:
    for state in STATES:
        root = parsed(state)
        assert cards_drawn(root) == cards_seen(state), repr(state)
        for g in root.iter(f"{NS}g"):
            if "data-hand" in g.attrib:
                assert g.attrib["data-hidden"] == "0"


def test_a_view_picture_shows_what_the_viewer_knows_and_counts_the_rest() -> None:
    for state in STATES:
        for view in views(state):
            root = parsed(view)
            drawn = cards_drawn(root)
            assert drawn == cards_seen(view), repr(view)
            assert not {c for c, _ in drawn} & set(view.unseen_cards())
            counts = {g.attrib["data-hand"]: g.attrib for g in root.iter(f"{NS}g") if "data-hand" in g.attrib}
            for seat in (0, 1):
                assert int(counts[str(seat)]["data-hidden"]) == view.unknown_hand_count(seat)
                assert int(counts[str(seat)]["data-size"]) == view.hand_size(seat)
            piles = {g.attrib["data-strohmann"]: g.attrib for g in root.iter(f"{NS}g") if "data-strohmann" in g.attrib}
            won = {g.attrib["data-won"]: g.attrib for g in root.iter(f"{NS}g") if "data-won" in g.attrib}
            for seat in (0, 1):
                for k, pile in enumerate(view.strohmaenner(seat)):
                    assert int(piles[f"{seat}-{k}"]["data-face-down"]) == pile.face_down
                assert int(won[str(seat)]["data-cards"]) == len(view.won_cards(seat))
                assert int(won[str(seat)]["data-thirds"]) == view.card_points(seat).thirds


def test_the_own_hand_is_face_up_and_the_other_hidden_right_after_the_deal() -> None:
    state = sm.deal(CLASSIC, dealer=0, rng=97)
    drawn = cards_drawn(parsed(state.view(1)))
    assert sorted(c for c, place in drawn.elements() if place == "hand-1") == list(state.hand(1))
    assert not [c for c, place in drawn.elements() if place == "hand-0"]
    assert not cards_drawn(parsed(state.view(None)))  # a spectator sees no card before the play


def test_states_with_the_same_view_give_the_same_bytes() -> None:
    """A sample of a view differs from the real state in the cards hidden from the viewer, never
    in its view: the pictures of the two views are the same text."""
    rng = random.Random(5)
    differing = 0
    for state in STATES[::4]:
        if state.phase.value == "void":
            continue
        for view in views(state):
            other = sampling.sample(view, rng)
            other_view = other.view(view.player)
            assert other_view == view
            assert svg.table(other_view) == svg.table(view)
            assert pictures.text(other_view) == pictures.text(view)
            differing += other != state
    assert differing > 10  # the samples did hide other cards


def text_cards(text: str) -> Counter[Card]:
    """Every word of a text picture (above its score) that is a card."""
    found: Counter[Card] = Counter()
    for word in text.split("\nresult: ")[0].replace(",", " ").split():
        try:
            found[Card.parse(word.rstrip("*"))] += 1
        except NotationError:
            pass
    return found


@pytest.mark.parametrize("ascii", [False, True])
def test_a_text_picture_names_exactly_the_cards_a_picture_shows(ascii: bool) -> None:
    for state in STATES:
        drawables: list[Drawable] = [state, *views(state)]
        for x in drawables:
            text = pictures.text(x, ascii=ascii)
            assert text_cards(text) == Counter(c for c, _ in cards_seen(x).elements()), text
            if ascii:
                assert text.isascii()


def test_the_picture_lists_the_phase_the_turn_and_the_score() -> None:
    for state in STATES:
        table = picture(state)
        assert (table.phase, table.to_move, table.tricks) == (state.phase, state.current_player, state.trick_number)
        lines = table.lines()
        assert (len(lines) > 2) == (state.phase.value == "finished")
        if state.phase.value == "finished":
            result = state.result()
            assert lines[-1] == f"  total: seat 0 {result.totals[0]:+d}, seat 1 {result.totals[1]:+d}"
            assert f"card points {result.card_points[0]} : {result.card_points[1]}" in lines[2]
            assert picture(state.view(None)).result == result


def test_bottom_turns_the_table() -> None:
    state = sm.deal(CLASSIC, dealer=0, rng=97)
    for x, bottom, top_seat in ((state, None, "1"), (state, 1, "0"), (state.view(1), None, "0"), (state.view(None), 1, "0")):
        seats = [g.attrib["data-seat"] for g in parsed(x, **({} if bottom is None else {"bottom": bottom})).iter(f"{NS}g") if "data-seat" in g.attrib]
        assert seats[0] == top_seat and len(seats) == 2
        lines = pictures.text(x, bottom=bottom).splitlines()
        assert lines[3].startswith(f"seat {top_seat},")


def test_pictures_use_only_the_public_api() -> None:
    """The drawing modules read states and views through their public accessors: no kernel
    import, no private attribute of another object."""
    import ast

    for module in (pictures, svg):
        assert module.__file__ is not None
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module is None or "_core" not in node.module, node.module
                assert all(not alias.name.startswith("_") and alias.name not in ("seen_of", "record_of") for alias in node.names)
            if isinstance(node, ast.Attribute):
                assert not (node.attr.startswith("_") and not node.attr.startswith("__")), node.attr


# ------------------------------------------------------------------------------------------------
# The SVG itself


def test_svg_is_self_contained_and_sized() -> None:
    state = STATES[40]
    text = svg.table(state, size=400)
    root = ET.fromstring(text)
    assert root.attrib["width"] == "400" and root.attrib["viewBox"].startswith("0 0 720 ")
    for bad in ("<style", "href", "<image", "url(", "@import", ' id="', "<script"):
        assert bad not in text
    assert svg.table(state, size=400) == text  # deterministic
    fluid = ET.fromstring(svg.table(state))  # no size: it fills what holds it
    assert "width" not in fluid.attrib and "height" not in fluid.attrib and fluid.attrib["viewBox"] == root.attrib["viewBox"]
    assert "width" not in ET.fromstring(svg.deal_packets(CLASSIC, sm.DECK_54, dealer=0)).attrib


def _font_sizes(text: str) -> list[float]:
    return [float(t.attrib["font-size"]) for t in ET.fromstring(text).iter(f"{NS}text")]


def test_every_label_is_at_least_11_units_high_in_a_drawing_720_wide() -> None:
    """Drawn as wide as the docs' column (736 px at 1366), no text of a picture is under 11 px
    (tools/browser_check.py checks the rendered pages too)."""
    pictures_ = [svg.table(x) for state in STATES[::7] for x in (state, state.view(0), state.view(None))]
    pictures_ += [svg.deal_packets(rules, sm.shuffled_order(rules, 3), dealer=1) for rules in (CLASSIC, sm.ZWANZIGERRUFEN_40)]
    pictures_ += [svg.card(c) for c in sm.DECK_54]
    for text in pictures_:
        root = ET.fromstring(text)
        assert root.attrib["viewBox"].split()[2] in ("720", "48")
        assert min(_font_sizes(text)) >= 11


def test_a_card_led_from_a_strohmann_is_marked() -> None:
    """The card led into the open trick carries the mark of a card played from a Strohmann, as
    the last trick's cards do: ``*`` in the text picture, "Strohmann" under it in the SVG."""
    marked = unmarked = 0
    for state in STATES:
        if not state.current_trick:
            continue
        truth = state.view(None).to_dict()["current_trick"]["from_strohmann"]
        for x in drawables_of(state):
            assert picture(x).lead_from_strohmann is truth
            line = next(line for line in pictures.text(x).splitlines() if line.startswith("on the table"))
            assert line.split()[3].endswith("*") is truth, line
            root = ET.fromstring(svg.table(x))
            (led,) = (g for g in root.iter(f"{NS}g") if g.attrib.get("data-place") == "trick")
            assert led.attrib["data-from-strohmann"] == str(truth).lower()
            trick = next(g for g in root.iter(f"{NS}g") if g.attrib.get("data-table") == "trick")
            assert ("Strohmann" in [t.text for t in trick.iter(f"{NS}text")]) is truth
        marked += truth
        unmarked += not truth
    assert marked > 5 and unmarked > 5


def test_str_of_a_state_or_view_is_its_text_picture_and_a_notebook_shows_its_svg() -> None:
    for state in STATES[::9]:
        for x in drawables_of(state):
            assert str(x) == pictures.text(x)
            assert x._repr_svg_() == svg.table(x, size=720)
            assert repr(x).startswith(("<GameState ", "<PlayerView ")) and len(repr(x)) < 100


def test_the_strohmaenner_are_numbered_0_1_2_as_in_the_api() -> None:
    """One numbering everywhere: a Strohmann's label, its data attribute and a deal packet's name
    say the ``index`` of ``strohmann(player, index)``."""
    root = parsed(STATES[5])
    for g in root.iter(f"{NS}g"):
        if "data-strohmann" in g.attrib:
            seat, k = g.attrib["data-strohmann"].split("-")
            assert f"Strohmann {k}" in [t.text for t in g.iter(f"{NS}text")]
    packets = ET.fromstring(svg.deal_packets(CLASSIC, sm.DECK_54, dealer=0))
    names = {t.text for t in packets.iter(f"{NS}text") if t.text and t.text.startswith("Strohmann")}
    assert names == {"Strohmann 0", "Strohmann 1", "Strohmann 2"}


def test_text_is_escaped() -> None:
    rules = attrs.evolve(CLASSIC, name='<b>&"x\'</b>')
    state = sm.deal(rules, dealer=0, rng=3)
    root = ET.fromstring(svg.table(state))
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert titles[0] is not None and titles[0].startswith("The table: <b>&\"x'</b>;")
    assert "<b>" not in svg.table(state)
    assert pictures.text(state).startswith("<b>&\"x'</b>;")  # plain text is not markup


def test_cards_are_drawn_legibly() -> None:
    texts = {c: svg.card(c) for c in sm.DECK_54}
    for c, text in texts.items():
        root = ET.fromstring(text)
        strings = [t.text for t in root.iter(f"{NS}text")]
        assert root.attrib["aria-label"] == c.name
        if c.suit is None and c.rank != 22:
            assert str(c) in strings  # the Roman numeral
        elif c.suit is not None:
            assert c.suit.symbol in strings and str(c)[1:] in strings
            assert ('fill="#c62828"' in text) == c.suit.is_red
    assert len(set(texts.values())) == 54
    assert "★" in texts[sm.SKUS] and "Sküs" in texts[sm.SKUS]
    assert "data-back" in svg.card(None) and "data-card" not in svg.card(None)
    assert svg.card(sm.MOND, size=96).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="144"')


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: svg.table("XXI"), TypeError),  # type: ignore[arg-type]
        (lambda: svg.table(STATES[0], bottom=2), ValueError),
        (lambda: svg.table(STATES[0], bottom=True), TypeError),
        (lambda: svg.table(STATES[0], size=0), ValueError),
        (lambda: svg.table(STATES[0], size=2.5), TypeError),  # type: ignore[arg-type]
        (lambda: svg.table(STATES[0], size=True), TypeError),
        (lambda: svg.deal_packets(CLASSIC, sm.DECK_54, dealer=0, size=0), ValueError),
        (lambda: svg.card("XXI"), TypeError),  # type: ignore[arg-type]
        (lambda: pictures.text(None), TypeError),  # type: ignore[arg-type]
        (lambda: picture(STATES[0], bottom=-1), ValueError),
    ],
)
def test_wrong_arguments_are_refused(call: Callable[[], object], error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, sm.ArgumentError)  # (the library's own, with a reason)


@pytest.mark.parametrize("rules", [CLASSIC, sm.ZWANZIGERRUFEN_40])
@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_packets_show_the_deck_order_packet_by_packet(rules: sm.RuleSet, dealer: int) -> None:
    """R6: the packets leave the deck in order, Elder's first, and land where deal() puts them."""
    order = sm.shuffled_order(rules, 7 + dealer)
    root = ET.fromstring(svg.deal_packets(rules, order, dealer=dealer))
    drawn = [(Card.parse(g.attrib["data-card"]), g.attrib["data-place"]) for g in root.iter(f"{NS}g") if "data-card" in g.attrib]
    assert [c for c, _ in drawn] == list(order)
    state = sm.deal(rules, dealer=dealer, order=order)
    for seat in (0, 1):
        assert sorted(c for c, place in drawn if place == f"hand-{seat}") == list(state.hand(seat))
        layout = sm.deal_layout(rules, order, dealer=dealer)[1][seat]
        for k in range(3):
            assert tuple(c for c, place in drawn if place == f"strohmann-{seat}-{k}") == layout[k]
    packets = [g for g in root.iter(f"{NS}g") if "data-packet" in g.attrib]
    assert [g.attrib["data-seat"] for g in packets[:2]] == [str(1 - dealer), str(dealer)]  # Elder first
    with pytest.raises(sm.DeckError):
        svg.deal_packets(rules, order[:-1], dealer=dealer)


# ------------------------------------------------------------------------------------------------
# Golden pictures


def _worked_deal() -> list[GameState]:
    """The worked example's deal (docs/worked_examples.rst: seed 97, HeuristicPlayer)."""
    from strohmandeln.players import HeuristicPlayer

    player = HeuristicPlayer()
    states = [sm.deal(CLASSIC, dealer=0, rng=97)]
    while not states[-1].is_terminal:
        states.append(states[-1].apply(player(states[-1])))
    return states


def _golden_cases() -> dict[str, Drawable]:
    deal = _worked_deal()
    trick_6_led = next(s for s in deal if s.trick_number == 5 and s.current_trick)
    zw = random_states(sm.ZWANZIGERRUFEN_40, 4)
    folded = sm.deal(CLASSIC, dealer=0, rng=842).apply(sm.Fold())
    return {
        "dealt_state": deal[0],
        "uncovered_view_1": deal[1].view(1),
        "trick_6_view_0": trick_6_led.view(0),
        "finished_state": deal[-1],
        "zwanzigerrufen_spectator": zw[len(zw) // 2].view(None),
        "folded_view_1": folded.view(1),
    }


GOLDEN_CASES = _golden_cases()


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
@pytest.mark.parametrize("kind", ["svg", "txt"])
def test_golden_pictures(name: str, kind: str) -> None:
    x = GOLDEN_CASES[name]
    made = svg.table(x) if kind == "svg" else pictures.text(x) + "\n"
    path = GOLDEN / f"{name}.{kind}"
    if os.environ.get("STROHMANDELN_GOLDEN") == "write":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(made.encode("utf-8"))
    assert path.exists(), f"{path} is missing: write it with STROHMANDELN_GOLDEN=write (see the module docstring)"
    assert path.read_bytes().decode("utf-8") == made, f"{path} differs (see the module docstring)"


def readme_moment() -> PlayerView:
    """The moment of the README's example: seed 97, Elder undertakes and leads the ♦Q from his
    Strohmann; seat 0's view."""
    state = sm.deal(CLASSIC, dealer=0, rng=97).apply(sm.Take()).apply(sm.parse_action("♦Q"))
    return state.view(0)


def test_the_readme_picture_is_the_readme_example_drawn() -> None:
    """docs/_static/readme-table.svg, which the README shows (from its address on GitHub, as
    PyPI shows no file of the project), is the table of the README's example, drawn now."""
    made = svg.table(readme_moment(), size=720)
    path = Path(__file__).parent.parent / "docs" / "_static" / "readme-table.svg"
    if os.environ.get("STROHMANDELN_GOLDEN") == "write":
        path.write_bytes(made.encode("utf-8"))
    assert path.read_bytes().decode("utf-8") == made, f"{path} differs (see the module docstring)"
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert "docs/_static/readme-table.svg" in readme.split("\n\n")[1]  # the README opens with it
    assert pictures.text(readme_moment()).replace("\n\n", "\n<BLANKLINE>\n") in readme


def test_golden_cases_are_the_moments_they_are_named_after() -> None:
    cases = GOLDEN_CASES
    assert cases["dealt_state"].phase.value == "auction"
    uncovered = cases["uncovered_view_1"]
    assert isinstance(uncovered, PlayerView) and uncovered.phase.value == "play" and uncovered.player == 1
    led = cases["trick_6_view_0"].current_trick
    assert [str(p.card) for p in led] == ["XXI"]
    finished = cases["finished_state"]
    assert isinstance(finished, GameState) and finished.result().totals == (-2, 2)
    assert cases["zwanzigerrufen_spectator"].rules is sm.ZWANZIGERRUFEN_40
    assert cases["folded_view_1"].phase.value == "void"
