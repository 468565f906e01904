"""Exact analysis of the card play when every card is known.

:func:`solve` plays out the rest of a deal with best play by both sides — exact minimax over the
remaining tricks with alpha-beta pruning and a transposition table, on card points counted in
thirds (R2, R4). It sees everything a :class:`~strohmandeln.GameState` holds: both hands and the
face-down Strohmann cards in their order (so a Strohmann turns up exactly what it will turn up,
R11, R12, R15). That is the question of an end-game puzzle, and a bot's question about a sampled
deal (:mod:`strohmandeln.sampling`). Bonuses are not considered: the score is card points only.
:func:`solve_game` answers in game points instead: the deal's final score for the player to
move, every bonus and announcement included (R17-R26).

The search grows quickly with the number of cards left; it is meant for the last several tricks
(up to about ten, depending on how many choices the players have).

[001]'s end-game: A (seat 0) holds ♣K ♣C ♣9 ♣7, B holds ♣Q ♣J ♣10 ♣8, and A leads. "A wins more
points if he leads the 9": 8⅓ against 7⅓ when he leads the 7.

>>> from strohmandeln import CLASSIC, Card, Play
>>> from strohmandeln.positions import position
>>> state = position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=0, leader=0)
>>> solution = solve(state)
>>> values = dict(solution.values)
>>> print(values[Play(Card.parse("♣9"))], values[Play(Card.parse("♣7"))])
8⅓ 7⅓
"""

from __future__ import annotations

import attrs

from ._base import args
from ._core import solve as search
from .actions import PLAIN, Action, Play
from .errors import Reason, StateError
from .points import CardPoints
from .state import GameState, Phase, record_of

__all__ = ["GameSolution", "Solution", "solve", "solve_game"]


@attrs.frozen
class Solution:
    """The value of a position with best play by both sides (card points only).

    >>> from strohmandeln import CLASSIC
    >>> from strohmandeln.positions import position
    >>> state = position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=0, leader=0)
    >>> solution = solve(state)
    >>> solution.player, [str(play) for play in solution.best_plays]
    (0, ['♣9'])
    >>> print(solution.gain, solution.points)       # 57⅓ already won, 8⅓ to come
    8⅓ 65⅔
    >>> [(str(play), str(value)) for play, value in solution.values]
    [('♣7', '7⅓'), ('♣9', '8⅓'), ('♣C', '5⅔'), ('♣K', '7⅓')]
    >>> solution.nodes > 0
    True
    """

    #: The seat to move.
    player: int
    #: His card points at the end of the deal (those already won included).
    points: CardPoints
    #: The part of :attr:`points` he wins from now on.
    gain: CardPoints
    #: The plays that achieve :attr:`gain`, in canonical card order.
    best_plays: tuple[Play, ...]
    #: Every legal card (as its plain play, in canonical order) and what it gains him from now on
    #: with best play afterwards.
    values: tuple[tuple[Play, CardPoints], ...]
    #: How many positions the search visited.
    nodes: int = attrs.field(default=0, eq=False)


def solve(state: GameState) -> Solution:
    """Best play for both sides from ``state`` to the end of the deal (exact minimax).

    Two tricks left: whichever club seat 0 leads, seat 1 takes one trick and he the other.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> from strohmandeln.positions import position
    >>> state = position(CLASSIC, hands=("♣K ♣7", "♣Q ♣8"), rest_to=0, leader=0)
    >>> solution = solve(state)
    >>> [str(play) for play in solution.best_plays], str(solution.gain)
    (['♣7', '♣K'], '4⅔')
    >>> try:
    ...     solve(deal(CLASSIC, dealer=0, order=DECK_54))
    ... except StateError as error:
    ...     print(error.reason.value)
    wrong_phase

    :raises StateError: with reason ``wrong_phase`` unless the state is in the card play (or
        finished: then nothing is left to gain).
    :raises ArgumentTypeError: if ``state`` is not a :class:`~strohmandeln.GameState`.
    """
    args.instance(state, GameState, "state")
    if state.phase is Phase.FINISHED:
        p = 0
        return Solution(p, state.card_points(p), CardPoints(0), (), ())
    if state.phase is not Phase.PLAY:
        raise StateError(Reason.WRONG_PHASE, f"solve() needs the card play, not the {state.phase.value} phase")
    p, gains, nodes = search.solve(record_of(state))
    values = tuple((PLAIN[i], CardPoints(v)) for i, v in gains)
    best = max(v.thirds for _, v in values)
    already = state.card_points(p)
    return Solution(
        player=p,
        points=CardPoints(already.thirds + best),
        gain=CardPoints(best),
        best_plays=tuple(play for play, v in values if v.thirds == best),
        values=values,
        nodes=nodes,
    )


@attrs.frozen
class GameSolution:
    """The value of a position in game points with best play by both sides: the deal's final
    score for the player to move (R22-R26: the game and every bonus, as :meth:`GameState.result
    <strohmandeln.GameState.result>` scores it, multiplier 1).

    Two tricks left; seat 1 has no tarock. On card points it does not matter which card seat 0
    leads; on game points it does: the Pagat must win the *last* trick (R19).

    >>> from strohmandeln import CLASSIC
    >>> from strohmandeln.positions import position
    >>> state = position(CLASSIC, hands=("I ♥K", "♥Q ♠7"), rest_to=1, leader=0)
    >>> [str(play) for play in solve(state).best_plays]
    ['I', '♥K']
    >>> solution = solve_game(state)
    >>> solution.player, solution.score, [str(action) for action in solution.best_actions]
    (0, -1, ['♥K'])
    >>> [(str(action), value) for action, value in solution.values]
    [('I', -2), ('♥K', -1)]
    """

    #: The seat to move.
    player: int
    #: His net game points at the end of the deal with best play (the other seat's are minus it).
    score: int
    #: The actions that achieve :attr:`score`, in the order of :meth:`GameState.legal_actions
    #: <strohmandeln.GameState.legal_actions>`.
    best_actions: tuple[Action, ...]
    #: Every legal action (announcements and calls included) and his score after it.
    values: tuple[tuple[Action, int], ...]
    #: How many positions the search visited.
    nodes: int = attrs.field(default=0, eq=False)


def solve_game(state: GameState) -> GameSolution:
    """Best play for both sides from ``state`` to the end of the deal, on the deal's score in game
    points rather than on card points (:func:`solve`): a bot that wants the Pagat to win the
    last trick (R19), a Valat (R21), a Mondfang (R23) or an announcement's bonus (R17) asks this.

    It searches every line of play to the end (positions are not merged, since bonuses depend
    on the order of the tricks): it is meant for the last five or six tricks.

    :raises StateError: with reason ``wrong_phase`` unless the state is in the card play (or
        finished: then its score is the result's).
    :raises ArgumentTypeError: if ``state`` is not a :class:`~strohmandeln.GameState`.
    """
    args.instance(state, GameState, "state")
    if state.phase is Phase.FINISHED:
        return GameSolution(0, state.result().totals[0], (), ())
    if state.phase is not Phase.PLAY:
        raise StateError(Reason.WRONG_PHASE, f"solve_game() needs the card play, not the {state.phase.value} phase")
    p, values, nodes = search.solve_game(record_of(state))
    best = max(v for _, v in values)
    return GameSolution(p, best, tuple(a for a, v in values if v == best), tuple(values), nodes)
