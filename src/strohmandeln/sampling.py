"""Sampling the hidden cards of a view (determinization).

A bot that cannot see the opponent's hand or the face-down Strohmann cards can reason about them by
*sampling*: :func:`sample` takes a :class:`~strohmandeln.views.PlayerView` and the caller's random
generator and returns a full :class:`~strohmandeln.GameState` consistent with everything the viewer
has observed — dealing its deck order and replaying the public history reproduces the viewer's
view at every step. A bot can then search the sampled state with full information (for example
with :func:`strohmandeln.analysis.solve`) and average over many samples.

**What is sampled.** The viewer's own dealt hand and every card he saw turned stay where they are.
The *free* cards — the opponent's unknown hand cards (including cards he has since played from
the hand, whose origin the viewer cannot tell), the opponent's last Strohmann cards taken up unseen
(R12's ``hidden``) and every face-down Strohmann card of *both* players (the viewer does not know
his own either) — are distributed over the free places of the deal.

**Constraints.** A sample respects everything the public history implies:

* *following* (R14): a player who did not follow suit had no card of the led suit, and one who
  played neither suit nor tarock had no tarock, among the cards *then* in his hand (his face-up
  tops are public anyway). A card he took into the hand unseen *after* that trick (R12) is not
  bound by it, and one he played before it is not either;
* *having*: a card the opponent played from his hand was in his hand at that moment — dealt to
  him, or one of his unseen last cards taken up before that trick; so were the cards of an
  announcement (R17) he made;
* *folding* (R7): a player asked whether to fold had no tarock among his dealt hand cards; one the
  rules would have asked but did not ask had at least one.

**Distribution.** With the viewer as a player, :func:`sample` draws **exactly uniformly** from all
deck orders that satisfy these constraints (up to floating-point granularity of
:meth:`random.Random.random`; within a dealt hand's places the cards lie in canonical order). The
opponent's unseen last cards (at most three places) are drawn first, with weights equal to the
exact number of completions of each choice, counted with binomial coefficients over *kinds* of
interchangeable cards; then the opponent's dealt hand and the face-down cards are drawn uniformly
among the completions. Where R7 says that his dealt hand holds a tarock, a draw that gives it none
is drawn again, which keeps the draw uniform; after eight such misses in a row, the draw counts
that constraint in its weights instead. Without constraints this is the uniform distribution over
the free cards.

A *spectator's* view (two unknown hands) is sampled **exactly uniformly** too. Its free cards fall
into *types* — cards that may go to the same groups of places (each dealt hand, each unseen last
card, the face-down cards) — and the deals are counted exactly by a walk over the types that puts
some of each type's cards in each of its groups, remembering only the room left in each group;
the draw retraces that walk with weights equal to the completions of each choice. R7's "at least
one tarock" in a dealt hand is met by rejection and, after eight misses in a row, by counting
tarocks as types of their own, as above. The count is worked out on the first sample of a view
(about a millisecond in the middle of a deal; a view with many unseen last cards and voids may
take tens of milliseconds) and kept on it; later samples only retrace it.

**Positions.** A player's view of a position (:mod:`strohmandeln.positions`) has no deck order;
its places are the opponent's hand as set up (in place of his dealt hand), the face-down cards of
each Strohmann as set up and his unseen last cards, drawn exactly as above (there is no auction,
so R7 binds nothing). Each Strohmann's set-up top is worked out from the view: it is the card its
owner played from a Strohmann in the trick after which the Strohmann's first card was turned, or
its top now. The sample is the state that setting up the drawn position and replaying the view's
history gives. A spectator's view of a position is sampled as a spectator's view of a deal is,
exactly uniformly over the set-up hands of both seats, the face-down cards and the unseen last
cards.

**What the history says, once.** The constraints above are read out of the view's public history
in one pass, the same for a player's view and a spectator's, of a deal or of a position: per
seat, the cards he played from the hand and in which trick, the classes he showed void in and
when, the cards his announcements prove he held and when, his last cards taken up unseen and
after which trick, and R7's fold decisions. Each model of the view draws with what that pass
found. The first sample from a view works out what its history implies and keeps it with the
view (a :class:`Sampler` holds it too); later samples only draw from it. A few tables that stay
the same for a whole deal (the viewer's dealt hand in the deck order, the cards turned when the
Strohmänner were uncovered) are kept for later views of the same deal.

**Counting.** :meth:`Sampler.count` gives the exact number of deals the draws are uniform over:
deck orders consistent with the view (set-ups, for a view of a position), where an unknown dealt
(or set-up) hand counts as a *set* of cards — the order of its cards within the hand's deck
positions changes nothing in the game — and every other free place counts in its order: the
face-down Strohmann cards, and each unseen last card. :meth:`Sampler.sample` draws each of them
with probability ``1 / count()`` (uniformly, as above).

>>> import random
>>> from strohmandeln import CLASSIC, deal
>>> state = deal(CLASSIC, dealer=0, rng=7)
>>> while state.trick_number < 5:
...     state = state.apply(state.legal_actions()[0])
>>> view = state.view(0)
>>> guess = sample(view, random.Random(1))
>>> guess.view(0) == view, guess.hand(0) == state.hand(0)
(True, True)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Final

from ._base import args
from ._core.sampling import model as models
from .cards import DECK_54, Card
from .errors import Reason, StateError
from .knowledge import PlayerView, seen_of
from .state import GameState, state_of

__all__ = ["CHECK_BUDGET", "Sampler", "sample", "sample_order"]

#: The states of a spectator's exact count that loading a view may spend on checking it (at
#: most about a second on the project's machine; the views of real play need at most about
#: 2,000). Sampling a view has no such bound.
CHECK_BUDGET: Final = models.CHECK_BUDGET


class Sampler:
    """The hidden cards of one view, to sample again and again.

    Making a sampler works out what the view's public history implies (the module docstring
    says what); each :meth:`sample` then only draws. :func:`sample` and :func:`sample_order` are
    the one-off forms.

    >>> import random
    >>> from strohmandeln import CLASSIC, deal
    >>> state = deal(CLASSIC, dealer=0, rng=7)
    >>> while state.trick_number < 5:
    ...     state = state.apply(state.legal_actions()[0])
    >>> sampler = Sampler(state.view(0))
    >>> rng = random.Random(1)
    >>> guesses = [sampler.sample(rng) for _ in range(3)]
    >>> all(guess.view(0) == sampler.view for guess in guesses)
    True

    :raises ArgumentTypeError: if ``view`` is not a view (a state is sampled through
        ``state.view(player)``).
    :raises StateError: if no deal or position is consistent with the view.
    """

    __slots__ = ("_view", "_model")

    _model: models.Model

    def __init__(self, view: PlayerView) -> None:
        if type(view) is not PlayerView:
            expected = "a PlayerView (sample state.view(player))" if args.is_a(view, GameState) else "a PlayerView"
            raise args.wrong_type("view", expected, view)
        self._view = view
        self._model = models.model(seen_of(view))

    def __reduce__(self) -> tuple[type[Sampler], tuple[PlayerView]]:
        # (pickled and copied as its view: the model is worked out again — in the compiled
        # build it is a native object that pickle cannot rebuild)
        return (Sampler, (self._view,))

    @property
    def view(self) -> PlayerView:
        """The view this sampler draws for."""
        return self._view

    def sample(self, rng: random.Random | int, *, replay: bool = False) -> GameState:
        """A full state consistent with the view (see :func:`sample`).

        :raises ArgumentTypeError: as :func:`sample`, for ``rng`` and ``replay``.
        """
        gen = args.generator(rng)
        replay = args.flag(replay, "replay")
        places, hands = self._model.draw(gen)
        s = seen_of(self._view)
        if replay:
            return state_of(models.replayed(s, self._model, places, hands))
        return state_of(models.record_of_sample(s, self._model, places, hands))

    def count(self) -> int:
        """The number of deals consistent with the view, each of which :meth:`sample` draws
        with probability ``1 / count()``: deck orders (set-ups, for a view of a position), an
        unknown dealt (or set-up) hand counted as a set of cards — its order within the hand's
        deck positions changes nothing — and every other free place in its order (each
        face-down Strohmann card, each last card taken up unseen).

        >>> import math
        >>> from strohmandeln import BECK, deal
        >>> Sampler(deal(BECK, dealer=0, rng=1).view(0)).count() == math.comb(39, 15) * math.factorial(24)
        True

        Before the uncovering of a deal without R7, the opponent's 15 cards are any 15 of the 39
        the viewer has not seen, and the other 24 lie face down in any order. The first count of
        a view may take longer than a sample where R7 binds (it counts that constraint exactly,
        where the draws mostly reject).
        """
        return models.count(self._model)

    def sample_order(self, rng: random.Random | int) -> tuple[Card, ...]:
        """Only the deck order of a :meth:`sample` (see :func:`sample_order`).

        :raises StateError: with reason ``no_deck_source`` for a view of a position.
        :raises ArgumentTypeError: as :func:`sample`, for ``rng``.
        """
        gen = args.generator(rng)
        if models.is_position(self._model):
            raise StateError(Reason.NO_DECK_SOURCE, "a position has no deck order: use sample() for a state")
        return _cards(self._model.draw(gen)[0])


def sample(view: PlayerView, rng: random.Random | int, *, replay: bool = False) -> GameState:
    """A full state consistent with ``view``, its hidden cards drawn with ``rng``.

    :param view: a player's (or a spectator's) view of a dealt state or of a position.
    :param rng: a :class:`random.Random` (or an int seed); the library never uses global randomness.
    :param replay: build the state by dealing the sampled order with
        :func:`~strohmandeln.deal` (or setting up the sampled position) and replaying the history
        through the rules (slower). By default it is assembled directly from the view's public
        history and the sampled cards; the two are identical, field for field (the test suite
        checks it).
    :raises StateError: if no deal or position is consistent with the view (a view loaded from
        a document always has one).
    :raises ArgumentTypeError: if ``view`` is not a view (a state is sampled through
        ``state.view(player)``), ``rng`` neither a :class:`random.Random` nor a whole number, or
        ``replay`` not a ``bool``.

    >>> from strohmandeln import CLASSIC, deal
    >>> view = deal(CLASSIC, dealer=1, rng=3).view(0)
    >>> s = sample(view, 42)
    >>> s.hand(0) == view.hand, s.view(0) == view
    (True, True)
    """
    return Sampler(view).sample(rng, replay=replay)


def sample_order(view: PlayerView, rng: random.Random | int) -> tuple[Card, ...]:
    """Only the deck order of a :func:`sample`: deal it with ``deal(view.rules,
    dealer=view.dealer, order=...)`` and replay ``view.history`` to get the sampled state.

    >>> from strohmandeln import CLASSIC, DECK_54, Pass, deal
    >>> view = deal(CLASSIC, dealer=0, order=DECK_54).apply(Pass()).apply(Pass()).view(1)
    >>> order = sample_order(view, 5)
    >>> len(order), sorted(order) == sorted(DECK_54)
    (54, True)
    >>> guess = deal(view.rules, dealer=view.dealer, order=order)
    >>> for action in view.history:
    ...     guess = guess.apply(action)
    >>> guess.view(1) == view, guess == sample(view, 5)      # the same draw as sample()
    (True, True)

    :raises StateError: with reason ``no_deck_source`` for a view of a position.
    :raises ArgumentTypeError: as :func:`sample`.
    """
    return Sampler(view).sample_order(rng)


def _cards(places: Sequence[int]) -> tuple[Card, ...]:
    """The cards of a deck order of card indices."""
    if len(places) < 2:
        return tuple([DECK_54[i] for i in places])
    return operator.itemgetter(*places)(DECK_54)  # type: ignore[no-any-return]
