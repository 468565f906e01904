"""Scoring a deal: the base game line and every bonus, itemised (R17–R25).

:meth:`GameState.result() <strohmandeln.GameState.result>` returns a :class:`DealResult`: the
exact card points, who won the card play (or that it was drawn), and a list of
:class:`ScoreLine` values — first the base game line, then each bonus — each naming the seat it
scores for, its value, the ruling that produced it and the deal's multiplier (R26). The signed
totals of the two seats always sum to zero (R24).

Everything is driven by the rule set's :class:`~strohmandeln.ScoringTable`; no preset is
special-cased.

>>> from strohmandeln import CLASSIC, deal
>>> state = deal(CLASSIC, dealer=0, rng=11)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[-1])
>>> result = state.result()
>>> sum(result.totals), sum(line.points for line in result.lines if line.player == 0) - sum(
...     line.points for line in result.lines if line.player == 1) == result.totals[0]
(0, True)
"""

from __future__ import annotations

from ._base import args
from ._core import seen
from .errors import Reason, StateError
from .knowledge import PlayerView, seen_of
from .results import DealResult, ScoreLine
from .rules import RuleSet
from .state import GameState

__all__ = ["DealResult", "ScoreLine", "score"]


def score(state: GameState | PlayerView, multiplier: int | None = None, *, rules: RuleSet | None = None) -> DealResult:
    """Score a terminal state (R17–R25) at the deal's stakes (R26: :attr:`GameState.multiplier
    <strohmandeln.GameState.multiplier>`), or ``multiplier`` times if it is given; by the table
    of its rules, or of ``rules`` (another rule set of the same deck: what the other rules do
    not have scores nothing, see :meth:`GameState.result <strohmandeln.state.GameState.result>`).

    The same as :meth:`GameState.result <strohmandeln.state.GameState.result>`. A view of a
    finished deal is scored too (everything the score reads is public by then), and its
    document carries the result.

    :raises StateError: with reason ``not_finished`` while the deal goes on, ``wrong_rules`` for
        ``rules`` of another deck.
    :raises ArgumentTypeError: if ``state`` is neither a state nor a view, ``multiplier`` not a
        whole number or ``rules`` not a :class:`~strohmandeln.RuleSet`.
    :raises ArgumentValueError: if ``multiplier`` is below 1 (``bad_value``) or above
        :data:`~strohmandeln.limits.MAX_MULTIPLIER` (``too_large``).

    >>> from strohmandeln import CLASSIC, STRAMANDL, deal
    >>> state = deal(CLASSIC, dealer=0, rng=11)
    >>> while not state.is_terminal:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> once, twice = score(state), score(state, multiplier=2)
    >>> twice.totals == (2 * once.totals[0], 2 * once.totals[1]), twice.multiplier
    (True, 2)
    >>> score(state.view(0), rules=STRAMANDL) == state.result(rules=STRAMANDL)
    True
    >>> score(deal(CLASSIC, dealer=0, rng=11))
    Traceback (most recent call last):
    ...
    strohmandeln.errors.StateError: the deal is not over yet
    """
    if rules is not None:
        args.instance(rules, RuleSet, "rules")
    if type(state) is PlayerView:
        result = seen.result(seen_of(state), 0 if multiplier is None else args.stakes(multiplier), rules)
        if result is None:
            raise StateError(Reason.NOT_FINISHED, "the deal is not over yet")
        return result
    return args.instance(state, GameState, "state", "a GameState or a PlayerView").result(multiplier=multiplier, rules=rules)
