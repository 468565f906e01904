"""Every legal action valued: exactly when every card is known, by sampled search when not.

Both functions answer with :class:`ActionValues`: each legal action of the seat to act —
announcements and calls included, in the order of ``legal_actions()`` — with what it is worth to
him at the end of the deal, in game points (:attr:`Unit.GAME_POINTS`, the default: the deal's
net score as :meth:`GameState.result <strohmandeln.GameState.result>` counts it, the game and
every bonus and announcement, multiplier 1) or in card points (:attr:`Unit.CARD_POINTS`: his
card points at the end of the deal, those won already included). Values are exact
:class:`~fractions.Fraction`\\ s.

* :func:`solve` plays the rest of a card play out with best play by both sides: exact minimax
  (alpha-beta with transpositions and null windows). It sees everything a
  :class:`~strohmandeln.GameState` holds: both hands and the face-down Strohmann cards in their
  order (so a Strohmann turns up exactly what it will turn up, R11, R12, R15). That is the
  question of an end-game puzzle, and a bot's question about a sampled deal.
* :func:`search` values the actions of a *view* (what its seat may know): it samples the hidden
  cards many times with the exact sampler (:mod:`strohmandeln.sampling`), values every action in
  each sampled deal — by :func:`solve` near the end of the card play, by random playouts
  (:mod:`strohmandeln.playouts`) before — and averages (*determinized search*). It works at every
  decision: the fold, the auction, the doubling and the card play.
  :class:`~strohmandeln.players.SearchPlayer` plays by it.

[001]'s end-game: A (seat 0) holds ♣K ♣C ♣9 ♣7, B holds ♣Q ♣J ♣10 ♣8, every other card is
already in B's tricks, and A leads. "A wins more points if he leads the 9": 8⅓ against 7⅓ when he
leads the 7.

>>> from strohmandeln import CLASSIC
>>> from strohmandeln.positions import position
>>> state = position(CLASSIC, hands=("♣K ♣C ♣9 ♣7", "♣Q ♣J ♣10 ♣8"), rest_to=1, leader=0)
>>> values = solve(state, unit=Unit.CARD_POINTS)
>>> [(str(action), str(points)) for action, points in values.card_points()]
[('♣7', '7⅓'), ('♣9', '8⅓'), ('♣C', '5⅔'), ('♣K', '7⅓')]
>>> str(values.best), values.score
('♣9', Fraction(25, 3))
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Final, final

import attrs

from ._base import args
from ._base.args import MAX_PLAYOUTS
from ._core import solve as kernel
from .actions import Action, Double, Fold, Keep, NoDouble, Pass, Play, Take
from .errors import ArgumentValueError, Reason, StateError, ValueLookup, a_type
from .knowledge import PlayerView
from .playouts import playouts_from
from .points import CardPoints
from .sampling import Sampler
from .state import GameState, Phase, record_of

__all__ = ["ActionValues", "Budget", "Unit", "search", "solve"]


class Unit(enum.Enum, metaclass=ValueLookup):
    """What :class:`ActionValues` counts."""

    #: The seat's net game points at the end of the deal (the game and every bonus, R17-R26,
    #: multiplier 1).
    GAME_POINTS = "game_points"
    #: The seat's card points at the end of the deal, those won already included (R2, R4).
    CARD_POINTS = "card_points"


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen
class ActionValues:
    """Every legal action of the seat to act with its value (:func:`solve`, :func:`search`).

    >>> from strohmandeln import CLASSIC
    >>> from strohmandeln.positions import position
    >>> state = position(CLASSIC, hands=("I ♥K", "♥Q ♠7"), rest_to=1, leader=0)
    >>> values = solve(state)
    >>> values.player, values.unit, [(str(action), str(value)) for action, value in values.values]
    (0, <Unit.GAME_POINTS: 'game_points'>, [('I', '-2'), ('♥K', '-1')])
    >>> str(values.best), values.score, values.exact
    ('♥K', Fraction(-1, 1), True)

    Two tricks left and seat 1 has no tarock: on card points it makes no difference which card
    seat 0 leads; on game points it does, since the Pagat must win the *last* trick (R19).

    :func:`solve` and :func:`search` make them; one built by hand (or by ``attrs.evolve``) is
    checked as they would make it, so that it can be written and compared as theirs are.

    :raises ArgumentTypeError: for a field of the wrong type: a ``player`` that is no seat, a
        ``unit`` that names no :class:`Unit`, ``values`` that are no pairs of an action and a
        :class:`~fractions.Fraction` (or whole number), counts that are no whole numbers.
    :raises ArgumentValueError: for a seat other than 0 and 1 (``bad_seat``), a negative count or
        one above 10**18, a value of more than 100 digits or more values than
        :data:`~strohmandeln.limits.MAX_CONTAINER` (``too_large``).
    """

    #: The seat to act.
    player: int
    #: What the values count.
    unit: Unit
    #: Every legal action, in the order of ``legal_actions()``, with its value: the exact value
    #: with best play by both sides afterwards (:func:`solve`), or the mean over the sampled
    #: deals (:func:`search`).
    values: tuple[tuple[Action, Fraction], ...]
    #: The deals averaged: 0 for an exact solution.
    samples: int = 0
    #: The positions the exact search visited (in all sampled deals).
    nodes: int = attrs.field(default=0, eq=False)
    #: The random playouts played (in all sampled deals).
    playouts: int = attrs.field(default=0, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "player", args.seat(self.player, "player"))
        object.__setattr__(self, "unit", args.member(Unit, self.unit, "unit"))
        object.__setattr__(self, "values", tuple(_valued(pair, f"values[{i}]") for i, pair in enumerate(args.items(self.values, "values"))))
        for name in ("samples", "nodes", "playouts"):
            object.__setattr__(self, name, args.count(getattr(self, name), name, most=MAX_COUNT))

    def __repr__(self) -> str:
        best = f" best={self.best} ({self.score})" if self.values else ""
        return f"<ActionValues player={self.player} unit={self.unit.value} actions={len(self.values)}{best} samples={self.samples}>"

    def __getitem__(self, action: Action) -> Fraction:
        """The value of a legal action (an equal action built by hand finds it too).

        :raises KeyError: if ``action`` is not one of the legal actions (anything else too: it
            is compared with the actions of its own type only, and the error names its type).
        """
        for known, value in self.values:
            if type(known) is type(action) and known == action:
                return value
        raise KeyError(f"not a legal action of these values: {str(action) if type(action) in _ACTIONS else a_type(action)}")

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` is one of the legal actions (``action in values``; anything else is
        not)."""
        return any(type(known) is type(action) and known == action for known, _ in self.values)

    @property
    def exact(self) -> bool:
        """Whether the values are exact (:func:`solve`) rather than sampled means."""
        return self.samples == 0

    @property
    def score(self) -> Fraction:
        """The best value."""
        return max(value for _, value in self.values)

    @property
    def best_actions(self) -> tuple[Action, ...]:
        """The actions of the best value, in the order of ``legal_actions()``."""
        best = self.score
        return tuple(action for action, value in self.values if value == best)

    @property
    def best(self) -> Action:
        """The first of :attr:`best_actions`."""
        return self.best_actions[0]

    def card_points(self) -> tuple[tuple[Action, CardPoints], ...]:
        """The values of an exact solution on card points as :class:`~strohmandeln.CardPoints`.

        :raises StateError: with reason ``bad_value`` for game points, or for sampled means (not
            whole thirds).
        """
        if self.unit is not Unit.CARD_POINTS or not self.exact:
            raise StateError(Reason.BAD_VALUE, "only an exact solution on card points has values in whole thirds")
        return tuple((action, CardPoints(int(value * 3))) for action, value in self.values)


#: The most digits of a value's numerator or denominator (a deal is worth a few hundred game
#: points at most: a value beyond is no value of a deal, and its text could not be written).
MAX_VALUE_DIGITS: Final = 100

#: The most samples, nodes or playouts :class:`ActionValues` may count.
MAX_COUNT: Final = 10**18

#: The classes of the actions.
_ACTIONS: Final = (Play, Fold, Keep, Take, Pass, Double, NoDouble)


def _valued(pair: object, name: str) -> tuple[Action, Fraction]:
    """A pair of an action and its value, checked (:class:`ActionValues`)."""
    got = args.items(pair, name, 2)
    if len(got) != 2:
        raise ArgumentValueError(Reason.BAD_VALUE, f"{name} must be a pair of an action and its value")
    action, value = got
    if not args.is_a(action, _ACTIONS):
        raise args.wrong_type(f"{name}[0]", "an action", action)
    if type(value) is not Fraction:
        number = args.whole(value) if not args.is_a(value, Fraction) else None
        if number is None and not args.is_a(value, Fraction):
            raise args.wrong_type(f"{name}[1]", "a Fraction or a whole number", value)
        value = Fraction(number) if number is not None else Fraction(value.numerator, value.denominator)
    limit = 10**MAX_VALUE_DIGITS
    if not (-limit < value.numerator < limit and value.denominator < limit):
        raise ArgumentValueError(Reason.TOO_LARGE, f"{name}[1] must have at most {MAX_VALUE_DIGITS} digits")
    return action, value


def solve(state: GameState, *, unit: Unit = Unit.GAME_POINTS) -> ActionValues:
    """Every legal action of the card play of ``state`` valued with best play by both sides to
    the end of the deal (exact minimax; see the module docstring).

    The search grows quickly with the cards left: in the compiled build, a median of a few
    milliseconds with eight tricks to play and about ten with ten, some positions ten times as
    long (the bot guide's figures); its ``nodes`` tell how much it searched. On card points a play's announcements and call change nothing, so they are worth
    what the plain play is.

    Two tricks left: whichever club seat 0 leads, seat 1 takes one trick and he the other.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> from strohmandeln.positions import position
    >>> state = position(CLASSIC, hands=("♣K ♣7", "♣Q ♣8"), rest_to=1, leader=0)
    >>> [(str(action), str(points)) for action, points in solve(state, unit=Unit.CARD_POINTS).card_points()]
    [('♣7', '4⅔'), ('♣K', '4⅔')]
    >>> try:
    ...     solve(deal(CLASSIC, dealer=0, order=DECK_54))
    ... except StateError as error:
    ...     print(error.reason.value)
    wrong_phase

    :raises StateError: with reason ``wrong_phase`` before the card play, ``game_over`` once
        the deal is over.
    :raises ArgumentTypeError: if ``state`` is not a state or ``unit`` not a :class:`Unit`.
    """
    if not args.is_a(state, GameState):
        expected = "a GameState (search() takes a view)" if args.is_a(state, PlayerView) else "a GameState"
        raise args.wrong_type("state", expected, state)
    game = _game(unit)
    if state.is_terminal:
        raise StateError(Reason.GAME_OVER, f"the deal is over ({state.phase.value}): no action to value")
    if state.phase is not Phase.PLAY:
        raise StateError(Reason.WRONG_PHASE, f"solve() needs the card play, not the {state.phase.value} phase")
    p, values, nodes = kernel.values(record_of(state), game)
    scale = 1 if game else 3
    return ActionValues(p, unit, tuple((a, Fraction(v, scale)) for a, v in values), 0, nodes)


def search(
    position: PlayerView | GameState,
    rng: random.Random | int,
    *,
    samples: int | None = 24,
    unit: Unit = Unit.GAME_POINTS,
    solve_tricks: int = 6,
    clock: Callable[[], float] | None = None,
    seconds: float | None = None,
) -> ActionValues:
    """Every legal action of the seat to act valued by sampled search from what he may know.

    Each of ``samples`` deals drawn by :class:`~strohmandeln.sampling.Sampler` from the view
    (exactly uniform over the deals consistent with it) values every legal action: with at most
    ``solve_tricks`` tricks left in the card play by :func:`solve` (exact for that deal); before
    that — and in the fold, the auction and the doubling — by the end of one random playout
    (:func:`~strohmandeln.playouts.playout`) after the action; an action that ends the deal
    (a fold, a throw-in) by its score. Every action is valued on the same deals, which makes the
    comparison much less noisy than fresh deals per action. The values are the means.

    :param position: the view of the seat to act (a state is searched through its view,
        ``state.view(state.current_player)``: the hidden cards are never read).
    :param rng: a :class:`random.Random` (or an int seed), for the samples and the playouts:
        the same generator state gives the same values.
    :param samples: how many deals to sample; ``None`` for as many as ``seconds`` allow.
    :param clock: with ``seconds``, a time budget: a function that tells the time in seconds
        (such as :func:`time.perf_counter`; the library does no I/O and reads no clock of its
        own), read before each sampled deal: no deal is begun once ``seconds`` have passed
        since the call began (at least one is). A budget in time is not reproducible.
    :raises StateError: with reason ``game_over`` if nobody is to act, ``not_your_turn`` for
        the view of a seat that is not to act (or a spectator's).
    :raises ArgumentTypeError: for a position that is no view or state, a ``unit`` that is no
        :class:`Unit`, an ``rng`` that is neither a generator nor a seed, or a budget
        :class:`Budget` refuses.
    :raises ArgumentValueError: for a budget :class:`Budget` refuses.

    >>> import random
    >>> from strohmandeln import CLASSIC, deal
    >>> view = deal(CLASSIC, dealer=0, rng=97).view(1)               # Elder, in the auction
    >>> values = search(view, random.Random(1), samples=4)
    >>> [str(action) for action, _ in values.values], values.samples, values.playouts
    (['take', 'pass'], 4, 8)
    """
    view = _view_of(position)
    game = _game(unit)
    budget = Budget(samples, seconds, clock, solve_tricks)
    limit, seconds, horizon = budget.samples, budget.seconds or 0.0, budget.solve_tricks
    gen = args.generator(rng)
    me = view.current_player
    legal = view.legal_actions()
    if me is None:
        raise StateError(Reason.GAME_OVER, f"the deal is over ({view.phase.value}): no action to value")
    if view.player != me:
        raise StateError(Reason.NOT_YOUR_TURN, f"seat {me} is to act: search his view, not {_whose(view)}")
    sampler = Sampler(view)
    exact = view.phase is Phase.PLAY and view.rules.deck.trick_count - view.trick_number <= horizon
    totals = [0] * len(legal)
    worlds = nodes = rolled = 0
    start = clock() if clock is not None else 0.0
    while limit is None or worlds < limit:
        if clock is not None and worlds and clock() - start >= seconds:
            break
        world = sampler.sample(gen)
        worlds += 1
        if exact:
            _, solved, searched = kernel.values(record_of(world), game)
            nodes += searched
            for k, (_, v) in enumerate(solved):
                totals[k] += v
            continue
        children = [world.apply(action) for action in legal]
        live = [child for child in children if not child.is_terminal]
        finals = iter(_rollouts(live, gen))
        rolled += len(live)
        for k, child in enumerate(children):
            final = child if child.is_terminal else next(finals)
            totals[k] += final.result().totals[me] if game else final.card_points(me).thirds
    scale = worlds if game else 3 * worlds
    values = tuple((action, Fraction(total, scale)) for action, total in zip(legal, totals, strict=True))
    return ActionValues(me, unit, values, worlds, nodes, rolled)


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen
class Budget:
    """What a :func:`search` may spend on one decision: ``samples`` sampled deals, or a time
    budget — ``seconds`` by ``clock``, a function that tells the time in seconds (such as
    :func:`time.perf_counter`; the library does no I/O and reads no clock of its own) — or both
    (whichever runs out first). ``samples=None`` with a clock: as many deals as the time allows.
    The exact solver values the actions once ``solve_tricks`` tricks or fewer are left (each
    more trick costs about twice as much: ``benchmarks/solver.py``).

    >>> Budget(samples=32).samples, Budget(samples=None, seconds=0.05, clock=lambda: 0.0).seconds
    (32, 0.05)
    >>> Budget(samples=None)
    Traceback (most recent call last):
    ...
    strohmandeln.errors.ArgumentValueError: samples must be a number of deals, or a clock and seconds (no budget), not None

    :raises ArgumentTypeError: for ``samples`` or ``solve_tricks`` that are not whole numbers,
        ``seconds`` that are not a number or a ``clock`` that is not callable.
    :raises ArgumentValueError: for fewer than one sample (or more than
        :data:`~strohmandeln.limits.MAX_PLAYOUTS`), seconds that are not positive, a clock
        without seconds (or seconds without a clock), no budget at all, or tricks out of range.
    """

    #: The deals to sample per decision (``None``: as many as the time allows).
    samples: int | None = 24
    #: The time per decision, in the clock's seconds.
    seconds: float | None = None
    #: The clock the time is read from.
    clock: Callable[[], float] | None = attrs.field(default=None, eq=False, repr=False)
    #: The tricks left from which the exact solver values the actions (before: playouts).
    solve_tricks: int = 6

    def __attrs_post_init__(self) -> None:
        samples, seconds, clock = self.samples, self.seconds, self.clock
        object.__setattr__(self, "solve_tricks", _whole(self.solve_tricks, "solve_tricks"))
        if clock is not None and not callable(clock):
            raise args.wrong_type("clock", "a function that tells the time", clock)
        if (clock is None) != (seconds is None):
            raise args.bad_value("seconds", "given with a clock (a time budget needs both)", seconds)
        if seconds is not None:
            if type(seconds) not in (int, float):
                raise args.wrong_type("seconds", "a number", seconds)
            if not seconds > 0:  # (NaN too)
                raise args.bad_value("seconds", "more than 0", seconds)
        if samples is None:
            if clock is None:
                raise args.bad_value("samples", "a number of deals, or a clock and seconds (no budget)", samples)
            return
        object.__setattr__(self, "samples", args.count(samples, "samples", least=1, most=MAX_PLAYOUTS))


def _rollouts(states: Sequence[GameState], rng: random.Random) -> list[GameState]:
    """The final states of ``states``, each played to its end at random with ``rng`` — the
    search's one call into the playouts (:func:`~strohmandeln.playouts.playouts_from`)."""
    return playouts_from(states, rng)


def _view_of(position: object) -> PlayerView:
    """The view a search reads: a view, or the view of a state's seat to act."""
    if args.is_a(position, PlayerView):
        return position  # type: ignore[return-value]
    if args.is_a(position, GameState):
        state: GameState = position  # type: ignore[assignment]
        return state.view(state.current_player)
    raise args.wrong_type("position", "a PlayerView (or a GameState)", position)


def _whose(view: PlayerView) -> str:
    """Whose view ``view`` is, for a message."""
    return "a spectator's" if view.player is None else f"seat {view.player}'s"


def _game(unit: object) -> bool:
    """Whether ``unit`` asks for game points (``False``: card points)."""
    return args.instance(unit, Unit, "unit") is Unit.GAME_POINTS


#: The most tricks a deal has (27 with 54 cards): a larger horizon solves from the first trick.
MAX_TRICKS: Final = 27


def _whole(value: object, name: str) -> int:
    """A whole number argument of at least 0."""
    return args.count(value, name, most=MAX_TRICKS)


