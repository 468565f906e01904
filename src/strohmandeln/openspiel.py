"""An OpenSpiel game: Strohmandeln for OpenSpiel's algorithms and bots (optional extra
``openspiel``: ``pip install "strohmandeln[openspiel]"``; the library itself never imports it).

Importing this module registers the Python game ``python_strohmandeln`` with
:mod:`pyspiel`, with the parameters ``preset`` (a name of :data:`strohmandeln.PRESETS`, default
``classic``) and ``dealer`` (0 or 1, default 0):

>>> import pyspiel
>>> import strohmandeln.openspiel
>>> game = pyspiel.load_game("python_strohmandeln", {"preset": "beck"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())      # the deck order, card by card
(True, 54)

* **Chance nodes deal.** The deck order is drawn card by card, each card uniformly among those
  left (54 or 40 chance nodes); then the deal is played with the library's rules.
* **Actions** are the numbers of :class:`strohmandeln.encoding.ActionSpace` for the preset.
* **Returns** are the deal's game points (:meth:`GameState.result <strohmandeln.GameState.result>`,
  multiplier 1; a void deal scores 0).
* **Information states** are the players' views (:class:`~strohmandeln.PlayerView`): the string
  is the view's JSON document, the tensor its observation vector
  (:func:`strohmandeln.encoding.observation`) followed by the history — each card's trick, and
  the decisions of the fold, the auction and the doubling. The observation (without perfect
  recall) is the observation vector alone.
* **Resampling**: ``state.resample_from_infostate(player, sampler)`` draws a deal consistent with
  the player's view exactly uniformly (:class:`strohmandeln.sampling.Sampler`), seeded from
  the sampler, and replays the history — what OpenSpiel's ISMCTS bot asks for.

The library's own objects stay reachable: ``state.strohmandeln_state()`` is the
:class:`~strohmandeln.GameState` once the deck is dealt.
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from .actions import Double, Fold, Keep, NoDouble, Pass, Take
from .cards import DECK_54
from .dealing import deal
from .encoding import OBSERVATION_SIZE, ActionSpace, observation
from .knowledge import PlayerView
from .presets import PRESETS
from .rules import RuleSet
from .sampling import Sampler
from .serialization import to_json
from .state import GameState

__all__ = ["GAME_NAME", "StrohmandelnGame", "StrohmandelnState"]

#: The name the game is registered under.
GAME_NAME: Final = "python_strohmandeln"
_DECISIONS: Final = (Fold, Keep, Take, Pass, Double, NoDouble)
#: The decisions of a deal, at most (fold or keep twice, take or pass twice, double or not).
_MAX_DECISIONS: Final = 6
#: The history part of the information-state tensor: each card's trick (0 if not played), and
#: one-hot decisions.
_HISTORY_SIZE: Final = 54 + _MAX_DECISIONS * len(_DECISIONS)

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


def _utility_bound(rules: RuleSet) -> float:
    """A bound on a deal's game points under ``rules`` (multiplier 1): the highest game value,
    doubled (R10), and every bonus."""
    table = rules.scoring
    games = [table.simple_won, table.undertaken_won, table.undertaken_lost]
    games += [v for v in (table.simple_won_major, table.undertaken_won_major, table.undertaken_lost_major) if v is not None]
    return float(2 * max(games) + sum(value for _, value in table.bonuses))


class StrohmandelnGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of a preset (the parameter ``preset``) dealt by ``dealer``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = params.get("preset", "classic")
        if name not in PRESETS:
            raise ValueError(f"no preset named {name!r}; presets: {', '.join(PRESETS)}")
        dealer = params.get("dealer", 0)
        if dealer not in (0, 1):
            raise ValueError("the dealer is seat 0 or 1")
        rules = PRESETS[name]
        space = ActionSpace(rules)
        bound = _utility_bound(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=54,
            num_players=2,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=2 * rules.deck.card_count + _MAX_DECISIONS,
        )
        super().__init__(_GAME_TYPE, info, {"preset": name, "dealer": int(dealer)})
        #: The rule set, the dealer and the action space.
        self.rules: RuleSet = rules
        self.dealer = int(dealer)
        self.space = space

    def new_initial_state(self) -> StrohmandelnState:
        """A new deal, before its first card is dealt (a chance node)."""
        return StrohmandelnState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, perfect_recall)


class StrohmandelnState(pyspiel.State):  # type: ignore[misc]
    """A moment of a deal: dealing (chance nodes) or playing (the library's state)."""

    def __init__(self, game: StrohmandelnGame) -> None:
        super().__init__(game)
        self._rules: RuleSet = game.rules
        self._dealer: int = game.dealer
        self._space: ActionSpace = game.space
        self._order: list[int] = []
        self._cards = [card.index for card in game.rules.deck.cards]
        self._state: GameState | None = None

    def strohmandeln_state(self) -> GameState | None:
        """The library's state, once the deck is dealt."""
        return self._state

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance player while the deck is dealt, or its
        terminal player once the deal is over."""
        state = self._state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        player = state.current_player
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        state = self._state
        if state is None or state.current_player != player:
            return []
        return sorted(self._space.legal_ids(state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """While the deck is dealt: each card not dealt yet, all equally likely."""
        left = [i for i in self._cards if i not in self._order]
        return [(i, 1.0 / len(left)) for i in left]

    def _apply_action(self, action: int) -> None:
        state = self._state
        if state is None:
            self._order.append(int(action))
            if len(self._order) == len(self._cards):
                    self._state = deal(self._rules, dealer=self._dealer, order=[DECK_54[i] for i in self._order])
            return
        self._state = state.apply(self._space.decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {DECK_54[action]}"
        return str(self._space.decode(action))

    def is_terminal(self) -> bool:
        """Whether the deal is finished or void."""
        return self._state is not None and self._state.is_terminal

    def returns(self) -> list[float]:
        """Each seat's game points of a finished deal (``[0.0, 0.0]`` before it ends, or for a
        void one)."""
        state = self._state
        if state is None or not state.is_terminal or state.void_reason is not None:
            return [0.0, 0.0]
        totals = state.result().totals
        return [float(totals[0]), float(totals[1])]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> StrohmandelnState:
        """A state whose deal is drawn uniformly among those consistent with ``player_id``'s
        view (seeded from ``probability_sampler``), with this state's history of actions."""
        state = self._state
        if state is None:
            clone: StrohmandelnState = self.clone()
            return clone
        rng = random.Random(int(probability_sampler() * 2**53))
        order = Sampler(state.view(player_id)).sample_order(rng)
        new = StrohmandelnState(self.get_game())
        for card in order:
            new.apply_action(card.index)
        for action in state.history:
            new.apply_action(self._space.encode(action))
        return new

    def __str__(self) -> str:
        state = self._state
        if state is None:
            return f"dealing: {len(self._order)} of {len(self._cards)} cards"
        return f"{state.phase.value}, {len(state.history)} actions: " + " ".join(str(a) for a in state.history)


class _Observer:
    """OpenSpiel's observer of a state for a player: the view's observation vector (and, with
    perfect recall, the history), and the view's JSON document as the string."""

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
        self.tensor[:OBSERVATION_SIZE] = observation(view)
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
        game_state = state.strohmandeln_state()
        if game_state is None:
            return f"p{player} dealing {len(state._order)}"
        view: PlayerView = game_state.view(player)
        if self.perfect_recall:
            return to_json(view)
        hand = " ".join(str(card) for card in view.hand)
        trick = " ".join(str(play) for play in view.current_trick)
        tops = [" ".join(str(card) for card in view.strohmann_tops(p)) for p in (0, 1)]
        return f"p{player} {view.phase.value} hand[{hand}] tops[{tops[0]}|{tops[1]}] trick[{trick}] tricks={len(view.tricks)}"


pyspiel.register_game(_GAME_TYPE, StrohmandelnGame)
