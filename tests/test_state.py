"""The game state's public interface: refusals, value semantics, accessors (R13–R16)."""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs
import pytest

import strohmandeln as sm
from helpers import card, legal_texts, play, scripted_deal, snapshot

from strohmandeln._core.record import DECISIONS
from strohmandeln import (
    CLASSIC,
    PRESETS,
    DECK_54,
    EXTENDED,
    Announcement,
    Call,
    Card,
    GameState,
    IllegalActionError,
    Pass,
    Phase,
    Play,
    Reason,
    StrohmandelnError,
    Take,
    compose_order,
    deal,
    parse_action,
)


def _auction() -> GameState:
    return scripted_deal(CLASSIC, dealer=0)


def _play() -> GameState:
    return play(scripted_deal(CLASSIC, dealer=0), "pass pass")


def _finished() -> GameState:
    state = _play()
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return state


def _refused(state: GameState, action: Any, reasons: tuple[Reason, ...], player: int | None = None) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action, player=player)
    assert info.value.reason in reasons, info.value
    assert isinstance(info.value, StrohmandelnError)
    assert info.value.message and "\n" not in info.value.message
    error = state.why_illegal(action, player)
    assert error is not None and error.reason is info.value.reason
    assert not state.is_legal(action) or player is not None
    assert snapshot(state) == before


def test_game_state_cannot_be_constructed_directly() -> None:
    """States come from ``deal``; ``GameState()`` is refused."""
    with pytest.raises(sm.ArgumentTypeError):
        GameState()


NOT_ACTIONS: list[Any] = ["XXI", 42, None, card("XXI"), "take", Take, ("XXI",), 3.5]


@pytest.mark.parametrize("make", [_auction, _play], ids=["auction", "play"])
@pytest.mark.parametrize("value", NOT_ACTIONS, ids=[repr(v) for v in NOT_ACTIONS])
def test_R16_values_that_are_not_actions_are_refused_with_not_an_action(make: Any, value: Any) -> None:
    """R16: ``apply`` of something that is no action raises ``NOT_AN_ACTION`` — never KeyError/TypeError."""
    _refused(make(), value, (Reason.NOT_AN_ACTION,))


def _refused_at_once(make: Any) -> None:
    """``make()`` builds a malformed play: it is refused as a wrong type there and then (an
    ``ArgumentTypeError``, reason ``wrong_type``)."""
    with pytest.raises(sm.ArgumentTypeError) as info:
        make()
    assert info.value.reason is Reason.WRONG_TYPE
    assert info.value.message and "\n" not in info.value.message and len(info.value.message) < 120


def test_R16_malformed_play_values_are_refused_when_the_play_is_made() -> None:
    """R16: a ``Play`` whose card is not a Card is refused when it is made, with
    ``ArgumentTypeError`` (not AttributeError): no malformed play ever reaches a state."""
    for odd in ("XXI", None, 21, 3.5, ("XXI",)):
        _refused_at_once(lambda: Play(odd))  # type: ignore[arg-type]


def test_R16_play_with_malformed_announcements_or_call_is_refused_when_made() -> None:
    """R16: a ``Play`` carrying announcement or call values that are not the enums is refused
    when it is made, as a wrong type, not KeyError."""
    odd_ann: Any = frozenset({"trull"})
    odd_call: Any = "ross"
    _refused_at_once(lambda: Play(card("XXI"), odd_ann))
    _refused_at_once(lambda: Play(card("XXI"), call=odd_call))
    _refused_at_once(lambda: Play(card("XXI"), "trull"))  # type: ignore[arg-type]  # (text is not a set)


class _RaisingEq:
    """A value whose comparison raises (a hostile client object)."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("compared")

    __hash__ = object.__hash__


def test_R16_malformed_plays_are_refused_before_anything_compares_them() -> None:
    """R16: a ``Play`` built with parts that are not a card, a set of announcements or a call is
    refused as a wrong type when it is made, before any message formats it or any
    comparison touches its parts; such objects given to ``apply`` (in the auction, the card play,
    a finished deal, with or without a seat) and ``why_illegal`` are not actions, and a view's
    ``is_legal`` says no without comparing them."""
    xxi = card("XXI")
    calls: list[Any] = ["ross", 1, _RaisingEq()]
    cards: list[Any] = ["XXI", _RaisingEq()]
    texts: Any = frozenset({"trull"})
    for c in calls:
        _refused_at_once(lambda: Play(xxi, call=c))
    for x in cards:
        _refused_at_once(lambda: Play(x))
    _refused_at_once(lambda: Play(xxi, texts))
    for state in (_auction(), _play(), _finished()):
        for player in (None, 0, 1):
            if player is not None and state.current_player not in (None, player):
                continue
            _refused(state, _RaisingEq(), (Reason.NOT_AN_ACTION,), player)
        if state.current_player is not None:
            assert not state.view(state.current_player).is_legal(_RaisingEq())


def test_R18_play_with_a_call_given_as_text_is_refused_when_made() -> None:
    """R18, R16: where Topschin is allowed, a ``Play`` of XVIII whose call is the text
    ``"topschin"`` or ``"ross"`` instead of a ``Call`` is refused when it is made, as a wrong
    type, not KeyError; the play with the real call is legal."""
    state = scripted_deal(
        EXTENDED,
        dealer=0,
        hands=("", "XVII XVIII"),
        strohmaenner=(("", "", ""), ("♣7", "♣8", "♣9")),
    )
    state = play(state, "pass pass XVII!ross IIII")
    assert "XVIII!topschin" in legal_texts(state)
    assert state.is_legal(Play(card("XVIII"), call=Call.TOPSCHIN))
    for text in ("topschin", "ross"):
        odd_call: Any = text
        _refused_at_once(lambda: Play(card("XVIII"), call=odd_call))


def test_R16_wrong_phase_is_refused() -> None:
    """Actions of another phase are refused with ``WRONG_PHASE``."""
    auction = _auction()
    _refused(auction, Play(card("XXI")), (Reason.WRONG_PHASE,))
    _refused(auction, parse_action("double"), (Reason.WRONG_PHASE,))
    _refused(auction, parse_action("keep"), (Reason.WRONG_PHASE,))
    playing = _play()
    _refused(playing, Take(), (Reason.WRONG_PHASE,))
    _refused(playing, Pass(), (Reason.WRONG_PHASE,))
    _refused(playing, parse_action("fold"), (Reason.WRONG_PHASE,))
    _refused(playing, parse_action("no-double"), (Reason.WRONG_PHASE,))


def test_R16_game_over_refuses_every_action() -> None:
    """After the last trick every action is refused with ``GAME_OVER``."""
    state = _finished()
    assert state.phase is Phase.FINISHED and state.is_terminal
    assert state.current_player is None and state.leader is None
    assert state.legal_actions() == ()
    for action in (Take(), Pass(), Play(card("XXI")), parse_action("fold"), parse_action("XVII!ross")):
        _refused(state, action, (Reason.GAME_OVER,))
        _refused(state, action, (Reason.GAME_OVER,), player=0)


@pytest.mark.parametrize("make", [_auction, _play], ids=["auction", "play"])
def test_R16_not_your_turn(make: Any) -> None:
    """``apply(action, player=…)`` refuses a seat that is not to act with ``NOT_YOUR_TURN``."""
    state = make()
    to_act = state.current_player
    assert to_act is not None
    action = state.legal_actions()[0]
    _refused(state, action, (Reason.NOT_YOUR_TURN,), player=1 - to_act)
    assert state.apply(action, player=to_act) == state.apply(action)
    assert state.why_illegal(action, to_act) is None


@pytest.mark.parametrize("seat", [2, -1, "0", None, True])
def test_R16_bad_seats_are_refused(seat: Any) -> None:
    """Seats are 0 and 1: another whole number is refused with ``BAD_SEAT`` by every accessor
    (by the move checks as an illegal move, returned by ``why_illegal``); a value that is no
    whole number is a wrong type, raised by all of them."""
    state = _play()
    wrong_type = type(seat) is not int
    if seat is not None and not wrong_type:
        _refused(state, state.legal_actions()[0], (Reason.BAD_SEAT,), player=seat)
    elif seat is not None:
        for check in (state.apply, state.why_illegal, state.is_legal):
            with pytest.raises(sm.ArgumentTypeError):
                check(state.legal_actions()[0], player=seat)
    for accessor in (state.hand, state.strohmann_tops, state.available, state.won_cards, state.card_points):
        with pytest.raises(sm.ArgumentTypeError if wrong_type else sm.ArgumentValueError) as info:
            accessor(seat)
        assert info.value.reason is (Reason.WRONG_TYPE if wrong_type else Reason.BAD_SEAT)
    with pytest.raises(StrohmandelnError):
        state.strohmann(0, 3)


def test_apply_returns_a_new_state_and_never_changes_the_old_one() -> None:
    """States are immutable: ``apply`` returns a new state; every accessor of the old one is unchanged."""
    state = _auction()
    before = snapshot(state)
    after = state.apply(Pass())
    assert after is not state
    assert snapshot(state) == before
    with pytest.raises(AttributeError):
        state.phase = Phase.PLAY  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.new_attribute = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        iter(state)


def test_equal_histories_give_equal_hashable_states() -> None:
    """Equal rule set, deck order, dealer and history → equal states with equal hashes."""
    a = play(scripted_deal(CLASSIC, dealer=0), "pass pass")
    b = play(scripted_deal(CLASSIC, dealer=0), "pass pass")
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    assert a != play(scripted_deal(CLASSIC, dealer=0), "pass take")
    assert a != play(scripted_deal(CLASSIC, dealer=1), "pass pass")
    assert a != play(scripted_deal(EXTENDED, dealer=0), "pass pass")
    assert scripted_deal(CLASSIC, dealer=0) != a
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert a != "state"


def test_accessors_during_play() -> None:
    """History, tricks, the current trick, the leader and the trick number follow the play."""
    state = _play()
    assert state.history == (Pass(), Pass())
    assert state.tricks == () and state.current_trick == () and state.trick_number == 0
    assert state.leader == state.current_player == 1
    lead = state.legal_actions()[0]
    assert isinstance(lead, Play)
    led = state.apply(lead)
    assert led.current_trick == (lead,)
    assert led.leader == 1 and led.current_player == 0
    assert led.history == (Pass(), Pass(), lead)
    answer = led.legal_actions()[0]
    done = led.apply(answer)
    assert done.current_trick == () and done.trick_number == 1
    assert done.tricks[0].plays == (lead, answer)
    assert done.tricks[0].number == 1
    assert done.history[-2:] == (lead, answer)
    assert set(done.won_cards(done.tricks[0].winner)) == {lead.card, answer.card}  # type: ignore[union-attr]
    assert "classic" in repr(done) and "play" in repr(done)


def test_legal_actions_are_stable_and_plain_plays_come_first_in_canonical_order() -> None:
    """``legal_actions()`` is stable, has no duplicates, and lists the plain plays first, in canonical order."""
    state = _play()
    legal = state.legal_actions()
    assert legal == state.legal_actions()
    assert len(set(legal)) == len(legal)
    plain = [a for a in legal if isinstance(a, Play) and not a.announcements and a.call is None]
    assert list(legal[: len(plain)]) == plain
    assert [a.card for a in plain] == sorted(a.card for a in plain)


def test_R17_R18_variants_follow_the_plain_plays() -> None:
    """R17, R18: announcement and call variants come after the plain plays; each listed once."""
    state = scripted_deal(
        EXTENDED,
        dealer=0,
        hands=("", "XVII XVIII"),
        strohmaenner=(("", "", ""), ("♣7", "♣8", "♣9")),
    )
    state = play(state, "pass pass")
    texts = legal_texts(state)
    assert texts[-1] == "XVII!ross"
    assert texts.count("XVII!ross") == 1
    assert Play(card("XVII"), call=Call.ROSS) in state.legal_actions()
    assert Play(card("XVII"), frozenset({Announcement.TRULL}), Call.ROSS) not in state.legal_actions()


def test_order_and_rules_are_reported() -> None:
    """The state reports its rule set, its deck order and its seats."""
    state = deal(CLASSIC, dealer=1, order=DECK_54)
    assert state.rules is CLASSIC
    assert state.order == DECK_54
    assert (state.dealer, state.elder) == (1, 0)
    assert state.undertaker is None and not state.doubled and state.void_reason is None
    assert all(isinstance(c, Card) for c in state.hand(0))


class _PicklablePass(Pass):
    """A subclass of an action (module level, so that pickle finds it)."""


class _PicklablePlay(Play):
    """A subclass of a play (module level, so that pickle finds it)."""


def test_states_survive_pickle_with_their_terminal_flag() -> None:
    """A live and a finished state survive pickle equal, with ``is_terminal`` kept; every state is
    a ``GameState`` (of one of two private subclasses, for live and for finished or void deals) and
    reads as one."""
    import pickle

    live = _play()
    done = _finished()
    for state in (live, done):
        back = pickle.loads(pickle.dumps(state))
        assert back == state and hash(back) == hash(state)
        assert back.is_terminal is state.is_terminal
        assert isinstance(back, GameState)
        assert repr(back).startswith("<GameState ")
    assert done.is_terminal and not live.is_terminal
    assert done.result() == pickle.loads(pickle.dumps(done)).result()
    # The legal actions come back as the interned plays and decisions, which keep apply's fast
    # path; an action of a subclass stays of its class.
    for state in (live, _auction()):
        back = pickle.loads(pickle.dumps(state))
        assert back.legal_actions() == state.legal_actions()
        assert all(a is b for a, b in zip(back.legal_actions(), state.legal_actions(), strict=True))
    assert all(pickle.loads(pickle.dumps(type(a)())) is a for a in _auction().legal_actions())  # type: ignore[call-arg]
    for odd in (_PicklablePass(), _PicklablePlay(card("XXI"))):
        back_odd = pickle.loads(pickle.dumps(odd))
        assert type(back_odd) is type(odd) and back_odd == odd


@pytest.mark.parametrize("make", [_auction, _play], ids=["auction", "play"])
def test_R16_instances_of_action_subclasses_are_refused_as_why_illegal_says(make: Any) -> None:
    """R16: a value of a subclass of an action type (equal to no legal action) is refused with
    ``NOT_AN_ACTION``, in every phase, as ``why_illegal`` says — never applied as another action."""

    class OtherPlay(Play):
        pass

    class OtherPass(Pass):
        pass

    state = make()
    odd_values: list[Any] = [OtherPass()]
    for action in state.legal_actions():
        odd_values.append(OtherPlay(action.card, action.announcements, action.call) if isinstance(action, Play) else OtherPlay(card("XXI")))
    for odd in odd_values:
        explained = state.why_illegal(odd)
        assert explained is not None and explained.reason is Reason.NOT_AN_ACTION
        with pytest.raises(IllegalActionError) as info:
            state.apply(odd)
        assert (info.value.reason, str(info.value)) == (explained.reason, str(explained))


def test_R7_R8_R10_decisions_from_legal_actions_take_the_fast_path_to_the_same_states() -> None:
    """R7, R8, R10: ``apply`` recognises the decisions ``legal_actions()`` returns by identity and
    skips the full check (a decision built by hand is the same interned object); the successor
    equals the one the full check gives (with the seat claimed), and identity admits nothing
    else: another phase's decision is still refused with ``WRONG_PHASE``, a seat out of turn with
    ``NOT_YOUR_TURN``."""
    everyone = {type(a): a for phase in (Phase.FOLD, Phase.AUCTION, Phase.DOUBLING) for a in _decisions_of(phase)}
    seen: set[Phase] = set()
    rng = random.Random(3)
    every_phase = [attrs.evolve(rules, name=f"{rules.name}_all", fold_without_tarock=True, undertaker_doubling=True) for rules in PRESETS.values()]
    for rules in [*PRESETS.values(), *every_phase]:
        suit_cards = [c for c in rules.deck.cards if not c.is_tarock]
        for k in range(40):
            if k < 4:  # Elder without a tarock: the fold phase (R7), if the rules have it
                order = compose_order(rules, dealer=k & 1, hands=_hands(k & 1, suit_cards[: sum(rules.deck.hand_packets)]))
                state = deal(rules, dealer=k & 1, order=order)
            else:
                state = deal(rules, dealer=k & 1, rng=rng)
            while state.phase in (Phase.FOLD, Phase.AUCTION, Phase.DOUBLING):
                seen.add(state.phase)
                legal = state.legal_actions()
                seat = state.current_player
                assert seat is not None
                for action in legal:
                    assert type(action)() is action  # type: ignore[call-arg]  # (a decision: built by hand, it is the interned one)
                    # the full check (a claimed seat) gives the same successor
                    assert state.apply(action) == state.apply(action, player=seat)
                    with pytest.raises(IllegalActionError) as info:
                        state.apply(action, player=1 - seat)
                    assert info.value.reason is Reason.NOT_YOUR_TURN
                for kind, other in everyone.items():
                    if kind not in {type(a) for a in legal}:
                        with pytest.raises(IllegalActionError) as info:
                            state.apply(other)
                        assert info.value.reason is Reason.WRONG_PHASE
                state = state.apply(rng.choice(legal))
            for other in everyone.values():
                with pytest.raises(IllegalActionError) as info:
                    state.apply(other)
                assert info.value.reason in (Reason.WRONG_PHASE, Reason.GAME_OVER)
    assert seen == {Phase.FOLD, Phase.AUCTION, Phase.DOUBLING}


def _decisions_of(phase: Phase) -> tuple[Any, ...]:
    """The interned decisions of a phase before the play, as ``legal_actions()`` returns them."""
    return DECISIONS[id(phase)]


def _hands(dealer: int, elder_cards: list[Card]) -> tuple[list[Card], list[Card]]:
    """``compose_order``'s hands with ``elder_cards`` as Elder's whole hand."""
    return (elder_cards, []) if dealer == 1 else ([], elder_cards)
