"""Encodings for learning: actions as integers, legal-action masks, observation vectors of a
view, and information-state keys — without new dependencies: plain lists of ints, or the same as
``bytes`` (one byte an entry), which NumPy reads without a Python list
(``numpy.frombuffer(data, numpy.int8)``), as the adapters do.

**The action space** of a rule set (:class:`ActionSpace`) numbers every action that can ever be
legal under it, in a fixed order: the decisions the rules have (fold and keep, R7; take and
pass, R8; double and no-double, R10), then per card of the deck in canonical order its plain
play followed by its plays with announcements (R17) and, for XVII and XVIII, with the calls of
Rostopschin (R18), where the rules have them.

>>> from strohmandeln import CLASSIC, deal
>>> space = ActionSpace(CLASSIC)
>>> space.size, [str(action) for action in space.actions[:5]]
(220, ['fold', 'keep', 'take', 'pass', 'I'])
>>> state = deal(CLASSIC, dealer=0, rng=97)
>>> [str(space.decode(i)) for i in space.legal_ids(state)], space.encode(state.legal_actions()[0])
(['take', 'pass'], 2)
>>> sum(space.mask(state)), space.mask_bytes(state) == bytes(space.mask(state))
(2, True)

**The observation vector** of a view (:func:`observation`) has :data:`OBSERVATION_SIZE` entries
in the fixed layout :data:`OBSERVATION_LAYOUT` (its table is in the API reference); it holds
only what the viewer knows, so two states a player cannot tell apart give him the same vector.
:func:`observation_bytes` is the same vector as ``bytes``. :func:`information_state_key` is a
compact key of the same knowledge: 16 bytes, equal exactly for equal views (up to a hash
collision), the same in every process and in both builds.

>>> view = state.view(1)
>>> vector = observation(view)
>>> len(vector) == OBSERVATION_SIZE, sum(vector[:54]), observation_bytes(view) == bytes(vector)   # Elder's 15 cards
(True, 15, True)
>>> len(information_state_key(view))
16

**Presets by name.** The adapters take a preset by its key in :data:`strohmandeln.PRESETS`
(``"classic"``, ``"zwanzigerrufen40"``, …); :func:`preset` is that look-up, and refuses any
other spelling with the key it may have meant:

>>> preset("zwanzigerrufen40").deck.card_count
40
>>> preset("ZWANZIGERRUFEN_40")
Traceback (most recent call last):
...
strohmandeln.errors.ArgumentValueError: no preset named 'ZWANZIGERRUFEN_40': presets are named by their keys in strohmandeln.PRESETS; did you mean 'zwanzigerrufen40'? (presets: classic, extended, beck, zwanzigerrufen40, mayr_sedlaczek, furr, stramandl)
"""

from __future__ import annotations

from typing import Final

from ._core import observe
from ._base import args
from ._base.args import whole
from .actions import DOUBLE, FOLD, INTERNED, KEEP, NO_DOUBLE, PASS, TAKE, Action, Double, Fold, Keep, NoDouble, Pass, Play, Take
from .errors import ArgumentValueError, IllegalActionError, Reason, shown
from .knowledge import PlayerView, seen_of
from .presets import PRESETS
from .rules import Bonus, RuleSet
from .state import GameState

__all__ = [
    "OBSERVATION_LAYOUT",
    "OBSERVATION_SIZE",
    "ActionSpace",
    "information_state_key",
    "observation",
    "observation_bytes",
    "points_bound",
    "preset",
]

#: The fields of :func:`observation`'s vector, in order: (name, length, meaning).
OBSERVATION_LAYOUT: Final[tuple[tuple[str, int, str], ...]] = observe.LAYOUT
#: The length of :func:`observation`'s vector.
OBSERVATION_SIZE: Final = observe.SIZE


class ActionSpace:
    """Every action that can be legal under ``rules``, numbered ``0 … size - 1`` (the order is
    in the module's description; it depends only on the rule set).

    :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`.
    """

    __slots__ = ("rules", "actions", "_ids", "_by_id")

    def __init__(self, rules: RuleSet) -> None:
        args.instance(rules, RuleSet, "rules")
        decisions: list[Action] = []
        if rules.fold_without_tarock:
            decisions += [FOLD, KEEP]
        decisions += [TAKE, PASS]
        if rules.undertaker_doubling:
            decisions += [DOUBLE, NO_DOUBLE]
        scoring = rules.scoring
        # the announcement bits the rules allow (R17: bit 0 the Trull, bit 1 the four Kings)
        can = scoring.has(Bonus.TRULL_ANNOUNCED) | scoring.has(Bonus.FOUR_KINGS_ANNOUNCED) << 1
        calls = (0, 1, 2) if scoring.has(Bonus.ROSTOPSCHIN) else (0,)
        plays: list[Action] = []
        for card in rules.deck.cards:
            for code in calls:
                for bits in (0, 1, 2, 3):
                    play = INTERNED[card.index][bits][code]
                    if play is not None and bits & can == bits:
                        plays.append(play)
        #: The actions, by number.
        self.actions: tuple[Action, ...] = (*decisions, *plays)
        #: The rule set.
        self.rules = rules
        self._ids = {action: i for i, action in enumerate(self.actions)}
        # The kernel's legal actions are these very values (its interned plays and decisions):
        # found by id, without hashing an action.
        self._by_id = {id(action): i for i, action in enumerate(self.actions)}

    @property
    def size(self) -> int:
        """The number of actions."""
        return len(self.actions)

    def encode(self, action: Action) -> int:
        """The number of ``action``.

        :raises IllegalActionError: with reason ``not_an_action`` if it is not in the space
            (not an action, or one the rule set never allows).
        """
        number = self._ids.get(action) if type(action) in _ACTION_TYPES else None
        if number is None:
            raise IllegalActionError(Reason.NOT_AN_ACTION, f"not an action of the {self.rules.name} rules: {shown(action)}")
        return number

    def decode(self, number: int) -> Action:
        """The action numbered ``number`` (a whole number: NumPy's integers too).

        :raises IllegalActionError: with reason ``not_an_action`` if there is none.
        """
        i = whole(number)
        if i is None or not 0 <= i < len(self.actions):
            raise IllegalActionError(Reason.NOT_AN_ACTION, f"no action numbered {shown(number)} (0 to {len(self.actions) - 1})")
        return self.actions[i]

    def _legal(self, state: GameState | PlayerView, name: str) -> tuple[Action, ...]:
        """The legal actions of a state or a view of this space's rule set; else refused."""
        if not args.is_a(state, (GameState, PlayerView)):
            raise args.wrong_type("state", "a GameState or a PlayerView", state)
        rules = state.rules
        if rules is not self.rules and rules != self.rules:
            raise ArgumentValueError(Reason.WRONG_RULES, f"a deal of the {rules.name} rules, not of {self.rules.name}")
        return state.legal_actions()

    def legal_ids(self, state: GameState | PlayerView) -> list[int]:
        """The numbers of the legal actions of a state or a view, in the order of its
        :meth:`~strohmandeln.GameState.legal_actions`.

        :raises ArgumentTypeError: if ``state`` is neither a state nor a view.
        :raises ArgumentValueError: with reason ``wrong_rules`` for a deal of other rules.
        """
        by_id = self._by_id
        return [by_id[id(action)] for action in self._legal(state, "legal_ids")]

    def sorted_ids(self, state: GameState | PlayerView) -> list[int]:
        """The numbers of the legal actions of a state or a view, in increasing order (as
        OpenSpiel lists legal actions).

        :raises ArgumentError: as :meth:`legal_ids`.
        """
        return observe.legal_numbers(self._legal(state, "sorted_ids"), self._by_id)

    def mask(self, state: GameState | PlayerView) -> list[int]:
        """The legal-action mask of a state or a view: 1 at the number of each legal action,
        else 0 (all 0 when nobody, or not the viewer, is to act).

        :raises ArgumentError: as :meth:`legal_ids`.
        """
        return list(self.mask_bytes(state))

    def mask_bytes(self, state: GameState | PlayerView) -> bytearray:
        """:meth:`mask` as bytes, one an action (``numpy.frombuffer(..., numpy.int8)`` reads it).

        :raises ArgumentError: as :meth:`legal_ids`.
        """
        return observe.mask_bytes(self._legal(state, "mask_bytes"), self._by_id, len(self.actions))

    def __repr__(self) -> str:
        return f"ActionSpace({self.rules.name}, size={len(self.actions)})"


_ACTION_TYPES: Final = (Play, Fold, Keep, Take, Pass, Double, NoDouble)


def observation(view: PlayerView) -> list[int]:
    """The observation vector of a view: :data:`OBSERVATION_SIZE` small whole numbers in the
    layout :data:`OBSERVATION_LAYOUT`.

    :raises ArgumentTypeError: if ``view`` is not a :class:`~strohmandeln.PlayerView` (a state
        holds hidden cards: pass ``state.view(seat)``).
    """
    if type(view) is not PlayerView:
        raise args.wrong_type("view", "a PlayerView (of a state: state.view(seat))", view)
    return observe.observe(seen_of(view))


def observation_bytes(view: PlayerView) -> bytes:
    """:func:`observation` as ``bytes``, one byte an entry (``numpy.frombuffer(data,
    numpy.int8)`` reads it without a Python list).

    :raises ArgumentTypeError: if ``view`` is not a :class:`~strohmandeln.PlayerView`.
    """
    if type(view) is not PlayerView:
        raise args.wrong_type("view", "a PlayerView (of a state: state.view(seat))", view)
    return observe.observation_bytes(seen_of(view))


def information_state_key(view: PlayerView) -> bytes:
    """A 16-byte key of what the viewer knows: equal for equal views, different (up to a hash
    collision) for different ones, and the same in every process, run and build (a BLAKE2b
    digest of the fields that decide a view's equality, read off the kernel's projection as
    whole numbers; no text is made of the history).

    :raises ArgumentTypeError: if ``view`` is not a :class:`~strohmandeln.PlayerView`.
    """
    if type(view) is not PlayerView:
        raise args.wrong_type("view", "a PlayerView (of a state: state.view(seat))", view)
    return observe.info_key(seen_of(view))


def preset(name: object) -> RuleSet:
    """The preset named ``name``, a key of :data:`strohmandeln.PRESETS` — the one spelling the
    adapters accept (the module description shows a refusal).

    :raises ArgumentTypeError: if ``name`` is not a text.
    :raises ArgumentValueError: with reason ``bad_value`` for any other name, with the key it may
        have meant.
    """
    name = args.text(name, "name", 1000)
    rules = PRESETS.get(name)
    if rules is None:
        shown_name = shown(name)
        hint = ""
        if len(name) <= 40:
            folded = name.lower().replace("_", "").replace("-", "")
            near = [key for key in PRESETS if key.replace("_", "") == folded]
            if near:
                hint = f"; did you mean {near[0]!r}?"
        raise ArgumentValueError(
            Reason.BAD_VALUE,
            f"no preset named {shown_name}: presets are named by their keys in strohmandeln.PRESETS{hint} (presets: {', '.join(PRESETS)})"
        )
    return rules


def points_bound(rules: RuleSet) -> int:
    """A bound on the game points of one deal under ``rules`` at multiplier 1, either way: the
    highest game value, doubled (R10), and every bonus — the scale of the adapters' rewards.

    >>> points_bound(PRESETS["classic"]) >= max(PRESETS["classic"].scoring.undertaken_won, PRESETS["classic"].scoring.simple_won)
    True

    :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`.
    """
    table = args.instance(rules, RuleSet, "rules").scoring
    games = [table.simple_won, table.undertaken_won, table.undertaken_lost]
    games += [v for v in (table.simple_won_major, table.undertaken_won_major, table.undertaken_lost_major) if v is not None]
    return 2 * max(games) + sum(value for _, value in table.bonuses)
