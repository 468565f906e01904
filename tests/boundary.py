"""Every public entry point of the library, and hostile values to call them with.

The entry points are *enumerated*, not listed: every function, class and method named in the
``__all__`` of every public module of the package (each module of ``strohmandeln`` whose name does
not start with ``_``), so that a new function is covered as soon as it is exported. A call needs
an argument of the right kind for every parameter but the one under test: :data:`BASELINE` gives
one by parameter name (and :data:`BASELINE_OF` for a parameter of one entry point), and
:data:`INSTANCES` a value of each class whose methods are called. A new parameter name or class
without one fails the enumeration's own test with a message that says what to add.

:data:`HOSTILE` holds the values that replace one argument at a time: the wrong types, NumPy's
integers, bools, floats, NaN, huge numbers, huge and odd texts, deep and endless containers,
objects whose attribute access, ``__index__``, ``__eq__``, ``__hash__``, ``__repr__``, ``__len__``
or ``__iter__`` raises, and objects that claim to be cards or plays (``card.index == 99``).
:func:`judge` says whether one call behaved: it returned, or it raised one of the library's
errors with a reason and a short message, within a time bound.

``tests/test_api_boundary.py`` runs every entry point with every hostile value for each of its
parameters; ``python -m tests.boundary`` runs the same over both builds' shared code as a
report (``--repeat N`` for a longer run, ``--only NAME`` for one entry point).
"""

from __future__ import annotations

import enum
import fractions
import decimal
import importlib
import inspect
import itertools
import json
import math
import pkgutil
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

import attrs

import strohmandeln as sm
from strohmandeln.players import HeuristicPlayer, RandomPlayer, SearchPlayer
from strohmandeln import CLASSIC, Card, Pass, Phase, Play, analysis, deal, encoding, messages, news, pictures, positions, records, sampling, serialization

#: The longest message a refusal may carry, whatever it was given.
MAX_MESSAGE: Final = 500
#: The most CPU time one call may take, in seconds (a refusal takes microseconds; the longest
#: accepted calls of the baseline take a few milliseconds).
MAX_SECONDS: Final = 2.0


# ---------------------------------------------------------------------------------------------
# The library's own values, as arguments of the right kind


def _played(state: sm.GameState, until: Callable[[sm.GameState], bool]) -> sm.GameState:
    while not until(state):
        state = state.apply(state.legal_actions()[0])
    return state


DEALT: Final = deal(CLASSIC, dealer=0, rng=1)
#: A state of the card play, after three tricks (some cards turned up from the Strohmänner).
STATE: Final = _played(DEALT, lambda s: s.trick_number >= 3 and not s.current_trick)
VIEW: Final = STATE.view(0)
#: A state of the card play with few cards left, cheap to solve.
LATE: Final = _played(DEALT, lambda s: s.trick_number >= 24 and not s.current_trick)
FINISHED: Final = _played(DEALT, lambda s: s.is_terminal)
FINISHED_VIEW: Final = FINISHED.view(0)
RESULT: Final = FINISHED.result()
CARD: Final = Card.parse("XXI")
PLAY: Final = STATE.legal_actions()[0]
MATCH: Final = sm.Match.start(CLASSIC).record(FINISHED)
KEY: Final = bytes(range(32))
SESSION: Final = sm.Session.start(CLASSIC, secret=bytes(range(1, 33)), match_id="m-1")
POSITION: Final = positions.Position.at(LATE)
#: A client's move: Elder's first, in SESSION.
MOVE: Final = messages.Move(match="m-1", seat=1, move_number=0, action=Pass(), request_id="r-1")
RECORD_TEXT: Final = records.dumps(STATE)


def _baseline() -> dict[str, Callable[[], object]]:
    """A right argument for each parameter name (a factory: a fresh value for every call)."""
    return {
        "action": lambda: PLAY,
        "after_trick": lambda: 3,
        "agent": lambda: "player_0",
        "player_id": lambda: 0,
        "probability_sampler": lambda: random.Random(1).random,
        "announcements": lambda: frozenset(),
        "ascii": lambda: False,
        "best_actions": lambda: (PLAY,),
        "best_plays": lambda: (PLAY,),
        "bonus": lambda: sm.Bonus.PAGAT,
        "bottom": lambda: 0,
        "c": lambda: CARD,
        "call": lambda: None,
        "card": lambda: CARD,
        "cards": lambda: (CARD, Card.parse("♥K")),
        "count": lambda: 2,
        "counting": lambda: sm.Counting.IN_THREES,
        "data": lambda: STATE.to_dict(),
        "dealer": lambda: 0,
        "dealt_only": lambda: False,
        "expected_ply": lambda: None,
        "first_dealer": lambda: 0,
        "followed": lambda: Card.parse("♥K"),
        "game": lambda: _openspiel_game(),
        "hand": lambda: STATE.hand(0),
        "hands": lambda: ((), ()),
        "index": lambda: 1,
        "key": lambda: KEY,
        "led": lambda: CARD,
        "match": lambda: MATCH,
        "max_length": lambda: 1_000_000,
        "message": lambda: "a message",
        "multiplier": lambda: 2,
        "name": lambda: "state",
        "number": lambda: 3,
        "obj": lambda: STATE,
        "order": lambda: CLASSIC.deck.cards,
        "params": lambda: None,
        "path": lambda: "rules",
        "player": lambda: 0,
        "ply": lambda: 2,
        "points": lambda: sm.CardPoints(7),
        "preset": lambda: "classic",
        "rank": lambda: sm.Rank.KING,
        "reason": lambda: sm.Reason.GAME_OVER,
        "render_mode": lambda: None,
        "replay": lambda: False,
        "rest_to": lambda: None,
        "result": lambda: RESULT,
        "rng": lambda: 5,
        "rules": lambda: CLASSIC,
        "secret": lambda: bytes(range(1, 33)),
        "size": lambda: 100,
        "state": lambda: STATE,
        "states": lambda: (FINISHED,),
        "strohmaenner": lambda: ((), ()),
        "suit": lambda: sm.Suit.HEARTS,
        "take_threshold": lambda: 20,
        "text": lambda: "XXI ♥K",
        "thirds": lambda: 7,
        "tricks": lambda: (),
        "view": lambda: VIEW,
        "won": lambda: ((), ()),
        "x": lambda: STATE,
        "deals": lambda: (FINISHED,),
        "leader": lambda: 0,
        "undertaker": lambda: None,
        "doubled": lambda: False,
        # the fields of the values the library hands out (solutions, pictures)
        "score": lambda: 2,
        "gain": lambda: sm.CardPoints(3),
        "values": lambda: (),
        "nodes": lambda: 10,
        "seat": lambda: 0,
        "role": lambda: "dealer",
        "is_viewer": lambda: True,
        "hidden": lambda: 0,
        "piles": lambda: STATE.strohmaenner(0),
        "viewer": lambda: 0,
        "full": lambda: False,
        "seats": lambda: (),
        "lines": lambda: (),
    }


#: A right argument of each parameter name.
BASELINE: Final = _baseline()


def _openspiel_game() -> Any:
    from strohmandeln.openspiel import StrohmandelnGame

    return StrohmandelnGame()


def _field_of(value: Callable[[], object], name: str) -> Callable[[], object]:
    """A factory of the field ``name`` of ``value()`` (the baseline of a constructor's argument)."""
    return lambda: getattr(value(), name)


#: A right argument of one parameter of one entry point, where the name alone does not say:
#: ``"qualified name": {"parameter": factory}``.
BASELINE_OF: Final[dict[str, dict[str, Callable[[], object]]]] = {
    "strohmandeln.cards.cards_from_text": {"text": lambda: "XXI ♥K"},
    "strohmandeln.cards.Card.parse": {"text": lambda: "XXI"},
    "strohmandeln.cards.Card.tarock": {"number": lambda: 21},
    "strohmandeln.cards.Card.from_index": {"index": lambda: 20},
    "strohmandeln.actions.parse_action": {"text": lambda: "XXI+trull"},
    "strohmandeln.dealing.deal": {"rng": lambda: 5},
    "strohmandeln.dealing.deal_layout": {"order": lambda: CLASSIC.deck.cards},
    "strohmandeln.dealing.compose_order": {"hands": lambda: ((CARD,), ())},
    "strohmandeln.positions.position": {"hands": lambda: ("♣K ♣C", "♣Q ♣J"), "rest_to": lambda: 0},
    "strohmandeln.positions.Position": {"hands": lambda: ("♣K ♣C", "♣Q ♣J"), "rest_to": lambda: 0},
    "strohmandeln.positions.Position.of": {"state": lambda: sm.position(CLASSIC, hands=("♣K", "♣Q"), rest_to=0, leader=0)},
    "strohmandeln.positions.Position.at": {"state": lambda: LATE},
    "strohmandeln.scoring.score": {"state": lambda: FINISHED},
    "strohmandeln.state.GameState.result": {"multiplier": lambda: 2},
    "strohmandeln.state.GameState.from_dict": {"data": lambda: STATE.to_dict()},
    "strohmandeln.views.PlayerView.from_dict": {"data": lambda: VIEW.to_dict()},
    "strohmandeln.views.PlayerView.from_trusted_dict": {"data": lambda: VIEW.to_dict()},
    "strohmandeln.rules.RuleSet.from_dict": {"data": lambda: CLASSIC.to_dict()},
    "strohmandeln.rules.ScoringTable.from_dict": {"data": lambda: CLASSIC.scoring.to_dict(), "path": lambda: "scoring"},
    "strohmandeln.presets.rules_from_dict": {"data": lambda: "classic"},
    "strohmandeln.serialization.from_json": {"text": lambda: json.dumps(STATE.to_dict())},
    "strohmandeln.serialization.view_from_dict": {"data": lambda: VIEW.to_dict()},
    "strohmandeln.serialization.rules_from_dict": {"data": lambda: CLASSIC.to_dict()},
    "strohmandeln.serialization.action_from_dict": {"data": lambda: serialization.action_to_dict(PLAY)},
    "strohmandeln.serialization.result_from_dict": {"data": lambda: serialization.result_to_dict(RESULT), "rules": lambda: None},
    "strohmandeln.serialization.match_from_dict": {"data": lambda: serialization.match_to_dict(MATCH)},
    "strohmandeln.results.DealResult.from_dict": {"data": lambda: RESULT.to_dict(), "rules": lambda: None},
    "strohmandeln.results.DealResult.doubles_later_deals": {"rules": lambda: CLASSIC},
    "strohmandeln.session.Session.from_dict": {"data": lambda: SESSION.to_dict(key=KEY)},
    "strohmandeln.session.Session.from_json": {"text": lambda: SESSION.to_json(key=KEY), "max_length": lambda: 1_000_000},
    "strohmandeln.session.Session.replay": {"deals": lambda: ()},
    "strohmandeln.session.Session.apply": {"action": lambda: SESSION.state.legal_actions()[0]},
    "strohmandeln.session.Session.submit": {"action": lambda: SESSION.state.legal_actions()[0], "player": lambda: 1, "move_number": lambda: 0},
    "strohmandeln.records.loads": {"text": lambda: RECORD_TEXT},
    "strohmandeln.news.news_since": {"since": lambda: 2},
    "strohmandeln.news.apply_news": {"view_document": lambda: DEALT.view(0).to_dict(), "news": lambda: news.news_since(VIEW, 0)},
    "strohmandeln.session.Mark": {"match_id": lambda: "m-1", "move_number": lambda: 3, "digest": lambda: "0" * 32},
    "strohmandeln.session.Mark.from_text": {"text": lambda: SESSION.mark.to_text()},
    "strohmandeln.session.Session.check": {"acknowledged": lambda: SESSION.mark},
    "strohmandeln.messages.read_move": {"text": lambda: MOVE.to_json(), "max_length": lambda: 1_000},
    "strohmandeln.messages.move_from_dict": {"data": lambda: MOVE.to_dict()},
    "strohmandeln.messages.submit": {"session": lambda: SESSION, "move": lambda: MOVE, "seat": lambda: 1},
    "strohmandeln.messages.unknown_match": {"move": lambda: MOVE},
    "strohmandeln.messages.accepted": {"move": lambda: MOVE, "move_number": lambda: 1},
    "strohmandeln.messages.refusal": {"error": lambda: sm.IllegalActionError(sm.Reason.GAME_OVER, "over"), "request_id": lambda: "r-1"},
    "strohmandeln.records.loads_match": {"text": lambda: records.dumps_match(MATCH)},
    "strohmandeln.schemas.schema": {"name": lambda: "state"},
    "strohmandeln.schemas.dumps": {"name": lambda: "state"},
    "strohmandeln.sampling.Sampler": {"view": lambda: VIEW},
    "strohmandeln.playouts.playout": {"state": lambda: LATE},
    "strohmandeln.playouts.playouts_from": {"states": lambda: (LATE, FINISHED)},
    "strohmandeln.analysis.solve": {"state": lambda: LATE},
    "strohmandeln.analysis.search": {"position": lambda: LATE.view(LATE.current_player), "rng": lambda: 1, "samples": lambda: 1},
    "strohmandeln.analysis.ActionValues": {
        "player": lambda: 0, "unit": lambda: analysis.Unit.GAME_POINTS, "values": lambda: (), "samples": lambda: 0,
    },
    "strohmandeln.analysis.ActionValues.__getitem__": {"action": lambda: LATE.legal_actions()[0]},
    "strohmandeln.analysis.Budget": {"samples": lambda: 2, "seconds": lambda: None, "clock": lambda: None},
    "strohmandeln.players.SearchPlayer": {"seed": lambda: 1, "samples": lambda: 1, "seconds": lambda: None, "clock": lambda: None},
    "strohmandeln.players.SearchPlayer.__call__": {"state": lambda: LATE},
    "strohmandeln.match.Match": {"standing": lambda: MATCH.standing, "deals": lambda: MATCH.deals, "results": lambda: MATCH.results},
    "strohmandeln.session.Session": {
        "standing": lambda: SESSION.standing, "state": lambda: SESSION.state, "secret": lambda: SESSION.secret,
        "history": lambda: SESSION.history,
    },  # fmt: skip
    "strohmandeln.results.DealResult": {f.name: _field_of(lambda: RESULT, f.name) for f in attrs.fields(sm.DealResult)},
    "strohmandeln.results.ScoreLine": {f.name: _field_of(lambda: RESULT.lines[0], f.name) for f in attrs.fields(sm.ScoreLine)},
    "strohmandeln.match.Match.record": {"state": lambda: FINISHED},
    "strohmandeln.match.Match.record_all": {"states": lambda: (FINISHED,)},
    "strohmandeln.match.Standing.after": {"state": lambda: FINISHED},
    "strohmandeln.table.Trick.play_of": {"player": lambda: 0},
    "strohmandeln.encoding.ActionSpace.decode": {"number": lambda: 3},
    "strohmandeln.svg.card": {"size": lambda: 48},
    "strohmandeln.svg.deal_packets": {"order": lambda: CLASSIC.deck.cards},
    "strohmandeln.errors.StrohmandelnError": {"message": lambda: "a message"},
    "strohmandeln.records.RecordError": {"line": lambda: 3, "token": lambda: None, "cause": lambda: sm.Reason.INVALID_CARD},
    "strohmandeln.players.RandomPlayer": {"rng": lambda: random.Random(1)},
    "strohmandeln.pettingzoo.StrohmandelnEnv.step": {"action": lambda: _pettingzoo_action()},
    "strohmandeln.pettingzoo.StrohmandelnEnv.reset": {"seed": lambda: 1, "options": lambda: None},
    "strohmandeln.pettingzoo.StrohmandelnEnv.observe": {"agent": lambda: "player_0"},
    "strohmandeln.pettingzoo.StrohmandelnEnv.observation_space": {"agent": lambda: "player_0"},
    "strohmandeln.pettingzoo.StrohmandelnEnv.action_space": {"agent": lambda: "player_0"},
    "strohmandeln.openspiel.StrohmandelnState.returns": {},
    "strohmandeln.points.Counting.thirds": {"card": lambda: CARD},
    "strohmandeln.encoding.preset": {"name": lambda: "classic"},
    "strohmandeln.gymnasium.StrohmandelnVectorEnv": {"num_envs": lambda: 2},
    "strohmandeln.gymnasium.StrohmandelnVectorEnv.step": {"actions": lambda: _vector_actions()},
    "strohmandeln.gymnasium.StrohmandelnEnv.step": {"action": lambda: _gymnasium_action()},
    "strohmandeln.gymnasium.StrohmandelnEnv.reset": {"seed": lambda: 1, "options": lambda: None},
    "strohmandeln.gymnasium.StrohmandelnVectorEnv.reset": {"seed": lambda: 1, "options": lambda: None},
    "strohmandeln.openspiel.StrohmandelnState.apply_action": {"action": lambda: _openspiel_state().legal_actions()[0]},
    "strohmandeln.openspiel.StrohmandelnState.child": {"action": lambda: _openspiel_state().legal_actions()[0]},
    "strohmandeln.openspiel.StrohmandelnState.legal_actions": {"player": lambda: None},
    "strohmandeln.openspiel.from_state": {"game": lambda: None},
    "strohmandeln.openspiel.from_order": {"order": lambda: CLASSIC.deck.cards},
    "strohmandeln.openspiel.PlayerBot": {"player": lambda: 1, "policy": lambda: HeuristicPlayer()},
    "strohmandeln.openspiel.StatelessBot": {"bot": lambda: _uniform_bot()},
    "strohmandeln.openspiel.Resampler.__call__": {"state": lambda: _openspiel_state()},
    "strohmandeln.openspiel.StatelessBot.step": {"state": lambda: _openspiel_state()},
    "strohmandeln.openspiel.StatelessBot.step_with_policy": {"state": lambda: _openspiel_state()},
    "strohmandeln.openspiel.StatelessBot.get_policy": {"state": lambda: _openspiel_state()},
    "strohmandeln.openspiel.PlayoutEvaluator.evaluate": {"state": lambda: _openspiel_state()},
    "strohmandeln.openspiel.PlayoutEvaluator.prior": {"state": lambda: _openspiel_state()},
    "strohmandeln.openspiel.PlayerBot.step": {"state": lambda: _openspiel_state()},
    "strohmandeln.openspiel.PlayerBot.restart_at": {"state": lambda: _openspiel_state()},
    "strohmandeln.openspiel.PlayerBot.inform_action": {"state": lambda: _openspiel_state()},
    "strohmandeln.openspiel.StatelessBot.restart_at": {"state": lambda: _openspiel_state()},
    "strohmandeln.openspiel.StatelessBot.inform_action": {"state": lambda: _openspiel_state()},
}


def _instances() -> dict[str, Callable[[], object]]:
    """A value of each class whose methods are entry points (a factory), by qualified name."""
    return {
        "strohmandeln.cards.Card": lambda: CARD,
        "strohmandeln.cards.Rank": lambda: sm.Rank.KING,
        "strohmandeln.points.CardPoints": lambda: sm.CardPoints(7),
        "strohmandeln.points.Counting": lambda: sm.Counting.IN_THREES,
        "strohmandeln.state.GameState": lambda: STATE,
        "strohmandeln.views.PlayerView": lambda: VIEW,
        "strohmandeln.rules.RuleSet": lambda: CLASSIC,
        "strohmandeln.rules.ScoringTable": lambda: CLASSIC.scoring,
        "strohmandeln.match.Match": lambda: sm.Match.start(CLASSIC),
        "strohmandeln.match.Standing": lambda: sm.Match.start(CLASSIC).standing,
        "strohmandeln.session.Session": lambda: SESSION,
        "strohmandeln.messages.Move": lambda: MOVE,
        "strohmandeln.session.Mark": lambda: SESSION.mark,
        "strohmandeln.positions.Position": lambda: POSITION,
        "strohmandeln.results.DealResult": lambda: RESULT,
        "strohmandeln.results.ScoreLine": lambda: RESULT.lines[0],
        "strohmandeln.table.Trick": lambda: STATE.tricks[0],
        "strohmandeln.sampling.Sampler": lambda: sampling.Sampler(VIEW),
        "strohmandeln.encoding.ActionSpace": lambda: encoding.ActionSpace(CLASSIC),
        "strohmandeln.records.RecordError": lambda: _record_error(),
        "strohmandeln.errors.StrohmandelnError": lambda: sm.StrohmandelnError(sm.Reason.GAME_OVER, "over"),
        "strohmandeln.pictures.TablePicture": lambda: pictures.picture(STATE),
        "strohmandeln.openspiel.StrohmandelnGame": _openspiel_game,
        "strohmandeln.openspiel.StrohmandelnState": lambda: _openspiel_state(),
        "strohmandeln.pettingzoo.StrohmandelnEnv": lambda: _pettingzoo_env(),
        "strohmandeln.gymnasium.StrohmandelnEnv": _gymnasium_env,
        "strohmandeln.gymnasium.StrohmandelnVectorEnv": _gymnasium_vector,
        "strohmandeln.openspiel.PlayerBot": lambda: _openspiel_bot("PlayerBot"),
        "strohmandeln.openspiel.StatelessBot": lambda: _openspiel_bot("StatelessBot"),
        "strohmandeln.openspiel.PlayoutEvaluator": lambda: _openspiel_bot("PlayoutEvaluator"),
        "strohmandeln.openspiel.Resampler": lambda: _openspiel_bot("Resampler"),
        "strohmandeln.table.StrohmannTurn": lambda: STATE.events[0],
        "strohmandeln.table.StrohmannPile": lambda: STATE.strohmann(0, 0),
        "strohmandeln.table.HiddenTurn": lambda: _hidden_turn(),
        "strohmandeln.pictures.SeatPicture": lambda: pictures.picture(STATE).seats[0],
        "strohmandeln.analysis.ActionValues": lambda: analysis.solve(LATE, unit=analysis.Unit.CARD_POINTS),
        "strohmandeln.analysis.Budget": lambda: analysis.Budget(samples=2),
        "strohmandeln.players.SearchPlayer": lambda: SearchPlayer(samples=1),
        "strohmandeln.players.RandomPlayer": lambda: RandomPlayer(random.Random(1)),
        "strohmandeln.players.HeuristicPlayer": lambda: HeuristicPlayer(),
    }


def _hidden_turn() -> object:
    state = deal(CLASSIC, dealer=0, order=CLASSIC.deck.cards)
    for text in "pass pass I XX ♦J ♦4 ♦C ♦3 ♦Q ♦2".split():
        state = state.apply(sm.parse_action(text))
    return state.view(1).events[-2]


def _record_error() -> object:
    try:
        records.loads("strohmandeln-deal 2\n")
    except records.RecordError as error:
        return error
    raise AssertionError("a record of format 2 loaded")  # pragma: no cover


def _openspiel_state() -> Any:
    state = _openspiel_game().new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def _gymnasium_env() -> Any:
    from strohmandeln.gymnasium import StrohmandelnEnv

    env = StrohmandelnEnv()
    env.reset(seed=1)
    return env


def _gymnasium_vector() -> Any:
    from strohmandeln.gymnasium import StrohmandelnVectorEnv

    env = StrohmandelnVectorEnv(num_envs=2)
    env.reset(seed=1)
    return env


def _gymnasium_action() -> int:
    return int(_gymnasium_env().action_masks().argmax())


def _vector_actions() -> Any:
    return _gymnasium_vector().action_masks().argmax(axis=1)


def _uniform_bot() -> Any:
    import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

    return pyspiel.make_uniform_random_bot(1, 1)  # (seat 1 acts first in _openspiel_state: a random bot asked out of turn crashes)


def _openspiel_bot(kind: str) -> Any:
    from strohmandeln import openspiel

    if kind == "PlayerBot":
        return openspiel.PlayerBot(_openspiel_game(), 1, HeuristicPlayer())
    if kind == "StatelessBot":
        return openspiel.StatelessBot(_uniform_bot())
    if kind == "PlayoutEvaluator":
        return openspiel.PlayoutEvaluator(1)
    return openspiel.Resampler(1)


def _pettingzoo_env() -> Any:
    from strohmandeln.pettingzoo import StrohmandelnEnv

    env = StrohmandelnEnv()
    env.reset(seed=1)
    return env


#: A value of each class whose methods are entry points.
INSTANCES: Final = _instances()


#: A value of a class for one of its methods, where the class's value of :data:`INSTANCES` would
#: refuse the right arguments (a result is asked of a finished deal).
INSTANCE_OF: Final[dict[str, Callable[[], object]]] = {
    "strohmandeln.state.GameState.result": lambda: FINISHED,
    "strohmandeln.session.Session.next_deal": lambda: _finished_session(),
    "strohmandeln.session.Session.final_standing": lambda: _finished_session(length=1),
}

#: The entry points whose right arguments are refused all the same: the constructors that only
#: say how to make a value (``Card()``: use ``Card.parse``).
REFUSE_ANYWAY: Final = frozenset({"strohmandeln.cards.Card", "strohmandeln.views.PlayerView", "strohmandeln.state.GameState"})


def _finished_session(length: int | None = None) -> object:
    session = SESSION if length is None else sm.Session.start(CLASSIC, secret=bytes(range(1, 33)), length=length, match_id="m-1")
    while not session.state.is_terminal:
        session = session.apply(session.state.legal_actions()[0])
    return session


def _pettingzoo_action() -> int:
    env = _pettingzoo_env()
    return int(env.infos[env.agent_selection]["action_mask"].argmax())


def instance(qualified: str, method: str = "") -> object:
    """A value of the class named ``qualified`` (for ``method``: :data:`INSTANCE_OF`; an error of
    the library's by its reason and a message, where :data:`INSTANCES` has none)."""
    if f"{qualified}.{method}" in INSTANCE_OF:
        return INSTANCE_OF[f"{qualified}.{method}"]()
    if qualified in INSTANCES:
        return INSTANCES[qualified]()
    module, _, name = qualified.rpartition(".")
    cls = getattr(sys.modules[module], name)
    if issubclass(cls, sm.StrohmandelnError):
        return cls(sm.Reason.GAME_OVER, "the deal is over")
    raise LookupError(f"no value of {qualified}: add one to INSTANCES in tests/boundary.py")


#: The constructors of values the library builds and hands out whose fields are not checked when
#: they are made (a program has no reason to make them): their calls are judged as every call,
#: but the tests of one error for one mistake and of the docstrings' ``:raises:`` pass them by.
#: (Match, Standing, Session, DealResult and ScoreLine check their fields since issue 29; so do
#: ActionValues and the pictures.) A TablePicture's ``rules`` is a rule set's name (not a RuleSet).
UNCHECKED_CONSTRUCTORS: Final = frozenset(
    {
        "strohmandeln.pictures.TablePicture",
        "strohmandeln.openspiel.PlayerAction",
    }
)


#: The entry points whose ``rules`` is a rule set's name, not a rule set.
RULES_BY_NAME: Final = frozenset({"strohmandeln.results.DealResult"})


#: Calls that take a right argument among the hostile values and do real work with it, by entry
#: point and the label of the value: solving a state of the third trick takes minutes.
LEGITIMATE: Final[dict[str, set[str]]] = {
    "strohmandeln.analysis.solve": {"a state"},
    "strohmandeln.analysis.solve_game": {"a state"},
}


# ---------------------------------------------------------------------------------------------
# The entry points


class EntryPoint:
    """One public callable: a function, a constructor, or a method of a value of its class."""

    def __init__(self, name: str, owner: str | None, get: Callable[[], Callable[..., object]], signature: inspect.Signature) -> None:
        #: The qualified name (``strohmandeln.state.GameState.apply``).
        self.name = name
        #: The qualified name of the class of a method (``None`` for a function or constructor).
        self.owner = owner
        #: Gets the callable (a method bound to a fresh instance).
        self.get = get
        self._example: tuple[object] | None = None
        #: The parameters a caller passes (not ``self``, ``*args`` or ``**kwargs``).
        self.parameters = [
            p for p in signature.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name not in ("self", "cls")
        ]

    def __repr__(self) -> str:
        return self.name

    def argument(self, parameter: str) -> Callable[[], object]:
        """The factory of a right argument for ``parameter``: given for this entry point, the
        field of that name of a value of the class (a constructor of an attrs class), or given
        for the name."""
        own = BASELINE_OF.get(self.name, {})
        if parameter in own:
            return own[parameter]
        if self.owner is None and self.name in INSTANCES:
            if self._example is None:  # (a value of the class, made once: its fields are the right arguments)
                self._example = (INSTANCES[self.name](),)
            example = self._example[0]
            if attrs.has(type(example)) and parameter in {f.name for f in attrs.fields(type(example))}:  # type: ignore[arg-type]
                return lambda: getattr(example, parameter)
        if parameter in BASELINE:
            return BASELINE[parameter]
        raise LookupError(f"{self.name}: no right argument for {parameter!r}: add it to BASELINE or BASELINE_OF in tests/boundary.py")

    def call(self, parameter: str | None = None, value: object = None) -> object:
        """Call with right arguments, ``parameter`` (if given) set to ``value``."""
        function = self.get()
        positional: list[object] = []
        keywords: dict[str, object] = {}
        for p in self.parameters:
            if p.name == parameter:
                argument = value
            elif p.name in WITHOUT.get(self.name, {}).get(parameter or "", ()):
                continue  # (an argument that may not come with the one under test)
            elif p.default is not p.empty and p.name not in BASELINE_OF.get(self.name, {}) and p.name not in SET_OPTIONAL:
                continue  # (a default of its own is a right argument)
            else:
                argument = self.argument(p.name)()
            if p.kind is p.POSITIONAL_ONLY:
                positional.append(argument)
            else:
                keywords[p.name] = argument
        return function(*positional, **keywords)


#: Optional parameters the baseline sets all the same (a default of None would skip the code the
#: parameter reaches).
SET_OPTIONAL: Final = {"expected_ply", "rng", "multiplier"}

#: The arguments left out while one parameter is under test, by entry point: a deal takes an
#: order or an rng, not both.
WITHOUT: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    "strohmandeln.dealing.deal": {"order": ("rng",)},
    "strohmandeln.match.Match.deal": {"order": ("rng",)},
}


def public_modules() -> list[str]:
    """Every public module of the package that can be imported here (the adapters need their
    extras)."""
    names = []
    for info in pkgutil.iter_modules(sm.__path__):
        if info.name.startswith("_"):
            continue
        try:
            importlib.import_module(f"strohmandeln.{info.name}")
        except ImportError:
            continue  # (an adapter whose framework is not installed)
        names.append(f"strohmandeln.{info.name}")
    return sorted(names)


def _is_typed_dict(obj: object) -> bool:
    return isinstance(obj, type) and issubclass(obj, dict) and hasattr(obj, "__total__")


def _signature(obj: Any) -> inspect.Signature | None:
    try:
        return inspect.signature(obj)
    except (TypeError, ValueError):  # (a builtin without one)
        return None


def _methods(cls: type) -> Iterator[tuple[str, Any]]:
    """The public methods of a class, its library base classes' too (not properties)."""
    seen: set[str] = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith("strohmandeln"):
            continue
        for name, member in vars(klass).items():
            if (name.startswith("_") and name != "__call__") or name in seen:
                continue
            seen.add(name)
            if isinstance(member, (staticmethod, classmethod)) or inspect.isfunction(member) or inspect.ismethoddescriptor(member):
                if not isinstance(member, property) and callable(getattr(cls, name, None)):
                    yield name, member


def _getter(obj: Any) -> Callable[[], Any]:
    return lambda: obj


def _attribute_of(obj: Any, name: str) -> Callable[[], Any]:
    return lambda: getattr(obj, name)


def _method_of(qualified: str, name: str) -> Callable[[], Any]:
    return lambda: getattr(instance(qualified, name), name)


def entry_points() -> list[EntryPoint]:
    """Every public entry point of the package, each once."""
    found: dict[str, EntryPoint] = {}
    done: set[int] = set()
    for module_name in public_modules():
        module = sys.modules[module_name]
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if id(obj) in done or inspect.ismodule(obj) or not callable(obj):
                continue
            if getattr(obj, "__module__", None) != module_name:
                continue  # (defined elsewhere: enumerated where it is defined)
            done.add(id(obj))
            qualified = f"{module_name}.{name}"
            if isinstance(obj, type):
                if _is_typed_dict(obj) or issubclass(obj, type):
                    continue  # (a type for annotations: calling it makes a dict; a metaclass, whose calls are its classes')
                if issubclass(obj, enum.Enum):  # (a lookup by value: Suit(2))
                    first = next(iter(obj)).value
                    BASELINE_OF.setdefault(qualified, {"value": _getter(first)})
                    lookup = inspect.Signature([inspect.Parameter("value", inspect.Parameter.POSITIONAL_ONLY)])
                    found[qualified] = EntryPoint(qualified, None, _getter(obj), lookup)
                else:
                    signature = _signature(obj)
                    if signature is not None:
                        found[qualified] = EntryPoint(qualified, None, _getter(obj), signature)
                for method, member in _methods(obj):
                    bound = getattr(obj, method)
                    signature = _signature(bound if isinstance(member, (staticmethod, classmethod)) else member)
                    if signature is None:
                        continue
                    static = isinstance(member, (staticmethod, classmethod))
                    found[f"{qualified}.{method}"] = EntryPoint(
                        f"{qualified}.{method}",
                        None if static else qualified,
                        _attribute_of(obj, method) if static else _method_of(qualified, method),
                        signature,
                    )
            else:
                signature = _signature(obj)
                if signature is not None:
                    found[qualified] = EntryPoint(qualified, None, _getter(obj), signature)
    return sorted(found.values(), key=lambda e: e.name)


# ---------------------------------------------------------------------------------------------
# Hostile values


class Boom(Exception):
    """What the hostile objects raise: no error of the library's, nor a TypeError or ValueError."""


class RaisingAttributes:
    """Every attribute access raises (``__class__`` too, which ``isinstance`` asks for)."""

    def __getattribute__(self, name: str) -> Any:
        raise Boom(name)


class RaisingIndex:
    """A whole number whose ``__index__`` raises."""

    def __index__(self) -> int:
        raise Boom("__index__")


class HugeIndex:
    """A whole number with 5,000 digits, behind ``__index__``."""

    def __index__(self) -> int:
        return 10**5000


class NegativeIndex:
    def __index__(self) -> int:
        return -1


class RaisingEquality:
    """``==``, ``!=`` and ``hash()`` raise."""

    def __eq__(self, other: object) -> bool:
        raise Boom("__eq__")

    def __ne__(self, other: object) -> bool:
        raise Boom("__ne__")

    def __hash__(self) -> int:
        raise Boom("__hash__")


class RaisingText:
    """``repr()``, ``str()`` and ``format()`` raise."""

    def __repr__(self) -> str:
        raise Boom("__repr__")

    def __str__(self) -> str:
        raise Boom("__str__")

    def __format__(self, spec: str) -> str:
        raise Boom("__format__")


class RaisingBool:
    def __bool__(self) -> bool:
        raise Boom("__bool__")


class RaisingSequence(Sequence[Any]):
    """A sequence whose length, items and iteration raise."""

    def __len__(self) -> int:
        raise Boom("__len__")

    def __getitem__(self, index: Any) -> Any:
        raise Boom("__getitem__")

    def __iter__(self) -> Iterator[Any]:
        raise Boom("__iter__")

    def __contains__(self, item: object) -> bool:
        raise Boom("__contains__")


class LyingLength(Sequence[Any]):
    """A sequence that says it holds two items and gives none."""

    def __len__(self) -> int:
        return 2

    def __getitem__(self, index: Any) -> Any:
        raise IndexError(index)


class EvilInt(int):
    """An int whose own methods raise."""

    def __eq__(self, other: object) -> bool:
        raise Boom("__eq__")

    def __hash__(self) -> int:
        raise Boom("__hash__")

    def __repr__(self) -> str:
        raise Boom("__repr__")

    def __index__(self) -> int:
        raise Boom("__index__")


class EvilStr(str):
    """A text whose own methods raise (its characters are ``XXI``)."""

    def __len__(self) -> int:
        raise Boom("__len__")

    def __getitem__(self, index: Any) -> Any:
        raise Boom("__getitem__")

    def __eq__(self, other: object) -> bool:
        raise Boom("__eq__")

    def __hash__(self) -> int:
        raise Boom("__hash__")

    def __iter__(self) -> Iterator[str]:
        raise Boom("__iter__")

    def strip(self, chars: str | None = None) -> str:
        raise Boom("strip")

    def split(self, *args: Any, **kwargs: Any) -> list[str]:
        raise Boom("split")

    def casefold(self) -> str:
        raise Boom("casefold")

    def replace(self, *args: Any, **kwargs: Any) -> str:
        raise Boom("replace")

    def encode(self, *args: Any, **kwargs: Any) -> bytes:
        raise Boom("encode")


class EvilList(list):  # type: ignore[type-arg]
    """A list whose own methods raise (it holds a card)."""

    def __iter__(self) -> Iterator[Any]:
        raise Boom("__iter__")

    def __len__(self) -> int:
        raise Boom("__len__")

    def __getitem__(self, index: Any) -> Any:
        raise Boom("__getitem__")


class EvilDict(dict):  # type: ignore[type-arg]
    """A dict whose own methods raise."""

    def __iter__(self) -> Iterator[Any]:
        raise Boom("__iter__")

    def __getitem__(self, key: Any) -> Any:
        raise Boom("__getitem__")

    def keys(self) -> Any:
        raise Boom("keys")

    def items(self) -> Any:
        raise Boom("items")

    def get(self, *args: Any) -> Any:
        raise Boom("get")


class FakeIndex:
    """``index`` is 99, or whatever it is given."""

    def __init__(self, index: object) -> None:
        self.index = index


class ActionLike:
    """Looks like a play of a card whose index is 99 (or what it is given)."""

    def __init__(self, index: object = 99) -> None:
        self.card = FakeIndex(index)
        self.announcements: frozenset[object] = frozenset()
        self.call = None


class RaisingCard:
    """Looks like a play whose ``card`` raises when read."""

    @property
    def card(self) -> Any:
        raise Boom("card")


class PretendsToBe:
    """An object whose ``__class__`` claims a class of the library (``isinstance`` believes it)."""

    def __init__(self, cls: type, index: object = 99) -> None:
        object.__setattr__(self, "_cls", cls)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "card", FakeIndex(index))
        object.__setattr__(self, "announcements", frozenset())
        object.__setattr__(self, "call", None)

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return object.__getattribute__(self, "_cls")  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        raise Boom(name)


class WeirdMeta(type):
    """A metaclass whose ``__name__`` raises: a type's name is read from ``type`` itself."""

    @property
    def __name__(cls) -> str:  # type: ignore[override]
        raise Boom("__name__")


class WeirdlyNamed(metaclass=WeirdMeta):
    pass


def _nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


def _numpy_values() -> list[tuple[str, object]]:
    try:
        import numpy
    except ImportError:  # (an optional extra: the fake integers above stand in for it)
        return []
    return [
        ("np.int64(1)", numpy.int64(1)),
        ("np.int64(-1)", numpy.int64(-1)),
        ("np.int64(2**62)", numpy.int64(2**62)),
        ("np.uint8(200)", numpy.uint8(200)),
        ("np.bool_(True)", numpy.bool_(True)),
        ("np.float64(1.0)", numpy.float64(1.0)),
        ("np.float64(nan)", numpy.float64("nan")),
        ("np.array(1)", numpy.array(1)),
        ("np.array([1, 2])", numpy.array([1, 2])),
        ("np.array([])", numpy.array([])),
    ]


def _hostile() -> list[tuple[str, object]]:
    return [
        # wrong types of every kind
        ("None", None),
        ("object()", object()),
        ("b'XXI'", b"XXI"),
        ("bytearray", bytearray(b"XXI")),
        ("memoryview", memoryview(b"XXI")),
        ("a function", print),
        ("a class", Card),
        ("CLASSIC", CLASSIC),
        ("'classic'", "classic"),
        ("a state", STATE),
        ("a view", VIEW),
        ("a card", CARD),
        ("Pass()", Pass()),
        ("Phase.PLAY", Phase.PLAY),
        ("Reason.GAME_OVER", sm.Reason.GAME_OVER),
        ("CardPoints(3)", sm.CardPoints(3)),
        ("a match", MATCH),
        ("a result", RESULT),
        # numbers
        ("True", True),
        ("False", False),
        ("0", 0),
        ("1", 1),
        ("-1", -1),
        ("2", 2),
        ("3", 3),
        ("99", 99),
        ("2**31", 2**31),
        ("2**63", 2**63),
        ("10**30", 10**30),
        ("10**5000", 10**5000),
        ("-10**5000", -(10**5000)),
        ("1.0", 1.0),
        ("1.5", 1.5),
        ("-0.0", -0.0),
        ("nan", math.nan),
        ("inf", math.inf),
        ("-inf", -math.inf),
        ("1j", 1j),
        ("Fraction(1, 2)", fractions.Fraction(1, 2)),
        ("Decimal('1')", decimal.Decimal("1")),
        *_numpy_values(),
        # texts
        ("''", ""),
        ("' '", " "),
        ("'x'", "x"),
        ("'0'", "0"),
        ("'3'", "3"),
        ("'XXI'", "XXI"),
        ("'\\x00'", "\x00"),
        ("a lone surrogate", "\ud800"),
        ("'A' * 10**6", "A" * 1_000_000),
        ("'XXI ' * 300000", "XXI " * 300_000),
        ("'[' * 100000", "[" * 100_000),
        # containers
        ("[]", []),
        ("()", ()),
        ("{}", {}),
        ("set()", set()),
        ("frozenset()", frozenset()),
        ("[None]", [None]),
        ("(None, None)", (None, None)),
        ("[CARD] * 100000", [CARD] * 100_000),
        ("a deep list", _nested(10_000)),
        ("a dict of junk", {"type": "state", 1: None, "format": 10**5000}),
        ("range(10**18)", range(10**18)),
        ("an endless iterator", itertools.repeat(CARD)),
        ("an endless count", itertools.count()),
        ("an empty iterator", iter(())),
        # objects whose own methods raise or lie
        ("attribute access raises", RaisingAttributes()),
        ("__index__ raises", RaisingIndex()),
        ("__index__ gives 10**5000", HugeIndex()),
        ("__index__ gives -1", NegativeIndex()),
        ("__eq__ and __hash__ raise", RaisingEquality()),
        ("__repr__ and __str__ raise", RaisingText()),
        ("__bool__ raises", RaisingBool()),
        ("a sequence that raises", RaisingSequence()),
        ("a sequence that lies about its length", LyingLength()),
        ("an int whose methods raise", EvilInt(1)),
        ("a str whose methods raise", EvilStr("XXI")),
        ("a list whose methods raise", EvilList([CARD])),
        ("a dict whose methods raise", EvilDict(type="state")),
        ("a play of card index 99", ActionLike(99)),
        ("a play of card index -1", ActionLike(-1)),
        ("a play of card index 10**5000", ActionLike(10**5000)),
        ("a play whose card raises", RaisingCard()),
        ("a fake Card (index 99)", PretendsToBe(Card)),
        ("a fake Play (card index 99)", PretendsToBe(Play)),
        ("a fake GameState", PretendsToBe(sm.GameState)),
        ("a fake PlayerView", PretendsToBe(sm.PlayerView)),
        ("a fake RuleSet", PretendsToBe(sm.RuleSet)),
        ("a fake int", PretendsToBe(int)),
        ("a fake str", PretendsToBe(str)),
        ("a type whose name raises", WeirdlyNamed()),
        ("a list of hostile objects", [RaisingAttributes(), RaisingEquality()]),
        ("a pair of hostile objects", (RaisingEquality(), RaisingIndex())),
    ]


#: ``(label, value)`` of every hostile value.
HOSTILE: Final = _hostile()


# ---------------------------------------------------------------------------------------------
# Judging a call


class Timeout(BaseException):
    """Raised into a call that runs longer than :data:`WATCHDOG` seconds."""


#: The wall-clock seconds after which a call is interrupted (where Python code runs: a loop in C
#: is stopped only by the memory limit of ``main``).
WATCHDOG: Final = 20.0


def _interrupt(signum: int, frame: object) -> None:
    raise Timeout


def judge(entry: EntryPoint, parameter: str | None, value: object) -> str | None:
    """Call ``entry`` with ``parameter`` set to ``value``: ``None`` if it behaved (returned, or
    raised a library error with a reason and a short message, in time), else what went wrong."""
    start = time.thread_time()
    watchdog = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    previous: Any = None
    try:
        if watchdog:
            previous = signal.signal(signal.SIGALRM, _interrupt)
            signal.setitimer(signal.ITIMER_REAL, WATCHDOG)
        try:
            entry.call(parameter, value)
        finally:
            if watchdog:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
    except Timeout:
        return f"still running after {WATCHDOG:.0f} s"
    except MemoryError:
        return "MemoryError"
    except sm.StrohmandelnError as error:
        problem = _bad_error(error)
        if problem:
            return problem
    except RecursionError:
        return "RecursionError"
    except BaseException as error:  # noqa: BLE001 - any other error is the finding
        if isinstance(error, KeyboardInterrupt):
            raise
        return f"{type(error).__name__}: {_first_line(error)}"
    spent = time.thread_time() - start
    if spent > MAX_SECONDS:
        return f"took {spent:.1f} s of CPU time"
    return None


def _first_line(error: BaseException) -> str:
    try:
        text = str(error)
    except Exception:  # noqa: BLE001 - (a message that cannot be written)
        return "(a message that cannot be written)"
    return text.splitlines()[0][:160] if text else ""


def _bad_error(error: sm.StrohmandelnError) -> str | None:
    """What is wrong with a library error, or ``None``."""
    if type(error.reason) is not sm.Reason:
        return f"{type(error).__name__} without a Reason"
    message = error.message
    if type(message) is not str or not message:
        return f"{type(error).__name__} without a message"
    if len(message) > MAX_MESSAGE or len(str(error)) > MAX_MESSAGE:
        return f"{type(error).__name__}: a message of {len(message)} characters"
    try:
        json.dumps(error.to_dict(), ensure_ascii=False).encode("utf-8")
    except (TypeError, ValueError, UnicodeError) as problem:  # pragma: no cover - a finding
        return f"{type(error).__name__}: to_dict() cannot be sent ({type(problem).__name__})"
    return None


def findings_of(entry: EntryPoint, values: list[tuple[str, object]] = HOSTILE) -> Iterator[str]:
    """Every finding of calling ``entry`` with each value for each of its parameters."""
    problem = judge(entry, None, None)
    if problem is None and entry.name not in REFUSE_ANYWAY:
        try:  # (they must do the work, or the hostile values would be refused before reaching it)
            entry.call()
        except sm.StrohmandelnError as error:
            problem = f"{type(error).__name__}: {error}"
    if problem:
        yield f"{entry.name}(): the right arguments fail: {problem}"
        return
    for parameter in entry.parameters:
        for label, value in values:
            if label in LEGITIMATE.get(entry.name, ()):
                continue
            problem = judge(entry, parameter.name, value)
            if problem:
                yield f"{entry.name}({parameter.name}={label}): {problem}"


def main(argv: list[str]) -> int:
    """``python -m tests.boundary [--only NAME] [--repeat N]``: the findings, one a line."""
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 1
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))  # (a call that fills memory fails, not the machine)
    entries = [e for e in entry_points() if only in e.name]
    start = time.perf_counter()
    findings: list[str] = []
    for _ in range(repeat):
        findings = []
        for entry in entries:
            for line in findings_of(entry):
                findings.append(line)
                print(line.encode("utf-8", "backslashreplace").decode("utf-8"), flush=True)
    calls = sum(1 + len(e.parameters) * len(HOSTILE) for e in entries)
    print(f"{len(entries)} entry points, {calls} calls, {len(findings)} findings, {time.perf_counter() - start:.1f} s (the {'compiled' if sm.COMPILED else 'pure'} build)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
