"""Players: uniformly random, a heuristic that follows [000]'s tactical advice, and a search player.

:class:`RandomPlayer` and :class:`HeuristicPlayer` are opponents for testing bots and examples
for writing one; :class:`SearchPlayer` is a strong opponent, which samples the hidden cards and
values every action by search (:func:`strohmandeln.analysis.search`). A player is any callable that
takes a :class:`~strohmandeln.GameState` — or the :class:`~strohmandeln.PlayerView` of the player
to act — and returns one of its legal actions. Both use only what the player to act may know:
his own hand, the face-up cards, and the cards already played (they never look at the
opponent's hand or at face-down Strohmann cards), so they choose the same action from a state
and from its player's view (:class:`SearchPlayer` makes the view of a state it is given and
reads nothing else).

>>> import random
>>> from strohmandeln import CLASSIC, deal, players
>>> state = deal(CLASSIC, dealer=0, rng=3)
>>> bots = (players.HeuristicPlayer(), players.RandomPlayer(random.Random(1)))
>>> while not state.is_terminal:
...     state = state.apply(bots[state.current_player or 0](state))
>>> state.phase
<Phase.FINISHED: 'finished'>
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ._base import args
from ._base.masks import XVII, XVIII
from .actions import NO_DOUBLE, PASS, TAKE, Action, Keep, Play
from .analysis import Budget, search
from .cards import Card, Rank, checked_cards
from .errors import Reason, StateError
from .encoding import information_state_key
from .knowledge import PlayerView
from .points import CardPoints
from .state import GameState, Phase

__all__ = ["HeuristicPlayer", "Player", "RandomPlayer", "SearchPlayer", "safe_trick_points"]

#: A player: a function from the state, or the view of the player to act, to a legal action.
Player = Callable[[GameState | PlayerView], Action]


class RandomPlayer:
    """Chooses uniformly among the legal actions, with the caller's random generator.

    >>> from strohmandeln import CLASSIC, deal
    >>> state = deal(CLASSIC, dealer=0, rng=3)
    >>> player = RandomPlayer(random.Random(1))
    >>> player(state) in state.legal_actions()
    True

    :raises ArgumentTypeError: if ``rng`` is neither a :class:`random.Random` nor a whole
        number (a seed); if the player is asked about what is neither a state nor a view.
    :raises StateError: if it is asked when there is nothing for it to do (the deal is over, or
        a view's viewer is not to act).
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = args.generator(rng)

    def __call__(self, state: GameState | PlayerView) -> Action:
        legal = _legal(state)
        return legal[int(self.rng.random() * len(legal))]


def safe_trick_points(hand: tuple[Card, ...]) -> CardPoints:
    """The card points of [000]'s "safe tricks" in a hand: Sküs, Mond, Pagat, Kings, and Queens
    backed by their King or by a suit of three or more cards.

    [000]'s two examples: Sküs, Mond, ♥K, ♥Q and several clubs with the Queen make 19⅔; Sküs,
    Pagat, ♠K, ♠Q, ♣K and several hearts with the Queen make 24.

    >>> from strohmandeln import cards_from_text
    >>> print(safe_trick_points(cards_from_text("Sküs XXI ♥K ♥Q ♣Q ♣10 ♣8 ♦4")))
    19⅔
    >>> print(safe_trick_points(cards_from_text("Sküs I ♠K ♠Q ♣K ♥Q ♥1 ♥3 ♦C")))
    24

    :raises ArgumentTypeError: if ``hand`` is not a collection of cards.
    """
    hand = checked_cards(hand, "hand")
    held = set(hand)
    length: dict[object, int] = {}
    for card in hand:
        length[card.suit] = length.get(card.suit, 0) + 1
    safe = []
    for card in hand:
        if card.is_trull or card.is_king:
            safe.append(card)
        elif card.suit is not None and card.rank == Rank.QUEEN:
            if Card.suit_card(card.suit, Rank.KING) in held or length[card.suit] >= 3:
                safe.append(card)
    return CardPoints.of(safe)


class HeuristicPlayer:
    """A simple player built from the tactics section of [000].

    * Auction: takes the game with at least ``take_threshold`` points of safe tricks and at least
      six tarocks in the hand ([000]: 20–25 points of safe tricks, 6–7 tarocks).
    * Announces Trull and Four Kings as soon as allowed; calls Ross only with a guaranteed XVII.
    * Leading: plays a Queen or Knight lying face up on its Strohmann early ("play out the
      Strohmänner rapidly", "play an exposed Queen"); with many tarocks it draws tarocks from the
      top; otherwise it leads low in its longest suit ("from low to high").
    * Following: wins as cheaply as possible when the trick is worth it, otherwise throws its
      cheapest card, preferring a card from a Strohmann; it keeps the Pagat back for the last
      trick when it holds more than half of the tarocks still in play.

    It is deterministic: the same state always gets the same action.

    >>> from strohmandeln import CLASSIC, cards_to_text, deal
    >>> state = deal(CLASSIC, dealer=0, rng=97)            # Elder (seat 1): 8 tarocks, 20⅔ in safe tricks
    >>> print(safe_trick_points(state.hand(1)), "|", cards_to_text(state.hand(1)))
    20⅔ | I III VIII XI XIII XVII XIX XX ♠J ♠K ♥1 ♥Q ♥K ♦1 ♦K
    >>> player = HeuristicPlayer()
    >>> player(state)
    Take()
    >>> HeuristicPlayer(take_threshold=25)(state)
    Pass()

    :raises ArgumentTypeError: if ``take_threshold`` is not a whole number; if the player is
        asked about what is neither a state nor a view.
    :raises ArgumentValueError: if ``take_threshold`` is not from 0 to 100 (points).
    :raises StateError: as :class:`RandomPlayer`.
    """

    def __init__(self, take_threshold: int = 20) -> None:
        self.take_threshold = args.count(take_threshold, "take_threshold", most=100)

    def __call__(self, state: GameState | PlayerView) -> Action:
        legal = _legal(state)
        phase = state.phase
        me = state.current_player
        assert me is not None
        if phase is Phase.FOLD:
            return next(a for a in legal if isinstance(a, Keep))
        if phase is Phase.AUCTION:
            hand = _hand(state, me)
            tarocks = sum(1 for c in hand if c.is_tarock)
            strong = safe_trick_points(hand).rounded >= self.take_threshold and tarocks >= 6
            return TAKE if strong else PASS
        if phase is Phase.DOUBLING:
            return NO_DOUBLE
        return self._play(state, me, legal)

    def _play(self, state: GameState | PlayerView, me: int, legal: tuple[Action, ...]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        announced = [a for a in plays if a.announcements]
        if announced:
            return max(announced, key=lambda a: len(a.announcements))
        plain = {a.card: a for a in plays if not a.announcements and a.call is None}
        cards = sorted(plain)
        hand = set(_hand(state, me))
        tops = set(state.strohmann_tops(me))
        gone = set(state.won_cards(0)) | set(state.won_cards(1))
        my_tarocks = [c for c in hand if c.is_tarock]
        out_tarocks = [c for c in state.rules.deck.cards if c.is_tarock and c not in gone and c not in hand]
        keep_pagat = len(my_tarocks) > len(out_tarocks) and state.trick_number < state.rules.deck.trick_count - 1
        choices = [c for c in cards if not (keep_pagat and c.index == 0)] or cards
        trick = state.current_trick
        if not trick:
            card = self._lead(choices, hand, tops, my_tarocks, out_tarocks)
        else:
            card = self._follow(trick[0].card, choices, tops)
        ross = [a for a in plays if a.call is not None and a.card is card and not a.announcements]
        if ross and self._xvii_is_master(card, hand, gone):
            return ross[0]
        return plain[card]

    @staticmethod
    def _xvii_is_master(card: Card, hand: set[Card], gone: set[Card]) -> bool:
        if card.index == XVII:
            higher = [Card.tarock(n) for n in range(18, 23)]
        elif card.index == XVIII:
            higher = [Card.tarock(n) for n in range(19, 23)]
        else:
            return False
        return all(c in hand or c in gone for c in higher)

    @staticmethod
    def _lead(choices: list[Card], hand: set[Card], tops: set[Card], mine: list[Card], out: list[Card]) -> Card:
        exposed = [c for c in choices if c in tops and c.suit is not None and c.rank in (Rank.QUEEN, Rank.KNIGHT)]
        if exposed:
            return max(exposed, key=lambda c: c.rank)
        kings = [c for c in choices if c.is_king]
        if kings:
            return kings[0]
        tarocks = [c for c in choices if c.is_tarock]
        if tarocks and len(mine) > len(out):
            return max(tarocks)
        suits: dict[object, list[Card]] = {}
        for c in choices:
            if c.suit is not None:
                suits.setdefault(c.suit, []).append(c)
        if suits:
            longest = max(suits.values(), key=len)
            from_tops = [c for c in longest if c in tops]
            return min(from_tops or longest, key=lambda c: c.rank)
        return min(choices, key=lambda c: (c.value, c.index))

    @staticmethod
    def _follow(lead: Card, choices: list[Card], tops: set[Card]) -> Card:
        def beats(card: Card) -> bool:
            if card.is_tarock != lead.is_tarock:
                return card.is_tarock
            return card.suit is lead.suit and card.index > lead.index

        winners = [c for c in choices if beats(c)]
        if winners and (lead.value >= 3 or not lead.is_tarock):
            return min(winners, key=lambda c: (c.value if c.suit is None else 0, c.index))
        return min(choices, key=lambda c: (c.value, c not in tops, c.index))


def _hand(state: GameState | PlayerView, me: int) -> tuple[Card, ...]:
    """The hand of ``me``: a view's own hand, or the state's hand of that seat."""
    return state.hand if isinstance(state, PlayerView) else state.hand(me)


class SearchPlayer:
    """A player that searches: at every decision it samples the cards it cannot see and values
    each legal action on the sampled deals (:func:`strohmandeln.analysis.search`), then takes
    the best.

    Every decision is searched the same way — the fold, the auction (take or pass), the doubling,
    and every card with its announcements and calls: each legal action is valued in game points
    at the end of the deal, the game and every bonus included, as the library scores the deal —
    by random playouts of the rest of the deal early, by the exact solver
    (:func:`strohmandeln.analysis.solve`) once ``solve_tricks`` tricks or fewer are left. A
    decision with one legal action is taken at once.

    **Budget.** ``samples`` deals per decision (the default, 24, plays about 170 decisions a
    second in the compiled build: see the bot guide's figures), or a time budget: ``clock`` — a function that tells the time in seconds, such as
    :func:`time.perf_counter` (the library does no I/O and reads no clock of its own) — and
    ``seconds`` per decision; with both, at most ``samples`` deals in at most ``seconds``.

    **Seeding.** The generator of each decision is made from ``seed`` and what the player knows
    at that moment (the key of his view, :func:`~strohmandeln.encoding.information_state_key`):
    the same seed and the same view give the same action, whatever came before and in whatever
    order the player is asked. With a time budget the choice also depends on the clock.

    It reads only the view: given a state, it takes ``state.view(state.current_player)``.

    >>> from strohmandeln import CLASSIC, deal
    >>> state = deal(CLASSIC, dealer=0, rng=97)
    >>> player = SearchPlayer(seed=1, samples=8)
    >>> action = player(state)                     # Elder's auction: take or pass
    >>> action in state.legal_actions(), player(state.view(1)) == action
    (True, True)

    :raises ArgumentTypeError: if ``seed`` is not a whole number, or for a budget
        :func:`strohmandeln.analysis.search` refuses (checked when the player is made); if the
        player is asked about what is neither a state nor a view.
    :raises ArgumentValueError: for a budget :func:`strohmandeln.analysis.search` refuses.
    :raises StateError: as :class:`RandomPlayer`.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        samples: int | None = 24,
        solve_tricks: int = 6,
        clock: Callable[[], float] | None = None,
        seconds: float | None = None,
    ) -> None:
        number = args.whole(seed)
        if number is None:
            raise args.wrong_type("seed", "a whole number", seed)
        self.seed = number
        #: what each decision may spend
        self.budget = Budget(samples, seconds, clock, solve_tricks)

    def __call__(self, state: GameState | PlayerView) -> Action:
        legal = _legal(state)
        view = state if isinstance(state, PlayerView) else state.view(state.current_player)
        if len(legal) == 1:
            return legal[0]
        key = int.from_bytes(information_state_key(view), "big")
        rng = random.Random(key ^ (self.seed % (1 << 64)) << 128)
        budget = self.budget
        values = search(view, rng, samples=budget.samples, solve_tricks=budget.solve_tricks, clock=budget.clock, seconds=budget.seconds)
        return values.best


def _legal(state: object) -> tuple[Action, ...]:
    """The legal actions a player chooses from: of a state or a view whose viewer is to act."""
    if not args.is_a(state, (GameState, PlayerView)):
        raise args.wrong_type("state", "a GameState or a PlayerView", state)
    legal: tuple[Action, ...] = state.legal_actions()  # type: ignore[attr-defined]
    if not legal:
        if state.is_terminal:  # type: ignore[attr-defined]
            raise StateError(Reason.GAME_OVER, "a player is asked for an action, but the deal is over")
        raise StateError(Reason.NOT_YOUR_TURN, "a player is asked for an action when it is his turn (in his view)")
    return legal
