"""OpenSpiel's bot protocol for the library: an evaluator on the library's playouts, a wrapper
for bots that keep nothing between moves, and library players as OpenSpiel bots (documented and
imported as part of :mod:`strohmandeln.openspiel`)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]
from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped,import-not-found,unused-ignore]

from ._base import args
from .cards import DECK_54
from .dealing import deal
from .encoding import ActionSpace
from .errors import ArgumentTypeError, Reason
from .playouts import playout

__all__ = ["PlayerBot", "PlayoutEvaluator", "StatelessBot"]


class PlayoutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots on the library's random playouts
    (:func:`strohmandeln.playouts.playout`): a state's value is the mean game points of
    ``n_rollouts`` playouts; the prior is uniform.

    :param rng: a :class:`random.Random` or an int seed.
    :raises ArgumentTypeError: if ``rng`` is neither or ``n_rollouts`` no whole number; if it
        is asked of what is no OpenSpiel state of the library's game.
    :raises ArgumentValueError: for ``n_rollouts`` below 1 or above
        :data:`~strohmandeln.limits.MAX_PLAYOUTS`.
    """

    def __init__(self, rng: random.Random | int, n_rollouts: int = 1) -> None:
        self.rng = args.generator(rng)
        self.n_rollouts = args.count(n_rollouts, "n_rollouts", least=1, most=args.MAX_PLAYOUTS)

    def evaluate(self, state: Any) -> Any:
        _state_of_the_library(state)
        game_state = state.strohmandeln_state()
        totals = [0.0, 0.0]
        for _ in range(self.n_rollouts):
            start = game_state
            if start is None:  # the deal is not complete: deal the rest at random
                dealing = state._dealing
                assert dealing is not None
                rest = list(dealing.left)
                self.rng.shuffle(rest)
                sh = state._sh
                start = deal(sh.rules, dealer=sh.dealer, order=[DECK_54[i] for i in (*dealing.order, *rest)])
            final = playout(start, self.rng)
            if final.void_reason is None:
                result = final.result().totals
                totals[0] += result[0]
                totals[1] += result[1]
        return np.array(totals) / self.n_rollouts

    def prior(self, state: Any) -> list[tuple[int, float]]:
        _state_of_the_library(state)
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


class _Unmoved(pyspiel.Bot):  # type: ignore[misc]
    """A bot that keeps nothing between moves: OpenSpiel's news of the game change nothing (what
    is no OpenSpiel state of the library's game is refused all the same)."""

    def restart(self) -> None:
        pass

    def restart_at(self, state: Any) -> None:
        _state_of_the_library(state)

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        _state_of_the_library(state)  # (the news itself is ignored)


class StatelessBot(_Unmoved):
    """OpenSpiel's bot protocol for a bot that keeps nothing between moves (such as
    ``ISMCTSBot``, which searches anew at each ``step``): ``restart``, ``restart_at`` and
    ``inform_action`` do nothing, ``step`` (and the policies) are the bot's own, so that
    ``evaluate_bots`` can play it.

    :raises ArgumentTypeError: if ``bot`` has no ``step``, or its ``step`` answers with what is
        no action's number.
    """

    def __init__(self, bot: Any) -> None:
        if not callable(getattr(type(bot), "step", None)):
            raise args.wrong_type("bot", "a bot (with a step method)", bot)
        pyspiel.Bot.__init__(self)
        self.bot = bot

    def step(self, state: Any) -> int:
        """The wrapped bot's action number at ``state``.

        :raises ArgumentTypeError: for what is no OpenSpiel state of the library's game, or a bot
            that answers with what is no action's number.
        """
        _state_of_the_library(state)  # (before the bot's own code, which may take anything)
        number = args.whole(self.bot.step(state))
        if number is None:
            raise ArgumentTypeError(Reason.WRONG_TYPE, "the bot's step must answer with an action's number")
        return number

    def step_with_policy(self, state: Any) -> Any:
        """The wrapped bot's policy at ``state`` and its action.

        :raises ArgumentTypeError: for what is no OpenSpiel state of the library's game.
        """
        _state_of_the_library(state)
        return self.bot.step_with_policy(state)

    def provides_policy(self) -> bool:
        """Whether the wrapped bot has a policy (``get_policy``)."""
        return hasattr(self.bot, "get_policy")

    def get_policy(self, state: Any) -> Any:
        """The wrapped bot's policy at ``state``.

        :raises ArgumentTypeError: for what is no OpenSpiel state of the library's game.
        """
        _state_of_the_library(state)
        return self.bot.get_policy(state)


class PlayerBot(_Unmoved):
    """An OpenSpiel bot of a library player (:mod:`strohmandeln.players`, or any function from
    a :class:`~strohmandeln.PlayerView` to a legal action) for seat ``player``: at its turn it
    passes its seat's view, and plays the action's number.

    :raises ArgumentTypeError: if ``game`` is not the library's OpenSpiel game, ``player`` no
        whole number or ``policy`` no function; if it is asked of what is no OpenSpiel state.
    :raises ArgumentValueError: with reason ``bad_seat`` for a player that is not 0 or 1.
    :raises IllegalActionError: if the policy answers with no action of the game.
    """

    def __init__(self, game: Any, player: int, policy: Any) -> None:
        if not args.is_a(game, pyspiel.Game) or not args.is_a(getattr(game, "space", None), ActionSpace):
            raise args.wrong_type("game", "the library's OpenSpiel game", game)
        player = args.seat(player)
        if not callable(policy):
            raise args.wrong_type("policy", "a function of a PlayerView", policy)
        pyspiel.Bot.__init__(self)
        self.player = player
        self.policy = policy
        self._space: ActionSpace = game.space

    def step(self, state: Any) -> int:
        """The number of the action the player chooses from the seat's view of ``state``.

        :raises ArgumentTypeError: for what is no OpenSpiel state of the library's game.
        :raises IllegalActionError: if the player answers with no action of the game.
        """
        _state_of_the_library(state)
        game_state = state.strohmandeln_state()
        if game_state is None:
            return int(pyspiel.INVALID_ACTION)
        return self._space.encode(self.policy(game_state.view(self.player)))


def _state_of_the_library(state: object) -> None:
    """Refuse what is no OpenSpiel state of the library's game (a type that has no
    ``strohmandeln_state``: it is read off the type, never asked of the object)."""
    if not args.is_a(state, pyspiel.State) or not callable(getattr(type(state), "strohmandeln_state", None)):
        raise args.wrong_type("state", "an OpenSpiel state of the library's game", state)


for _bot in (PlayoutEvaluator, StatelessBot, PlayerBot):
    _bot.__module__ = "strohmandeln.openspiel"
