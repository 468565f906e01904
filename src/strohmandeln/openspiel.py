"""An OpenSpiel game: Strohmandeln for OpenSpiel's algorithms and bots (optional extra
``openspiel``: ``pip install "strohmandeln[openspiel]"``; the library itself never imports it).

Importing this module registers the Python game ``python_strohmandeln`` with
:mod:`pyspiel`, with the parameters ``preset`` (a key of :data:`strohmandeln.PRESETS`, default
``classic``; :func:`strohmandeln.encoding.preset` refuses any other spelling) and ``dealer``
(0 or 1, default 0):

>>> import pyspiel
>>> import strohmandeln.openspiel
>>> game = pyspiel.load_game("python_strohmandeln", {"preset": "beck"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())      # the deck order, card by card
(True, 54)
>>> game.max_chance_nodes_in_history(), game.max_game_length()   # 54 cards; 54 plays and 2 bids
(54, 56)

* **Chance nodes deal.** The deck order is drawn card by card, each card uniformly among those
  left (54 or 40 chance nodes, the card's index the action); then the deal is played with the
  library's rules. :func:`from_state` and :func:`from_order` start from any library state or
  deck order instead, without a chance node.
* **Actions** are the numbers of :class:`strohmandeln.encoding.ActionSpace` for the preset;
  ``legal_actions()`` lists them in increasing order.
* **Returns** are the deal's game points (:meth:`GameState.result <strohmandeln.GameState.result>`,
  multiplier 1; a void deal scores 0).
* **Information states** are the players' views (:class:`~strohmandeln.PlayerView`): the string
  is the view's :func:`~strohmandeln.encoding.information_state_key` in hex (equal exactly for
  equal views, the same in every process), the tensor its observation vector
  (:func:`strohmandeln.encoding.observation`) followed by the history — each card's trick, and
  the decisions of the fold, the auction and the doubling. The observation (without perfect
  recall) is the observation vector alone, and its string spells out every field of it.
* **Resampling**: ``state.resample_from_infostate(player, sampler)`` draws a deal consistent with
  the player's view exactly uniformly (:class:`strohmandeln.sampling.Sampler`, kept per
  information state), seeded from ``sampler()``; :class:`Resampler` does the same from a
  generator of the caller's (for ``ISMCTSBot.set_resampler``: the same seed draws the same
  worlds in every process). The sampled state is built directly, not replayed.
* **Bots**: :class:`PlayoutEvaluator` is an MCTS/ISMCTS evaluator on the library's playouts;
  :class:`StatelessBot` gives a bot that keeps nothing between moves (``ISMCTSBot``) the protocol
  ``evaluate_bots`` asks for; :class:`PlayerBot` plays a library player from its seat's view.

The library's own objects stay reachable: ``state.strohmandeln_state()`` is the
:class:`~strohmandeln.GameState` once the deck is dealt. The methods Python calls most (``apply_action``,
``legal_actions``, ``clone``, ``history`` …) are answered in Python from that state; OpenSpiel's
C++ side keeps the history of the actions it applied itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from ._base import args
from ._core.observe import legal_numbers
from .errors import ArgumentValueError, IllegalActionError, Reason, shown
from .actions import Double, Fold, Keep, NoDouble, Pass, Take
from .cards import DECK_54, Card
from .dealing import deal
from .encoding import OBSERVATION_LAYOUT, OBSERVATION_SIZE, ActionSpace, information_state_key, observation_bytes, points_bound, preset
from .presets import PRESETS
from .rules import RuleSet
from .sampling import Sampler
from .state import GameState

__all__ = ["GAME_NAME", "PlayerAction", "PlayerBot", "PlayoutEvaluator", "Resampler", "StatelessBot", "StrohmandelnGame", "StrohmandelnState", "from_order", "from_state"]

#: The name the game is registered under.
GAME_NAME: Final = "python_strohmandeln"
_DECISIONS: Final = (Fold, Keep, Take, Pass, Double, NoDouble)
#: The decisions of a deal, at most: fold or keep twice (R7), take or pass twice (R8), double or
#: not (R10).
_MAX_DECISIONS: Final = 5
#: The history part of the information-state tensor: each card's trick (0 if not played), and
#: one-hot decisions.
_HISTORY_SIZE: Final = 54 + _MAX_DECISIONS * len(_DECISIONS)
#: How many samplers (one per information state) a game keeps for resampling.
_SAMPLERS: Final = 256

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Strohmandeln (Strohmann-Tarock), the strohmandeln library's rules",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"preset": "classic", "dealer": 0},
)



def _decisions(rules: RuleSet) -> int:
    """The most decisions a deal of ``rules`` can have: Elder's and the dealer's fold (R7), two
    bids (R8), the doubling (R10)."""
    return 2 * rules.fold_without_tarock + 2 + rules.undertaker_doubling


class PlayerAction(NamedTuple):
    """An entry of :meth:`StrohmandelnState.full_history`: who acted (-1: chance) and the action."""

    player: int
    action: int


class _Shared:
    """What every state of one game shares, never changed (a clone or a copy keeps the same);
    the samplers of recent information states are its only cache."""

    __slots__ = ("game", "rules", "name", "dealer", "space", "actions", "by_id", "deck", "pairs", "samplers")

    def __init__(self, game: StrohmandelnGame, name: str, dealer: int) -> None:
        rules = PRESETS[name]
        self.game = game
        self.rules = rules
        self.name = name
        self.dealer = dealer
        self.space = ActionSpace(rules)
        self.actions = self.space.actions
        self.by_id = {id(action): i for i, action in enumerate(self.actions)}
        #: the deck's card indices, in increasing order
        self.deck: tuple[int, ...] = tuple(sorted(card.index for card in rules.deck.cards))
        #: ``pairs[n][i]``: the chance outcome ``(i, 1 / n)`` of card ``i`` with ``n`` cards left
        self.pairs = tuple(tuple((i, 1.0 / max(n, 1)) for i in range(54)) for n in range(55))
        self.samplers: dict[tuple[int, bytes], Sampler] = {}

    def sampler(self, state: GameState, player: int) -> Sampler:
        """The sampler of ``player``'s view of ``state``, kept per information state."""
        view = state.view(player)
        key = (player, information_state_key(view))
        sampler = self.samplers.get(key)
        if sampler is None:
            if len(self.samplers) >= _SAMPLERS:
                self.samplers.clear()
            sampler = self.samplers[key] = Sampler(view)
        return sampler

    def __deepcopy__(self, memo: object) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared_of, (self.name, self.dealer))


def _shared_of(name: str, dealer: int) -> _Shared:
    shared: _Shared = pyspiel.load_game(GAME_NAME, {"preset": name, "dealer": dealer})._sh
    return shared


class _Dealing:
    """The deck order dealt so far (chance actions) and the cards left, never changed."""

    __slots__ = ("order", "left")

    def __init__(self, order: tuple[int, ...], left: tuple[int, ...]) -> None:
        self.order = order
        self.left = left

    def __deepcopy__(self, memo: object) -> _Dealing:
        return self


class StrohmandelnGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of a preset (the parameter ``preset``) dealt by ``dealer``.

    :raises ArgumentError: for ``params`` that are no dict or name no preset or seat (and for
        ``make_py_observer``'s: no observation parameters are supported).
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {} if params is None else args.names(params, "params")
        if given is None:
            raise args.wrong_type("params", "None or a dict", params)
        name = args.text(given.get("preset", "classic"), "params['preset']", 64)
        rules = preset(name)
        dealer = args.seat(given.get("dealer", 0), "params['dealer']")
        space = ActionSpace(rules)
        bound = float(points_bound(rules))
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=54,
            num_players=2,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=rules.deck.card_count + _decisions(rules),
        )
        super().__init__(_GAME_TYPE, info, {"preset": name, "dealer": dealer})
        self._sh = _Shared(self, name, dealer)
        #: The rule set, the dealer and the action space.
        self.rules: RuleSet = rules
        self.dealer = dealer
        self.space = self._sh.space

    def __eq__(self, other: object) -> bool:  # (OpenSpiel's raises TypeError for what is no game)
        return bool(pyspiel.Game.__eq__(self, other)) if args.is_a(other, pyspiel.Game) else NotImplemented
    __hash__ = pyspiel.Game.__hash__  # (unhashable, as OpenSpiel's games are)

    def new_initial_state(self) -> StrohmandelnState:
        """A new deal, before its first card is dealt (a chance node)."""
        return StrohmandelnState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The deck's cards: one chance node each."""
        return int(self.rules.deck.card_count)

    def max_history_length(self) -> int:
        """The chance nodes and the decisions of the longest deal."""
        return int(self.max_chance_nodes_in_history() + self.max_game_length())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params is not None:
            given = args.names(params, "params")
            if given is None:
                raise args.wrong_type("params", "None or a dict", params)
            if given:
                raise ArgumentValueError(Reason.BAD_VALUE, "params: observation parameters are not supported")
        if iig_obs_type is not None:
            args.instance(iig_obs_type, pyspiel.IIGObservationType, "iig_obs_type")
        perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return _Observer(self, perfect_recall)


class StrohmandelnState(pyspiel.State):  # type: ignore[misc]
    """A moment of a deal: dealing (chance nodes) or playing (the library's state).

    :raises ArgumentTypeError: if ``game`` is not a :class:`StrohmandelnGame`.
    """

    def __init__(self, game: StrohmandelnGame) -> None:
        args.instance(game, StrohmandelnGame, "game")  # (before pyspiel, which crashes on anything else)
        super().__init__(game)
        sh: _Shared = game._sh
        self._sh = sh
        self._state: GameState | None = None
        self._dealing: _Dealing | None = _Dealing((), sh.deck)
        #: the last information state string made: (state, player, string)
        self._info: tuple[GameState, int, str] | None = None

    def strohmandeln_state(self) -> GameState | None:
        """The library's state, once the deck is dealt."""
        return self._state

    # -- the moves ------------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act; OpenSpiel's chance player (-1) while the deck is dealt, its terminal
        player (-4) once the deal is over."""
        state = self._state
        if state is None:
            return -1  # pyspiel.PlayerId.CHANCE
        player = state.current_player
        return -4 if player is None else player  # pyspiel.PlayerId.TERMINAL

    def is_chance_node(self) -> bool:
        """Whether the deck is still being dealt."""
        return self._state is None

    def is_player_node(self) -> bool:
        """Whether a seat is to act."""
        state = self._state
        return state is not None and not state.is_terminal

    def is_terminal(self) -> bool:
        """Whether the deal is finished or void."""
        state = self._state
        return state is not None and state.is_terminal

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action numbers of ``player`` (by default the one to act): the cards left to
        deal at a chance node, none for a seat not to act.

        :raises ArgumentTypeError: if ``player`` is neither ``None`` nor a whole number.
        """
        if player is not None and type(player) is not int:
            player = args.count(player, "player", least=-(2**63))  # (OpenSpiel's -1 asks for the chance node's)
        state = self._state
        if state is None:
            return list(self._dealing.left) if player is None or player == -1 else []  # type: ignore[union-attr]
        if player is not None and player != state.current_player:
            return []
        return legal_numbers(state.legal_actions(), self._sh.by_id)

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """While the deck is dealt: each card not dealt yet, all equally likely."""
        dealing = self._dealing
        if dealing is None:
            return []
        pairs = self._sh.pairs[len(dealing.left)]
        return [pairs[i] for i in dealing.left]

    def apply_action(self, action: int) -> None:
        """Play the action number ``action`` (a card dealt, at a chance node); an illegal one raises
        the library's IllegalActionError."""
        state = self._state
        if state is None:
            self._deal(action)
            return
        actions = self._sh.actions
        if type(action) is int and 0 <= action < len(actions):
            self._state = state.apply(actions[action])
        else:
            self._state = state.apply(self._sh.space.decode(action))

    _apply_action = apply_action

    def _deal(self, action: object) -> None:
        dealing = self._dealing
        assert dealing is not None
        left = dealing.left
        number = action if type(action) is int else args.whole(action)
        if number is None:
            raise IllegalActionError(Reason.NOT_AN_ACTION, f"not a card's number to deal: {shown(action)}")
        try:
            k = left.index(number)
        except ValueError:
            raise pyspiel.SpielError(f"no card {shown(number)} left to deal") from None
        card = left[k]
        order = (*dealing.order, card)
        left = left[:k] + left[k + 1 :]
        if left:
            self._dealing = _Dealing(order, left)
            return
        sh = self._sh
        self._state = deal(sh.rules, dealer=sh.dealer, order=[DECK_54[i] for i in order])
        self._dealing = None

    def child(self, action: int) -> StrohmandelnState:
        """A copy of this state with ``action`` applied."""
        new = self.clone()
        new.apply_action(action)
        return new

    def clone(self) -> StrohmandelnState:
        """A copy of this state (the library's state is immutable: it is shared)."""
        return _made(self._sh, self._state, self._dealing)

    def __deepcopy__(self, memo: object) -> StrohmandelnState:
        return self.clone()

    # -- what happened ----------------------------------------------------------------------

    def history(self) -> list[int]:
        """Every action number so far: the cards dealt, then the seats' actions."""
        state = self._state
        if state is None:
            return list(self._dealing.order)  # type: ignore[union-attr]
        order = state.order
        chance = [] if order is None else [card.index for card in order]
        encode = self._sh.space.encode
        return chance + [encode(action) for action in state.history]

    def full_history(self) -> list[PlayerAction]:
        """Every action so far with the player who took it (-1 for a card dealt)."""
        out = []
        actions = self.history()
        state = self._state
        chance = len(actions) if state is None else len(actions) - len(state.history)
        actors = () if state is None else state.view(None).actors
        for k, action in enumerate(actions):
            out.append(PlayerAction(-1 if k < chance else actors[k - chance], action))
        return out

    def history_str(self) -> str:
        """The history's action numbers, separated by commas."""
        return ", ".join(str(action) for action in self.history())

    def move_number(self) -> int:
        """How many actions were taken, cards dealt included."""
        return len(self.history())

    def is_initial_state(self) -> bool:
        """Whether no card is dealt yet."""
        return self._state is None and not self._dealing.order  # type: ignore[union-attr]

    def returns(self) -> list[float]:
        """Each seat's game points of a finished deal (``[0.0, 0.0]`` before it ends, or for a void
        one)."""
        state = self._state
        if state is None or not state.is_terminal or state.void_reason is not None:
            return [0.0, 0.0]
        totals = state.result().totals
        return [float(totals[0]), float(totals[1])]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == -1:
            return f"deal {DECK_54[action]}"
        return str(self._sh.space.decode(action))

    # -- what a player knows ------------------------------------------------------------------

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` (by default the one to act) knows, as a string: the hex of the view's
        information-state key."""
        state = self._state
        p = self.current_player() if player is None else player
        if state is None:
            return f"p{p} dealing {len(self._dealing.order)}"  # type: ignore[union-attr]
        info = self._info
        if info is not None and info[0] is state and info[1] == p:
            return info[2]
        text = information_state_key(state.view(p)).hex()
        self._info = (state, p, text)
        return text

    def observation_string(self, player: int | None = None) -> str:
        """What ``player`` (by default the one to act) observes, as a string: the view's observation
        vector, spelled."""
        p = self.current_player() if player is None else player
        state = self._state
        if state is None:
            return f"p{p} dealing {len(self._dealing.order)}"  # type: ignore[union-attr]
        return _spelled(observation_bytes(state.view(p)))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> StrohmandelnState:
        """A state whose deal is drawn uniformly among those consistent with ``player_id``'s
        view, seeded from ``probability_sampler()`` (a float in [0, 1)), with this state's
        history of actions.

        :raises ArgumentTypeError: if ``player_id`` is not a whole number or
            ``probability_sampler`` no function.
        :raises ArgumentValueError: for a ``player_id`` not 0 or 1, a draw not from 0 up to 1.
        """
        player = args.seat(player_id, "player_id")
        if not callable(probability_sampler):
            raise args.wrong_type("probability_sampler", "a function", probability_sampler)
        draw = probability_sampler()  # (read as a plain number: its own methods are never called)
        value = float.__float__(draw) if args.is_a(draw, float) else 0.0 if args.is_a(draw, int) and not args.is_a(draw, bool) and int.__int__(draw) == 0 else -1.0
        if not 0.0 <= value < 1.0:
            raise ArgumentValueError(Reason.BAD_VALUE, "probability_sampler must return a number from 0 up to 1")
        return _resampled(self, player, random.Random(int(value * 2**53)))

    def __str__(self) -> str:
        state = self._state
        if state is None:
            return f"dealing: {len(self._dealing.order)} of {len(self._sh.deck)} cards"  # type: ignore[union-attr]
        return f"{state.phase.value}, {len(state.history)} actions: " + " ".join(str(a) for a in state.history)


def _made(sh: _Shared, state: GameState | None, dealing: _Dealing | None) -> StrohmandelnState:
    """A new OpenSpiel state of the game of ``sh`` at ``state`` (or ``dealing``), made directly."""
    new: StrohmandelnState = StrohmandelnState.__new__(StrohmandelnState)
    pyspiel.State.__init__(new, sh.game)
    new._sh = sh
    new._state = state
    new._dealing = dealing
    new._info = None
    return new


def _resampled(state: StrohmandelnState, player: int, rng: random.Random) -> StrohmandelnState:
    """A state drawn among those ``player`` cannot tell from ``state``, with ``rng``."""
    sh = state._sh
    game_state = state._state
    if game_state is None:  # while dealing, a player has seen nothing yet
        dealing = state._dealing
        assert dealing is not None
        order = tuple(rng.sample(sh.deck, len(dealing.order)))
        return _made(sh, None, _Dealing(order, tuple(i for i in sh.deck if i not in order)))
    return _made(sh, sh.sampler(game_state, player).sample(rng), None)


class Resampler:
    """The resampler of ``ISMCTSBot.set_resampler``: ``resampler(state, player)`` draws a state
    ``player`` cannot tell from ``state`` (see :meth:`StrohmandelnState.resample_from_infostate`)
    with the caller's generator, so that the same seed draws the same worlds in every process.

    :param rng: a :class:`random.Random` or an int seed (the library never uses global randomness).
    :raises ArgumentTypeError: if ``rng`` is neither; if it is called with what is no OpenSpiel
        state of this game or a ``player`` that is no whole number.
    :raises ArgumentValueError: with reason ``bad_seat`` for a player that is not 0 or 1.
    """

    def __init__(self, rng: random.Random | int) -> None:
        self.rng = args.generator(rng)

    def __call__(self, state: StrohmandelnState, player: int) -> StrohmandelnState:
        args.instance(state, StrohmandelnState, "state")
        return _resampled(state, args.seat(player), self.rng)


def _game_of(rules: RuleSet, dealer: int) -> StrohmandelnGame:
    name = rules.name
    if PRESETS.get(name) != rules:
        raise ArgumentValueError(Reason.WRONG_RULES, f"OpenSpiel plays the presets of strohmandeln.PRESETS; {shown(name)} is not one of them")
    game: StrohmandelnGame = pyspiel.load_game(GAME_NAME, {"preset": name, "dealer": dealer})
    return game


def from_state(state: GameState, game: StrohmandelnGame | None = None) -> StrohmandelnState:
    """The OpenSpiel state of a library state (of a preset): its deck is dealt, its history
    played; made directly, without chance nodes or a replay. ``game`` is the OpenSpiel game of
    the state's preset and dealer (loaded if not given).

    >>> import strohmandeln as sm
    >>> start = sm.deal(sm.CLASSIC, dealer=1, rng=3).apply(sm.Pass())
    >>> state = from_state(start)
    >>> state.get_game().get_parameters(), state.strohmandeln_state() is start
    ({'dealer': 1, 'preset': 'classic'}, True)
    >>> len(state.history()), state.current_player() == start.current_player
    (55, True)

    :raises ArgumentTypeError: if ``state`` is not a :class:`~strohmandeln.GameState` or
        ``game`` neither ``None`` nor a :class:`StrohmandelnGame`.
    :raises ArgumentValueError: with reason ``wrong_rules`` if the state is not of a preset, or
        ``game`` is the game of another preset or dealer.
    """
    args.instance(state, GameState, "state")
    if game is None:
        game = _game_of(state.rules, state.dealer)
    elif args.instance(game, StrohmandelnGame, "game").rules != state.rules or game.dealer != state.dealer:
        raise ArgumentValueError(Reason.WRONG_RULES, "the game must be the OpenSpiel game of the state's preset and dealer")
    return _made(game._sh, state, None)


def from_order(order: Sequence[Card], *, dealer: int = 0, preset_name: str = "classic") -> StrohmandelnState:
    """The OpenSpiel state after dealing the deck order ``order`` (top card first) with
    ``dealer`` dealing, under the preset ``preset_name``: every chance node done at once.

    >>> import strohmandeln as sm
    >>> state = from_order(sm.DECK_54, dealer=0)
    >>> state.history() == list(range(54)), state.current_player()
    (True, 1)

    :raises DeckError: if ``order`` is not an order of the preset's deck.
    :raises ArgumentError: for a dealer that is not 0 or 1, a name of no preset, or an order that
        is no sequence of cards.
    """
    dealer = args.seat(dealer, "dealer")
    game = _game_of(preset(preset_name), dealer)
    return from_state(deal(game.rules, dealer=dealer, order=order), game)


def _spelled(vector: bytes) -> str:
    """The observation vector as text, every field of :data:`OBSERVATION_LAYOUT` by name (a
    card field as its cards)."""
    parts = []
    at = 0
    for name, size, _ in OBSERVATION_LAYOUT:
        field = vector[at : at + size]
        at += size
        if size == 54:
            parts.append(f"{name}[{' '.join(str(DECK_54[i]) for i in range(54) if field[i])}]")
        else:
            parts.append(f"{name}[{' '.join(str(v) for v in field)}]")
    return " ".join(parts)


class _Observer:
    """OpenSpiel's observer of a state for a player: the view's observation vector (and, with
    perfect recall, the history); the string is the information state string (perfect recall)
    or the observation spelled out."""

    def __init__(self, game: StrohmandelnGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = OBSERVATION_SIZE + (_HISTORY_SIZE if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[:OBSERVATION_SIZE]}
        if perfect_recall:
            self.dict["history"] = self.tensor[OBSERVATION_SIZE:]

    def set_from(self, state: StrohmandelnState, player: int) -> None:
        self.tensor.fill(0)
        game_state = state.strohmandeln_state()
        if game_state is None:
            return
        view = game_state.view(player)
        self.tensor[:OBSERVATION_SIZE] = np.frombuffer(observation_bytes(view), np.int8)
        if self.perfect_recall:
            history = self.tensor[OBSERVATION_SIZE:]
            for number, trick in enumerate(view.tricks, 1):
                for play in trick.plays:
                    history[play.card.index] = number
            for play in view.current_trick:
                history[play.card.index] = len(view.tricks) + 1
            decisions = [a for a in view.history if isinstance(a, _DECISIONS)]
            for k, action in enumerate(decisions[:_MAX_DECISIONS]):
                history[54 + k * len(_DECISIONS) + _DECISIONS.index(type(action))] = 1

    def string_from(self, state: StrohmandelnState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


pyspiel.register_game(_GAME_TYPE, StrohmandelnGame)

# (the bots and the evaluator, in a module of their own: they use only this module's public face)
from ._openspiel_bots import PlayerBot, PlayoutEvaluator, StatelessBot  # noqa: E402
