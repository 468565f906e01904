"""Matches: a running score over many deals, with the doubled deals after draws (R5, R7, R9, R26).

A :class:`Match` is an immutable value. It tells who deals next (the dealer alternates, R5; after
a tarockless fold the same dealer deals again, R7; after a throw-in the deal passes, R9) and the
multiplier of the next deal (R26), starts the next deal from *your* deck order or random
generator — it never shuffles on its own — and takes back the finished deal with
:meth:`Match.record`.

>>> import random
>>> from strohmandeln import CLASSIC, Match
>>> match = Match.start(CLASSIC, first_dealer=0)
>>> rng = random.Random(5)
>>> for _ in range(4):
...     state = match.deal(rng=rng)
...     while not state.is_terminal:
...         state = state.apply(rng.choice(state.legal_actions()))
...     match = match.record(state)
>>> len(match.results), sum(match.scores)
(4, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, final

import attrs

from ._base import args, checked
from .cards import Card
from .dealing import deal
from .errors import ArgumentValueError, Reason, StateError
from .presets import RulesKind
from .rules import DrawDoubling, RuleSet
from .scoring import DealResult, score
from ._core.record import restamped
from .state import GameState, VoidReason, record_of, state_of

__all__ = ["Match", "Standing"]


#: The field kinds of a standing (its document's fields: a session's, :mod:`strohmandeln.session`).
_RULES: Final = {checked.KIND: RulesKind()}
_SEAT: Final = {checked.KIND: checked.Whole(0, 1, "seat", required=True)}
_COUNT: Final = {checked.KIND: checked.Whole(0, checked.MAX_COUNT, "deals", required=True)}
_SCORES: Final = {checked.KIND: checked.Pair(checked.Whole(-checked.MAX_COUNT, checked.MAX_COUNT, "game points"), required=True)}
_FACTOR: Final = {checked.KIND: checked.Whole(1, checked.MAX_MULTIPLIER, "stakes", required=True)}
#: (optional in a document: a session saved before the match's move numbers loads at 0)
_MOVES: Final = {checked.KIND: checked.Whole(0, checked.MAX_COUNT, "moves")}


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen(kw_only=True)
class Standing:
    """Where a match stands between two deals: everything that decides its future — the rule
    set, the next dealer, the running score and the stakes of the next deals (R5, R7, R9, R26) —
    and the number of deals so far, but not the deals themselves. Its size does not grow with
    the match. :attr:`Match.standing` gives a match's; :meth:`after` records one more deal.

    Each field declares its kind once, and a session's document is written and read from those
    declarations (:mod:`strohmandeln.session`). A standing no match can reach is refused when it
    is made: scores that do not sum to zero, more deals played than recorded, stakes or doubled
    deals the rule set's doubling (R26) does not give.

    :raises ArgumentTypeError: for a field of the wrong type (``rules`` no
        :class:`~strohmandeln.RuleSet`, a seat or count no whole number, ``scores`` no pair).
    :raises ArgumentValueError: with reason ``bad_value`` for a field out of its range or
        fields that no match reaches together.

    >>> import random
    >>> from strohmandeln import CLASSIC, Match
    >>> match = Match.start(CLASSIC, first_dealer=0)
    >>> standing, rng = match.standing, random.Random(3)
    >>> for _ in range(3):
    ...     state = match.deal(rng=rng)
    ...     while not state.is_terminal:
    ...         state = state.apply(rng.choice(state.legal_actions()))
    ...     match = match.record(state)
    ...     standing = standing.after(state)[0]
    >>> standing == match.standing, standing.deals_recorded, standing.scores == match.scores
    (True, 3, True)
    >>> Standing(rules=CLASSIC, scores=(5, 5))
    Traceback (most recent call last):
    strohmandeln.errors.ArgumentValueError: scores must sum to zero, not to 10
    """

    #: The rule set of every deal (its name in the ``repr``).
    rules: RuleSet = attrs.field(repr=lambda rules: repr(rules.name), metadata=_RULES)
    #: Who dealt the first deal.
    first_dealer: int = attrs.field(default=0, metadata=_SEAT)
    #: The dealer of the next deal.
    next_dealer: int = attrs.field(default=0, metadata=_SEAT)
    #: The running score of seat 0 and seat 1 (they sum to zero).
    scores: tuple[int, int] = attrs.field(default=(0, 0), metadata=_SCORES)
    #: ``next_round`` / ``next_deal``: how many of the next deals count double.
    doubled_deals: int = attrs.field(default=0, metadata=_COUNT)
    #: ``until_decided``: the factor of the next deal (1, 2, 4, …).
    factor: int = attrs.field(default=1, metadata=_FACTOR)
    #: The deals recorded so far, void deals included.
    deals_recorded: int = attrs.field(default=0, metadata=_COUNT)
    #: The deals played out so far (void deals do not count).
    deals_played: int = attrs.field(default=0, metadata=_COUNT)
    #: The match's move number when the next deal begins (:attr:`Match.move_number`).
    move_number: int = attrs.field(default=0, metadata=_MOVES)

    def __attrs_post_init__(self) -> None:
        problem = checked.refused(self) or _unreachable(self)
        if problem is not None:
            raise ArgumentValueError(Reason.BAD_VALUE, problem)

    @property
    def multiplier(self) -> int:
        """The multiplier of the next deal (R26), as :attr:`Match.multiplier`."""
        return _multiplier(self.rules.scoring.draw_doubling, self.doubled_deals, self.factor)

    def after(self, state: GameState) -> tuple[Standing, GameState, DealResult]:
        """The standing after the finished (or void) deal ``state``, with the deal as recorded
        (at the match's stakes) and its result: one step of :meth:`Match.record`.

        :raises StateError: as :meth:`Match.record`.
        :raises ArgumentTypeError: if ``state`` is not a :class:`~strohmandeln.GameState`.
        """
        args.instance(state, GameState, "state", "the terminal GameState of the deal")
        if not state.is_terminal:
            raise StateError(Reason.NOT_FINISHED, "the deal is not over yet")
        rules = self.rules
        if state.rules != rules:
            raise StateError(Reason.WRONG_RULES, "the deal was played under another rule set")
        if state.order is None:
            raise StateError(Reason.NOT_DEALT, "a match records deals dealt from a deck order, not positions")
        dealer = self.next_dealer
        if state.dealer != dealer:
            raise StateError(Reason.BAD_SEAT, f"seat {dealer} deals next, not seat {state.dealer}")
        mode = rules.scoring.draw_doubling
        doubled_deals, factor = self.doubled_deals, self.factor
        stakes = _multiplier(mode, doubled_deals, factor)
        if state.multiplier != stakes:
            if state.multiplier != 1:
                raise StateError(Reason.WRONG_STAKES, f"the deal counts {state.multiplier} times, the match's next deal {stakes} times")
            state = state_of(restamped(record_of(state), stakes))  # (dealt outside the match)
        result = score(state)
        if state.void_reason is not VoidReason.FOLDED:
            dealer = 1 - dealer  # R5; R7: after a fold the same dealer deals again
        s0, s1 = self.scores
        played = self.deals_played
        if state.void_reason is None:
            played += 1
            s0 += result.totals[0]
            s1 += result.totals[1]
            trigger = result.doubles_later_deals(rules)
            if mode is DrawDoubling.UNTIL_DECIDED:
                factor = factor * 2 if trigger else 1
            elif mode is not DrawDoubling.NONE:
                doubled_deals = max(doubled_deals - 1, 0)
                if trigger:
                    doubled_deals += 2 if mode is DrawDoubling.NEXT_ROUND else 1
        moves = self.move_number + len(state.history) + 1
        if not -checked.MAX_COUNT <= s0 <= checked.MAX_COUNT or self.deals_recorded >= checked.MAX_COUNT or factor > checked.MAX_MULTIPLIER or moves > checked.MAX_COUNT:
            raise StateError(Reason.TOO_LARGE, "the match has grown past the counts a standing holds")
        standing = checked.unchecked(  # (what one more deal makes of a standing that is checked)
            Standing,
            rules=rules,
            first_dealer=self.first_dealer,
            next_dealer=dealer,
            scores=(s0, s1),
            doubled_deals=doubled_deals,
            factor=factor,
            deals_recorded=self.deals_recorded + 1,
            deals_played=played,
            move_number=moves,
        )
        return standing, state, result


def _unreachable(s: Standing) -> str | None:
    """What no match reaches in a standing whose fields are each in range, if anything (R26)."""
    if s.scores[0] + s.scores[1] != 0:
        return f"scores must sum to zero, not to {s.scores[0] + s.scores[1]}"
    if s.deals_played > s.deals_recorded:
        return f"deals_played ({s.deals_played}) must be at most deals_recorded ({s.deals_recorded})"
    mode = s.rules.scoring.draw_doubling
    if s.factor & (s.factor - 1) or (s.factor != 1 and mode is not DrawDoubling.UNTIL_DECIDED):
        return f"factor {s.factor} is not a stake of the {mode.value} doubling"
    if s.doubled_deals and mode not in (DrawDoubling.NEXT_ROUND, DrawDoubling.NEXT_DEAL):
        return f"doubled_deals: the {mode.value} doubling doubles no deal"
    return None


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen(kw_only=True)
class Match:
    """A match between seats 0 and 1 under one rule set: its :class:`Standing`, the deals
    recorded and their results. Its attributes :attr:`rules`, :attr:`first_dealer`,
    :attr:`next_dealer`, :attr:`scores`, :attr:`doubled_deals` and :attr:`factor` read its
    standing.

    Start one with :meth:`start` and record deals with :meth:`record`. A match made directly
    must be what recording its deals gives (it is checked: the match's document, its rule set,
    first dealer and deals, must load as the same match).

    :raises ArgumentTypeError: for a field of the wrong type (``standing`` no
        :class:`Standing`, ``deals`` no tuple of states, ``results`` no tuple of results).
    :raises ArgumentValueError: if the standing and the results are not what recording the
        deals from the start gives (with the reason of the deal that cannot be recorded).

    The first deal below is a simple game drawn 34⅔ : 35⅓, so the next round of two deals counts
    double (R26, ``next_round``):

    >>> from strohmandeln import CLASSIC, Pass
    >>> match = Match.start(CLASSIC, first_dealer=0)
    >>> state = match.deal(rng=48).apply(Pass()).apply(Pass())
    >>> while not state.is_terminal:
    ...     state = state.apply(state.legal_actions()[0])
    >>> match = match.record(state)
    >>> match.results[-1].drawn, match.next_dealer, match.multiplier, match.scores
    (True, 1, 2, (0, 0))
    >>> Match(standing=Standing(rules=CLASSIC, scores=(3, -3)))
    Traceback (most recent call last):
    strohmandeln.errors.ArgumentValueError: the standing is not where recording the 0 deals leaves the match
    """

    #: Where the match stands before its next deal.
    standing: Standing
    #: The terminal state of every deal recorded so far (void deals included).
    deals: tuple[GameState, ...] = ()
    #: The result of every deal, with its multiplier.
    results: tuple[DealResult, ...] = ()

    def __attrs_post_init__(self) -> None:
        standing = args.instance(self.standing, Standing, "standing")
        deals = _tuple_of(self.deals, GameState, "deals")
        results = _tuple_of(self.results, DealResult, "results")
        again = Match.start(standing.rules, first_dealer=standing.first_dealer)
        try:
            again = again.record_all(deals)
        except StateError as error:
            raise ArgumentValueError(error.reason, f"deals: {error.message}") from None
        if again.deals != deals or again.results != results:
            raise ArgumentValueError(Reason.BAD_VALUE, "the deals and results are not what recording the deals gives")
        if again.standing != standing:
            raise ArgumentValueError(Reason.BAD_VALUE, f"the standing is not where recording the {len(deals)} deals leaves the match")
        object.__setattr__(self, "deals", deals)
        object.__setattr__(self, "results", results)

    @property
    def rules(self) -> RuleSet:
        """The rule set of every deal."""
        return self.standing.rules

    @property
    def first_dealer(self) -> int:
        """Who dealt the first deal."""
        return self.standing.first_dealer

    @property
    def next_dealer(self) -> int:
        """The dealer of the next deal."""
        return self.standing.next_dealer

    @property
    def scores(self) -> tuple[int, int]:
        """The running score of seat 0 and seat 1 (they sum to zero)."""
        return self.standing.scores

    @property
    def doubled_deals(self) -> int:
        """``next_round`` / ``next_deal``: how many of the next deals count double."""
        return self.standing.doubled_deals

    @property
    def factor(self) -> int:
        """``until_decided``: the factor of the next deal (1, 2, 4, …)."""
        return self.standing.factor

    @classmethod
    def start(cls, rules: RuleSet, *, first_dealer: int = 0) -> Match:
        """A new match; ``first_dealer`` deals first.

        >>> from strohmandeln import STRAMANDL
        >>> match = Match.start(STRAMANDL, first_dealer=1)
        >>> match.next_dealer, match.multiplier, match.scores, match.deals
        (1, 1, (0, 0), ())

        :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet` or
            ``first_dealer`` not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if ``first_dealer`` is not 0 or 1.
        """
        args.instance(rules, RuleSet, "rules")
        seat = args.seat(first_dealer, "first_dealer")
        standing = checked.unchecked(
            Standing, rules=rules, first_dealer=seat, next_dealer=seat, scores=(0, 0),
            doubled_deals=0, factor=1, deals_recorded=0, deals_played=0, move_number=0,
        )  # fmt: skip
        return checked.unchecked(cls, standing=standing, deals=(), results=())

    @property
    def multiplier(self) -> int:
        """The multiplier of the next deal (R26).

        >>> from strohmandeln import CLASSIC
        >>> Match.start(CLASSIC).multiplier
        1
        """
        return self.standing.multiplier

    @property
    def deals_played(self) -> int:
        """Deals that were played out (void deals do not count).

        >>> from strohmandeln import CLASSIC, DECK_54, Fold, compose_order
        >>> match = Match.start(CLASSIC, first_dealer=0)
        >>> order = compose_order(CLASSIC, dealer=0, hands=((), DECK_54[22:37]))  # Elder: no tarock
        >>> match = match.record(match.deal(order=order).apply(Fold()))
        >>> len(match.results), match.deals_played, match.next_dealer     # R7: the same dealer again
        (1, 0, 0)
        """
        return self.standing.deals_played

    @property
    def move_number(self) -> int:
        """The match's move number when its next deal begins: one for every action of every deal
        recorded and one for every deal (so that no move of one deal is a move of another).
        :attr:`Session.move_number <strohmandeln.session.Session.move_number>` goes on from it.

        >>> from strohmandeln import CLASSIC, DECK_54, Fold, compose_order
        >>> match = Match.start(CLASSIC, first_dealer=0)
        >>> match.move_number
        0
        >>> order = compose_order(CLASSIC, dealer=0, hands=((), DECK_54[22:37]))  # Elder: no tarock
        >>> match.record(match.deal(order=order).apply(Fold())).move_number    # one action, one deal
        2
        """
        return self.standing.move_number

    def deal(self, *, order: Sequence[Card] | None = None, rng: random.Random | int | None = None) -> GameState:
        """The first state of the next deal, dealt by :attr:`next_dealer` from ``order`` or
        ``rng``, at the match's stakes (:attr:`multiplier`, R26): its :meth:`GameState.result
        <strohmandeln.GameState.result>` is what the match will record.

        >>> from strohmandeln import CLASSIC
        >>> state = Match.start(CLASSIC, first_dealer=1).deal(rng=5)
        >>> state.dealer, state.elder, state.multiplier
        (1, 0, 1)

        :raises DeckError: as :func:`~strohmandeln.deal` (no deck order and no rng, or both).
        :raises ArgumentError: as :func:`~strohmandeln.deal` for ``order`` and ``rng``.
        """
        return deal(self.rules, dealer=self.next_dealer, order=order, rng=rng, multiplier=self.multiplier)

    def record(self, state: GameState) -> Match:
        """The match after the finished (or void) deal ``state``, recorded at the match's stakes
        (R26; a deal dealt outside the match, at stakes 1, is recorded at the match's).

        :raises StateError: if the deal is not over, or is not the match's next deal (another
            rule set or dealer, or other stakes than 1 and the match's: ``wrong_stakes``).
        :raises ArgumentTypeError: if ``state`` is not a :class:`~strohmandeln.GameState`.

        >>> import random
        >>> from strohmandeln import CLASSIC, StateError
        >>> match = Match.start(CLASSIC, first_dealer=0)
        >>> state = match.deal(rng=2)
        >>> try:
        ...     match.record(state)
        ... except StateError as error:
        ...     print(error.reason.value)
        not_finished
        >>> rng = random.Random(2)
        >>> while not state.is_terminal:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> match = match.record(state)
        >>> match.scores == state.result().totals, match.next_dealer
        (True, 1)
        """
        return self.record_all((state,))

    def record_all(self, states: Iterable[GameState]) -> Match:
        """The match after the finished (or void) deals ``states``, in order: what recording
        them one by one with :meth:`record` gives, in time linear in the number of deals (each
        :meth:`record` copies the tuples of the deals and results so far).

        :raises StateError: as :meth:`record`, at the first deal that cannot be recorded (the
            deals before it are not kept: a match is a value).
        :raises ArgumentTypeError: if ``states`` is not an iterable of states.
        :raises ArgumentValueError: with reason ``too_large`` for more than
            ``serialization.MAX_DEALS`` (10,000) deals.

        >>> import random
        >>> from strohmandeln import CLASSIC
        >>> match = Match.start(CLASSIC, first_dealer=0)
        >>> state = match.deal(rng=1)
        >>> rng = random.Random(1)
        >>> while not state.is_terminal:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> match.record_all([state]) == match.record(state)
        True
        """
        deals = list(self.deals)
        results = list(self.results)
        standing = self.standing
        for state in args.iterate(states, "states", checked.MAX_DEALS):
            standing, state, result = standing.after(state)
            deals.append(state)
            results.append(result)
        return checked.unchecked(Match, standing=standing, deals=tuple(deals), results=tuple(results))

    def __repr__(self) -> str:
        from .rules import label  # (one line: the rule set by its preset's name)

        return f"<Match {label(self.rules)} deals={len(self.results)} scores=({self.scores[0]:+d}, {self.scores[1]:+d}) next_dealer={self.next_dealer}>"

    def __str__(self) -> str:
        rows = [f"{self.rules.name} match after {len(self.results)} deals: {self.scores[0]:+d} : {self.scores[1]:+d}"]
        for number, result in enumerate(self.results, 1):
            if result.is_void:
                rows.append(f"  {number:>3}. void ({result.void})")
            else:
                rows.append(f"  {number:>3}. {result.totals[0]:+d} : {result.totals[1]:+d}  (×{result.multiplier})")
        return "\n".join(rows)


def _tuple_of(value: object, cls: type, name: str) -> tuple[Any, ...]:
    """A tuple of ``cls`` values (a match's deals or results)."""
    if type(value) is not tuple:
        raise args.wrong_type(name, f"a tuple of {cls.__name__}", value)
    for i, item in enumerate(value):
        args.instance(item, cls, f"{name}[{i}]")
    return value


def _multiplier(mode: DrawDoubling, doubled_deals: int, factor: int) -> int:
    """R26: the multiplier of the next deal, after ``doubled_deals`` deals still to count double
    (``next_round``, ``next_deal``) or at the ``until_decided`` factor ``factor``."""
    if mode is DrawDoubling.UNTIL_DECIDED:
        return factor
    if mode is DrawDoubling.NONE:
        return 1
    return 2 if doubled_deals > 0 else 1
