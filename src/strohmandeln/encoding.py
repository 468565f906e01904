"""Encodings for learning: actions as integers, legal-action masks, observation vectors of a
view, and information-state keys — without new dependencies (plain lists of ints; NumPy turns
them into arrays with ``numpy.asarray``).

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
>>> sum(space.mask(state))
2

**The observation vector** of a view (:func:`observation`) has :data:`OBSERVATION_SIZE` entries
in the fixed layout :data:`OBSERVATION_LAYOUT` (its table is in the API reference); it holds
only what the viewer knows, so two states a player cannot tell apart give him the same vector.
:func:`information_state_key` is a compact key of the same knowledge: 16 bytes, equal exactly
for equal views (up to a hash collision), the same in every process.

>>> view = state.view(1)
>>> vector = observation(view)
>>> len(vector) == OBSERVATION_SIZE, sum(vector[:54])          # Elder's 15 cards
(True, 15)
>>> len(information_state_key(view))
16
"""

from __future__ import annotations

from typing import Final

from ._core import observe
from ._base.args import whole
from .actions import INTERNED, Action, Double, Fold, Keep, NoDouble, Pass, Play, Take
from .errors import IllegalActionError, Reason, shown
from .knowledge import PlayerView, seen_of
from .rules import Bonus, RuleSet
from .state import GameState

__all__ = [
    "OBSERVATION_LAYOUT",
    "OBSERVATION_SIZE",
    "ActionSpace",
    "information_state_key",
    "observation",
]

#: The fields of :func:`observation`'s vector, in order: (name, length, meaning).
OBSERVATION_LAYOUT: Final[tuple[tuple[str, int, str], ...]] = observe.LAYOUT
#: The length of :func:`observation`'s vector.
OBSERVATION_SIZE: Final = observe.SIZE


class ActionSpace:
    """Every action that can be legal under ``rules``, numbered ``0 … size - 1`` (the order is
    in the module's description; it depends only on the rule set).

    :raises TypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`.
    """

    __slots__ = ("rules", "actions", "_ids")

    def __init__(self, rules: RuleSet) -> None:
        if not isinstance(rules, RuleSet):
            raise TypeError(f"ActionSpace() takes a RuleSet, not {type(rules).__name__}")
        decisions: list[Action] = []
        if rules.fold_without_tarock:
            decisions += [Fold(), Keep()]
        decisions += [Take(), Pass()]
        if rules.undertaker_doubling:
            decisions += [Double(), NoDouble()]
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

    def legal_ids(self, state: GameState | PlayerView) -> list[int]:
        """The numbers of the legal actions of a state or a view, in the order of its
        :meth:`~strohmandeln.GameState.legal_actions`."""
        if not isinstance(state, (GameState, PlayerView)):
            raise TypeError(f"legal_ids() takes a GameState or a PlayerView, not {type(state).__name__}")
        if state.rules != self.rules:
            raise ValueError(f"a deal of the {state.rules.name} rules, not of {self.rules.name}")
        ids = self._ids
        return [ids[action] for action in state.legal_actions()]

    def mask(self, state: GameState | PlayerView) -> list[int]:
        """The legal-action mask of a state or a view: 1 at the number of each legal action,
        else 0 (all 0 when nobody, or not the viewer, is to act)."""
        out = [0] * len(self.actions)
        for i in self.legal_ids(state):
            out[i] = 1
        return out

    def __repr__(self) -> str:
        return f"ActionSpace({self.rules.name}, size={len(self.actions)})"


_ACTION_TYPES: Final = (Play, Fold, Keep, Take, Pass, Double, NoDouble)


def observation(view: PlayerView) -> list[int]:
    """The observation vector of a view: :data:`OBSERVATION_SIZE` small whole numbers in the
    layout :data:`OBSERVATION_LAYOUT`.

    :raises TypeError: if ``view`` is not a :class:`~strohmandeln.PlayerView` (a state holds
        hidden cards: pass ``state.view(seat)``).
    """
    if type(view) is not PlayerView:
        raise TypeError(f"observation() takes a PlayerView, not {type(view).__name__}")
    return observe.observe(seen_of(view))


def information_state_key(view: PlayerView) -> bytes:
    """A 16-byte key of what the viewer knows: equal for equal views, different (up to a hash
    collision) for different ones, and the same in every process and run (a BLAKE2b digest of
    the fields that decide a view's equality, read off the kernel's projection: about 25 µs of
    CPU time for a view in the middle of a deal, in either build, where a digest of the view's
    JSON document takes about 400 µs)."""
    if type(view) is not PlayerView:
        raise TypeError(f"information_state_key() takes a PlayerView, not {type(view).__name__}")
    return observe.info_key(seen_of(view))
