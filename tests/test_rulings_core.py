"""Scenario tests of the core rulings R5 and R7–R18, each from an explicit deck order.

Every deal here is built with :func:`helpers.scripted_deal` (which uses
:func:`strohmandeln.compose_order`), and every line of play is a string of action notations.
Seat 0 is the dealer unless a test says otherwise, so seat 1 is Elder (R5).
"""

from __future__ import annotations

import attrs
import pytest
from helpers import (
    ALL_ACTIONS,
    by_role,
    card,
    cards,
    legal_cards,
    legal_texts,
    play,
    scripted_deal,
    snapshot,
)

from strohmandeln import (
    BECK,
    CLASSIC,
    DECK_54,
    EXTENDED,
    FURR,
    MAYR_SEDLACZEK,
    STRAMANDL,
    ZWANZIGERRUFEN_40,
    Announcement,
    BothPass,
    Call,
    Card,
    CardPoints,
    Double,
    Fold,
    GameState,
    IllegalActionError,
    Keep,
    LastCard,
    NoDouble,
    Pass,
    Phase,
    Play,
    Reason,
    RuleSet,
    StrohmannPile,
    StrohmannTurn,
    Take,
    VoidReason,
    cards_to_text,
    parse_action,
)

THROW_IN = attrs.evolve(CLASSIC, both_pass=BothPass.THROW_IN, name="classic-throw-in")
DOUBLING = attrs.evolve(CLASSIC, undertaker_doubling=True, name="classic-doubling")
SHOWN = attrs.evolve(CLASSIC, last_card=LastCard.SHOWN, name="classic-shown")

TAROCKLESS_15 = "♥4 ♥3 ♥2 ♥1 ♥J ♥C ♥Q ♥K ♦4 ♦3 ♦2 ♦1 ♦J ♦C ♦Q"
TAROCKLESS_15_B = "♣7 ♣8 ♣9 ♣10 ♣J ♣C ♣Q ♣K ♠7 ♠8 ♠9 ♠10 ♠J ♠C ♠Q"


def refused(state: GameState, text: str, reason: Reason, *, player: int | None = None) -> IllegalActionError:
    """Apply ``text`` and check that it is refused with ``reason`` and changes nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(parse_action(text), player=player)
    assert info.value.reason is reason, f"{text}: {info.value.reason} {info.value}"
    assert state.why_illegal(parse_action(text), player) is not None
    assert snapshot(state) == before
    return info.value


def plain_deal(rules: RuleSet, dealer: int = 0) -> GameState:
    """The canonical-order deal: both hands hold tarocks, so nobody is asked to fold (R7)."""
    state = scripted_deal(rules, dealer=dealer)
    assert state.phase is Phase.AUCTION
    return state


# ================================================================================================
# R5 — seats and the first lead


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("auction", ["take", "pass take", "pass pass"])
def test_R5_elder_leads_the_first_trick_whoever_undertook(dealer: int, auction: str) -> None:
    """R5: with ``first_lead`` elder (every preset but Furr) Elder leads, whoever undertook."""
    state = play(plain_deal(CLASSIC, dealer), auction)
    assert state.phase is Phase.PLAY
    assert state.current_player == state.elder == 1 - dealer
    assert state.leader == state.elder


@pytest.mark.parametrize("dealer", [0, 1])
def test_R5_furr_the_undertaker_leads_and_elder_when_both_passed(dealer: int) -> None:
    """R5: Furr's rule: the undertaker leads; Elder leads when both passed."""
    elder = 1 - dealer
    assert play(plain_deal(FURR, dealer), "take").current_player == elder
    assert play(plain_deal(FURR, dealer), "pass take").current_player == dealer
    assert play(plain_deal(FURR, dealer), "pass take").undertaker == dealer
    assert play(plain_deal(FURR, dealer), "pass pass").current_player == elder


# ================================================================================================
# R7 — folding without a tarock


@pytest.mark.parametrize("dealer", [0, 1])
def test_R7_tarockless_elder_is_asked_and_fold_voids_the_deal(dealer: int) -> None:
    """R7: a tarockless Elder may fold before the auction; the deal is void (``VoidReason.FOLDED``)."""
    state = scripted_deal(CLASSIC, dealer=dealer, hands=by_role(dealer, TAROCKLESS_15, ""))
    assert state.phase is Phase.FOLD
    assert state.current_player == state.elder
    assert state.legal_actions() == (Fold(), Keep())
    folded = state.apply(Fold())
    assert folded.phase is Phase.VOID
    assert folded.void_reason is VoidReason.FOLDED
    assert folded.is_terminal and folded.current_player is None
    assert folded.legal_actions() == ()
    assert folded.events == () and folded.tricks == ()
    assert folded.undertaker is None and not folded.is_simple_game
    refused(folded, "take", Reason.GAME_OVER)
    refused(folded, "fold", Reason.GAME_OVER)


def test_R7_keeping_a_tarockless_hand_leads_to_the_auction() -> None:
    """R7: if the tarockless Elder keeps and the dealer has a tarock, the auction starts with Elder."""
    state = scripted_deal(CLASSIC, dealer=0, hands=("", TAROCKLESS_15))
    kept = state.apply(Keep())
    assert kept.phase is Phase.AUCTION
    assert kept.current_player == 1
    assert kept.void_reason is None


def test_R7_both_tarockless_elder_first_then_the_dealer() -> None:
    """R7 details: Elder is asked first; if Elder keeps, a tarockless dealer is asked next."""
    state = scripted_deal(CLASSIC, dealer=0, hands=(TAROCKLESS_15_B, TAROCKLESS_15))
    assert (state.phase, state.current_player) == (Phase.FOLD, 1)
    state = state.apply(Keep())
    assert (state.phase, state.current_player) == (Phase.FOLD, 0)
    assert state.legal_actions() == (Fold(), Keep())
    folded = state.apply(Fold())
    assert folded.void_reason is VoidReason.FOLDED
    assert folded.history == (Keep(), Fold())
    kept = state.apply(Keep())
    assert (kept.phase, kept.current_player) == (Phase.AUCTION, 1)


def test_R7_only_the_tarockless_dealer_is_asked_when_elder_has_a_tarock() -> None:
    """R7: only a tarockless player is asked; Elder with a tarock is given no pointless decision."""
    state = scripted_deal(CLASSIC, dealer=0, hands=(TAROCKLESS_15, ""))
    assert state.phase is Phase.FOLD
    assert state.current_player == 0
    refused(state, "fold", Reason.NOT_YOUR_TURN, player=1)
    assert state.apply(Keep()).phase is Phase.AUCTION
    assert state.apply(Keep()).current_player == 1


def test_R7_one_tarock_in_the_hand_means_no_fold_decision() -> None:
    """R7: a single tarock (here the Pagat) among the hand cards: nobody is asked."""
    state = scripted_deal(CLASSIC, dealer=0, hands=("I", "♥4 ♥3 ♥2 ♥1 ♥J ♥C ♥Q ♥K ♦4 ♦3 ♦2 ♦1 ♦J ♦C XXI"))
    assert state.phase is Phase.AUCTION
    refused(state, "fold", Reason.WRONG_PHASE)
    refused(state, "keep", Reason.WRONG_PHASE)


def test_R7_strohmann_tarocks_do_not_count() -> None:
    """R7 details: only the dealt hand cards count; tarocks in one's Strohmänner do not help."""
    state = scripted_deal(
        CLASSIC,
        dealer=0,
        hands=("", TAROCKLESS_15),
        strohmaenner=(("", "", ""), ("Sküs XXI XX XIX", "XVIII XVII XVI XV", "XIV XIII XII XI")),
    )
    assert state.phase is Phase.FOLD
    assert state.current_player == 1


@pytest.mark.parametrize("rules", [BECK, MAYR_SEDLACZEK, FURR, STRAMANDL], ids=lambda r: r.name)
def test_R7_presets_without_the_fold_option_never_ask(rules: RuleSet) -> None:
    """R7: beck, mayr_sedlaczek, furr and stramandl have no fold: a tarockless hand goes to the auction."""
    state = scripted_deal(rules, dealer=0, hands=(TAROCKLESS_15_B, TAROCKLESS_15))
    assert state.phase is Phase.AUCTION
    assert state.current_player == 1
    assert state.legal_actions() == (Take(), Pass())
    refused(state, "fold", Reason.WRONG_PHASE)


def test_R7_fold_with_the_40_card_deck() -> None:
    """R7, R4: zwanzigerrufen40 has the fold; a ten-card hand without tarocks is asked."""
    state = scripted_deal(ZWANZIGERRUFEN_40, dealer=1, hands=("♥1 ♥J ♥C ♥Q ♥K ♦1 ♦J ♦C ♦Q ♦K", ""))
    assert state.phase is Phase.FOLD
    assert state.current_player == 0 == state.elder
    assert state.apply(Fold()).void_reason is VoidReason.FOLDED


# ================================================================================================
# R8 — taking the game; R9 — both pass


@pytest.mark.parametrize("dealer", [0, 1])
def test_R8_elder_takes(dealer: int) -> None:
    """R8: Elder speaks first; if he takes he is the undertaker and the dealer is not asked."""
    state = plain_deal(CLASSIC, dealer)
    assert state.legal_actions() == (Take(), Pass())
    taken = state.apply(Take())
    assert taken.undertaker == state.elder
    assert taken.phase is Phase.PLAY
    assert not taken.is_simple_game
    assert taken.history == (Take(),)


@pytest.mark.parametrize("dealer", [0, 1])
def test_R8_elder_passes_then_the_dealer_takes(dealer: int) -> None:
    """R8: if Elder passes, the dealer takes or passes; the taker is the undertaker."""
    state = plain_deal(CLASSIC, dealer).apply(Pass())
    assert state.phase is Phase.AUCTION
    assert state.current_player == dealer
    assert state.undertaker is None
    assert state.legal_actions() == (Take(), Pass())
    taken = state.apply(Take())
    assert taken.undertaker == dealer
    assert taken.phase is Phase.PLAY


def test_R9_both_pass_plays_a_simple_game() -> None:
    """R9: when both pass, a simple game is played (every preset)."""
    state = play(plain_deal(CLASSIC), "pass pass")
    assert state.phase is Phase.PLAY
    assert state.is_simple_game
    assert state.undertaker is None
    assert state.void_reason is None
    assert state.current_player == state.elder
    assert not plain_deal(CLASSIC).is_simple_game  # not before the auction ends


def test_R9_both_pass_throws_the_deal_in_under_the_throw_in_option() -> None:
    """R9: under ``BothPass.THROW_IN`` two passes void the deal (``VoidReason.THROWN_IN``)."""
    state = play(plain_deal(THROW_IN), "pass pass")
    assert state.phase is Phase.VOID
    assert state.void_reason is VoidReason.THROWN_IN
    assert state.is_terminal and state.current_player is None
    assert state.legal_actions() == ()
    assert state.events == ()  # nothing was uncovered
    assert not state.is_simple_game
    refused(state, "XXI", Reason.GAME_OVER)
    taken = play(plain_deal(THROW_IN), "pass take")
    assert taken.phase is Phase.PLAY and taken.undertaker == 0


# ================================================================================================
# R10 — doubling the undertaker


@pytest.mark.parametrize("dealer", [0, 1])
def test_R10_doubling_is_offered_to_the_opponent_right_after_a_take_before_uncovering(dealer: int) -> None:
    """R10: with ``undertaker_doubling`` the opponent may double right after the take, before uncovering."""
    state = plain_deal(DOUBLING, dealer).apply(Take())
    assert state.phase is Phase.DOUBLING
    assert state.current_player == dealer  # Elder took; the dealer decides
    assert state.legal_actions() == (Double(), NoDouble())
    assert state.events == ()
    assert all(pile.face_up is None and pile.face_down == 4 for p in (0, 1) for pile in state.strohmaenner(p))
    refused(state, "double", Reason.NOT_YOUR_TURN, player=1 - dealer)
    doubled = state.apply(Double())
    assert doubled.doubled and doubled.undertaker == 1 - dealer
    assert doubled.phase is Phase.PLAY and doubled.events != ()
    assert doubled.current_player == doubled.elder
    kept = state.apply(NoDouble())
    assert not kept.doubled and kept.phase is Phase.PLAY


def test_R10_dealer_takes_and_elder_may_double() -> None:
    """R10: when the dealer takes, Elder is the one offered the double."""
    state = play(plain_deal(DOUBLING), "pass take")
    assert state.phase is Phase.DOUBLING
    assert state.current_player == 1
    assert state.apply(Double()).doubled


def test_R10_no_doubling_phase_after_two_passes_or_without_the_option() -> None:
    """R10: no doubling in a simple game, and none at all when the option is off (every preset)."""
    state = play(plain_deal(DOUBLING), "pass pass")
    assert state.phase is Phase.PLAY and not state.doubled
    plain = plain_deal(CLASSIC).apply(Take())
    assert plain.phase is Phase.PLAY and not plain.doubled
    refused(plain, "double", Reason.WRONG_PHASE)
    refused(plain, "no-double", Reason.WRONG_PHASE)


# ================================================================================================
# R11, R12 — uncovering


def _uncover_deal(rules: RuleSet, dealer: int) -> GameState:
    """Elder: XX ♥K ♣7 XIX | XVIII XVII ♠K ♠7 | ♦Q …; dealer: ♣8 … | XIV ♠8 … | ♦K ♥Q …"""
    return scripted_deal(
        rules,
        dealer=dealer,
        strohmaenner=by_role(
            dealer,
            ("XX ♥K ♣7 XIX", "XVIII XVII ♠K ♠7", "♦Q ♦J ♦C ♦4"),
            ("♣8 ♣9 ♣10 ♣J", "XIV ♠8 ♠9 ♠10", "♦K ♥Q ♥C ♥J"),
        ),
    )


def _expected_uncovering(dealer: int, *, hidden: bool) -> list[StrohmannTurn]:
    e, d = 1 - dealer, dealer

    def ev(p: int, k: int, text: str, to_hand: bool, last: bool = False) -> StrohmannTurn:
        return StrohmannTurn(p, k, card(text), to_hand, hidden and last, 0)

    return [
        ev(e, 0, "XX", True),
        ev(e, 0, "♥K", True),
        ev(e, 0, "♣7", False),
        ev(e, 1, "XVIII", True),
        ev(e, 1, "XVII", True),
        ev(e, 1, "♠K", True),
        ev(e, 1, "♠7", True, last=True),
        ev(e, 2, "♦Q", False),
        ev(d, 0, "♣8", False),
        ev(d, 1, "XIV", True),
        ev(d, 1, "♠8", False),
        ev(d, 2, "♦K", True),
        ev(d, 2, "♥Q", False),
    ]


@pytest.mark.parametrize("dealer", [0, 1])
def test_R11_uncovering_chains_tarocks_and_kings_and_stops_below_a_king(dealer: int) -> None:
    """R11: tarocks and Kings go to the hand one after another; a suit card below King stays face up.

    Elder uncovers first, left to right, then the dealer; every turned card is a public event.
    """
    before = _uncover_deal(CLASSIC, dealer)
    assert before.events == ()
    state = play(before, "pass pass")
    assert list(state.events) == _expected_uncovering(dealer, hidden=True)
    e, d = 1 - dealer, dealer
    assert state.strohmaenner(e) == (StrohmannPile(card("♣7"), 1), StrohmannPile(None, 0), StrohmannPile(card("♦Q"), 3))
    assert state.strohmaenner(d) == (StrohmannPile(card("♣8"), 3), StrohmannPile(card("♠8"), 2), StrohmannPile(card("♥Q"), 2))
    assert set(cards("XX ♥K XVIII XVII ♠K ♠7")) <= set(state.hand(e))
    assert set(cards("XIV ♦K")) <= set(state.hand(d))
    assert state.strohmann_tops(e) == cards("♣7 ♦Q")
    assert state.strohmann_tops(d) == cards("♣8 ♠8 ♥Q")
    assert len(state.hand(e)) == 15 + 6 and len(state.hand(d)) == 15 + 2
    assert set(state.available(e)) == set(state.hand(e)) | {card("♣7"), card("♦Q")}
    assert [ev.player for ev in state.events] == [e] * 8 + [d] * 5


def test_R11_a_whole_strohmann_is_taken_up() -> None:
    """R11, R12: four tarocks and Kings in a row: the whole Strohmann goes into the hand."""
    state = scripted_deal(CLASSIC, dealer=0, strohmaenner=(("", "", ""), ("♣K Sküs ♦K XXI", "♣7", "♣8")))
    state = play(state, "take")
    assert state.strohmann(1, 0) == StrohmannPile(None, 0)
    assert set(cards("♣K Sküs ♦K XXI")) <= set(state.hand(1))
    turned = [ev for ev in state.events if ev.player == 1 and ev.strohmann == 0]
    assert [str(ev.card) for ev in turned] == ["♣K", "Sküs", "♦K", "XXI"]
    assert all(ev.to_hand for ev in turned)
    assert [ev.hidden for ev in turned] == [False, False, False, True]


def test_R11_nothing_is_uncovered_before_the_auction_ends() -> None:
    """R11: the Strohmänner are uncovered after the auction; before, every card lies face down."""
    state = _uncover_deal(CLASSIC, 0).apply(Pass())
    assert state.events == ()
    assert state.strohmann_tops(0) == state.strohmann_tops(1) == ()
    assert all(pile == StrohmannPile(None, 4) for p in (0, 1) for pile in state.strohmaenner(p))


def test_R11_R12_uncovering_with_the_40_card_deck() -> None:
    """R11, R12, R4: the three-card Strohmänner of the 40-card deck; the third card is the last one."""
    state = scripted_deal(
        ZWANZIGERRUFEN_40,
        dealer=0,
        strohmaenner=(("♣J ♣C ♣Q ♣K", "♠J ♠C ♠Q", "♥J ♥C ♥Q"), ("XX XIX XVIII ♦J", "XVII ♠K ♦C", "♦Q ♦K ♦1")),
    )
    state = play(state, "pass pass")
    assert state.strohmaenner(1) == (StrohmannPile(None, 0), StrohmannPile(None, 0), StrohmannPile(card("♦Q"), 2))
    assert state.strohmaenner(0) == (StrohmannPile(card("♣J"), 3), StrohmannPile(card("♠J"), 2), StrohmannPile(card("♥J"), 2))
    lasts = [(str(ev.card), ev.hidden) for ev in state.events if ev.hidden]
    assert lasts == [("♦J", True), ("♦C", True)]
    assert set(cards("XX XIX XVIII ♦J XVII ♠K ♦C")) <= set(state.hand(1))


@pytest.mark.parametrize("dealer", [0, 1])
def test_R12_last_card_goes_to_the_hand_whatever_it_is_hidden_by_default(dealer: int) -> None:
    """R12: the last card of a Strohmann (here ♠7) goes to the hand; under ``LastCard.HIDDEN`` unseen."""
    state = play(_uncover_deal(CLASSIC, dealer), "pass pass")
    last = [ev for ev in state.events if ev.card is card("♠7")]
    assert last == [StrohmannTurn(1 - dealer, 1, card("♠7"), True, True, 0)]
    assert card("♠7") in state.hand(1 - dealer)
    assert [ev for ev in state.events if ev.hidden] == last


@pytest.mark.parametrize("dealer", [0, 1])
def test_R12_last_card_is_shown_under_the_shown_option(dealer: int) -> None:
    """R12 option ``shown``: the last card is turned and shown first, then taken up (``hidden=False``)."""
    state = play(_uncover_deal(SHOWN, dealer), "pass pass")
    assert list(state.events) == _expected_uncovering(dealer, hidden=False)
    assert not any(ev.hidden for ev in state.events)
    assert card("♠7") in state.hand(1 - dealer)


# ================================================================================================
# R13, R14 — playable cards and following


def test_R13_a_face_up_strohmann_top_can_be_led_and_its_next_card_turns_after_the_trick() -> None:
    """R13, R15: Elder leads the face-up ♣7 of his Strohmann; after the trick the last card XIX is taken up."""
    state = play(_uncover_deal(CLASSIC, 0), "pass pass")
    assert {card("♣7"), card("♦Q")} <= legal_cards(state)
    assert legal_cards(state) == set(state.available(1))
    led = state.apply(parse_action("♣7"))
    assert led.current_trick == (Play(card("♣7")),)
    assert card("♣7") not in led.strohmann_tops(1)
    assert led.strohmann(1, 0) == StrohmannPile(None, 1)
    assert led.current_player == 0
    follow = sorted(legal_cards(led))
    assert follow == sorted(c for c in led.available(0) if c.suit is card("♣7").suit)
    assert card("♣8") in follow  # a face-up Strohmann top follows suit too
    done = led.apply(Play(card("♣8")))
    trick = done.tricks[0]
    assert trick.cards == (card("♣7"), card("♣8"))
    assert trick.from_strohmann == (True, True)
    assert trick.winner == 0 and done.current_player == 0
    new = done.events[len(led.events) :]
    assert list(new) == [
        StrohmannTurn(1, 0, card("XIX"), True, True, 1),
        StrohmannTurn(0, 0, card("♣9"), False, False, 1),
    ]
    assert card("XIX") in done.hand(1)
    assert done.strohmann(1, 0) == StrohmannPile(None, 0)
    assert done.strohmann(0, 0) == StrohmannPile(card("♣9"), 2)


def test_R13_face_down_and_foreign_cards_cannot_be_played() -> None:
    """R13, R11: only hand cards and face-up tops. Face-down cards are refused exactly like the
    opponent's cards (``card_not_available``, same message shape): the refusal must not tell the
    player what lies face down in his own Strohmänner, which nobody knows."""
    state = play(_uncover_deal(CLASSIC, 0), "pass pass")
    refused(state, "♦J", Reason.CARD_NOT_AVAILABLE)  # under Elder's face-up ♦Q
    refused(state, "XIX", Reason.CARD_NOT_AVAILABLE)  # the last card of Elder's first Strohmann
    face_down = state.why_illegal(parse_action("♦J"))
    foreign = state.why_illegal(parse_action("XIV"))
    assert face_down is not None and foreign is not None
    assert str(face_down).replace("♦J", "X") == str(foreign).replace("XIV", "X")
    refused(state, "♣8", Reason.CARD_NOT_AVAILABLE)  # the dealer's face-up top
    refused(state, "XIV", Reason.CARD_NOT_AVAILABLE)  # in the dealer's hand
    refused(state, "♠9", Reason.CARD_NOT_AVAILABLE)  # face down on the dealer's Strohmann
    after = play(state, "♣7 ♣8")
    refused(after, "♣7", Reason.CARD_NOT_AVAILABLE, player=0)  # already played
    forty = play(scripted_deal(ZWANZIGERRUFEN_40, dealer=0), "pass pass")
    refused(forty, "II", Reason.CARD_NOT_IN_DECK)
    refused(forty, "♣7", Reason.CARD_NOT_IN_DECK)


def _follow_deal(dealer_hand: str) -> GameState:
    """Elder leads ♥K; the dealer has the given hand and ♥4 face up on his first Strohmann."""
    state = scripted_deal(
        BECK,
        dealer=0,
        hands=(dealer_hand, "♥K XX XXI"),
        strohmaenner=(("♥4 ♥3 ♥2", "♦4 ♦3", "♣J ♣Q"), ("", "", "")),
    )
    state = play(state, "pass pass ♥K")
    assert state.current_player == 0
    return state


NO_HEARTS = "I II III IIII V VI VII ♣7 ♣8 ♣9 ♣10 ♠7 ♠8 ♠9 ♠10"


def test_R14_following_from_a_strohmann_top_is_required() -> None:
    """R14: a player without the led suit in his hand must follow with his face-up Strohmann card."""
    state = _follow_deal(NO_HEARTS)
    assert legal_texts(state) == ["♥4"]
    done = play(state, "♥4")
    assert done.tricks[0].from_strohmann == (False, True)
    assert done.tricks[0].winner == 1


def test_R14_trumping_with_suit_face_up_on_own_strohmann_is_refused() -> None:
    """R14: trumping while a card of the led suit lies face up on one's own Strohmann is refused with
    ``MUST_FOLLOW_SUIT_FROM_STROHMANN``, whose message names the exposed card."""
    state = _follow_deal(NO_HEARTS)
    error = refused(state, "I", Reason.MUST_FOLLOW_SUIT_FROM_STROHMANN)
    assert "♥4" in str(error)
    refused(state, "VII", Reason.MUST_FOLLOW_SUIT_FROM_STROHMANN)
    refused(state, "♣7", Reason.MUST_FOLLOW_SUIT_FROM_STROHMANN)
    refused(state, "♦4", Reason.MUST_FOLLOW_SUIT_FROM_STROHMANN)  # another face-up top
    assert isinstance(state.why_illegal(parse_action("I")), IllegalActionError)
    assert not state.is_legal(parse_action("I"))
    assert state.is_legal(parse_action("♥4"))


def test_R14_free_choice_between_hand_and_strohmann_card_of_the_led_suit() -> None:
    """R14: with the led suit both in hand and face up, either may be played; trumping is ``MUST_FOLLOW_SUIT``."""
    state = _follow_deal("♥1 I II III IIII V VI VII ♣7 ♣8 ♣9 ♣10 ♠7 ♠8 ♠9")
    assert sorted(legal_texts(state)) == sorted(["♥1", "♥4"])
    refused(state, "I", Reason.MUST_FOLLOW_SUIT)
    refused(state, "♣7", Reason.MUST_FOLLOW_SUIT)
    assert play(state, "♥1").tricks[0].from_strohmann == (False, False)
    assert play(state, "♥4").tricks[0].from_strohmann == (False, True)


def test_R14_without_the_led_suit_a_tarock_must_be_played() -> None:
    """R14: a player who cannot follow must play a tarock (any tarock); a suit card is ``MUST_PLAY_TAROCK``."""
    state = scripted_deal(
        BECK,
        dealer=0,
        hands=(NO_HEARTS, "♥K XX XXI"),
        strohmaenner=(("♦4 ♦3", "♣J ♣Q", "♠J ♠Q"), ("", "", "")),
    )
    state = play(state, "pass pass ♥K")
    assert legal_cards(state) == set(cards("I II III IIII V VI VII"))
    refused(state, "♣7", Reason.MUST_PLAY_TAROCK)
    refused(state, "♦4", Reason.MUST_PLAY_TAROCK)
    done = play(state, "I")  # any tarock, no obligation to win; the lowest still beats a suit card
    assert done.tricks[0].winner == 0


def test_R14_a_tarock_lead_must_be_answered_with_a_tarock() -> None:
    """R14: a tarock lead is answered with a tarock if the player has one, even a face-up suit card
    of no use; suit cards are refused with ``MUST_PLAY_TAROCK``."""
    state = _follow_deal(NO_HEARTS)
    state = scripted_deal(
        BECK,
        dealer=0,
        hands=(NO_HEARTS, "♥K XX XXI"),
        strohmaenner=(("♥4 ♥3 ♥2", "♦4 ♦3", "♣J ♣Q"), ("", "", "")),
    )
    state = play(state, "pass pass XX")
    assert legal_cards(state) == set(cards("I II III IIII V VI VII"))
    refused(state, "♥4", Reason.MUST_PLAY_TAROCK)
    refused(state, "♣7", Reason.MUST_PLAY_TAROCK)


def test_R14_without_suit_and_tarock_any_card_may_be_played() -> None:
    """R14: with neither the led suit nor a tarock (hand or Strohmann), any card may be played."""
    state = scripted_deal(
        BECK,
        dealer=0,
        hands=(TAROCKLESS_15, "♣7"),
        strohmaenner=(("♠7 ♠8", "♠9 ♠10", "♠J ♠C"), ("", "", "")),
    )
    state = play(state, "pass pass ♣7")
    assert legal_cards(state) == set(state.available(0))
    assert len(state.available(0)) == 18
    done = play(state, "♥K")  # the discarded King loses to the ♣7 (R15)
    assert done.tricks[0].winner == 1


# ================================================================================================
# R15 — the trick


def _first_trick(lead: str, follow: str) -> GameState:
    """A BECK deal where Elder (seat 1) leads ``lead`` and the dealer (seat 0) may answer ``follow``."""
    led, answer = card(lead), card(follow)

    def kind(c: Card) -> object:
        return c.suit

    forbidden: set[object] = set()
    if kind(answer) != kind(led):
        forbidden.add(kind(led))
        if not answer.is_tarock:
            forbidden.add(None)
    pool = [c for c in DECK_54 if kind(c) not in forbidden and c not in (led, answer)]
    tops = [c for c in pool if not c.is_tarock and not c.is_king][:3]
    hand = [answer] + [c for c in pool if c not in tops][:14]
    state = scripted_deal(
        BECK,
        dealer=0,
        hands=(cards_to_text(hand), lead),
        strohmaenner=((str(tops[0]), str(tops[1]), str(tops[2])), ("", "", "")),
    )
    return play(state, f"pass pass {lead} {follow}")


@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        ("XX", "Sküs", "follower"),
        ("Sküs", "XXI", "leader"),
        ("I", "II", "follower"),
        ("XXI", "XX", "leader"),
        ("♣7", "I", "follower"),
        ("♥K", "II", "follower"),
        ("♣K", "♣Q", "leader"),
        ("♣9", "♣10", "follower"),
        ("♣J", "♣10", "leader"),
        ("♥2", "♥1", "follower"),
        ("♥1", "♥4", "leader"),
        ("♥4", "♥3", "follower"),
        ("♥1", "♥J", "follower"),
        ("♦Q", "♦K", "follower"),
        ("♣7", "♥K", "leader"),
        ("♠7", "♦K", "leader"),
        ("XXI", "♥K", "leader"),
        ("I", "♣K", "leader"),
    ],
)
def test_R15_trick_winner(lead: str, follow: str, winner: str) -> None:
    """R15: the highest tarock wins; without tarocks the highest card of the led suit; an off-suit
    discard never wins (R1's ranks: red 1 above 2, 3, 4; black 10 above 9, 8, 7). The winner leads."""
    state = _first_trick(lead, follow)
    trick = state.tricks[0]
    assert trick.leader == 1 and trick.cards == (card(lead), card(follow))
    seat = 1 if winner == "leader" else 0
    assert trick.winner == seat
    assert state.current_player == seat == state.leader
    assert {card(lead), card(follow)} <= set(state.won_cards(seat))
    assert state.won_cards(1 - seat) == ()
    assert state.card_points(seat) == CardPoints.of(cards(f"{lead} {follow}"))
    assert state.trick_number == 1
    assert trick.play_of(1) == Play(card(lead)) and trick.play_of(0) == Play(card(follow))


def test_R15_later_turns_chain_and_record_the_trick_number() -> None:
    """R15: after each trick, every Strohmann whose top was played turns its next card (R11, R12 again),
    recorded with ``after_trick``: a chain of a tarock and a King ending in a hidden last card, a suit
    card that stays face up, and the follower's Strohmann too."""
    state = scripted_deal(
        CLASSIC,
        dealer=0,
        hands=("♦4 ♦3 ♠7 ♠8 ♠9 I II III IIII V VI VII VIII IX X", "♣10"),
        strohmaenner=(("♣7 ♣J", "♣8 ♣Q", "♣9 ♥K"), ("♦Q XIII ♣K ♦C", "♠Q ♠J XII ♠10", "♥4")),
    )
    state = play(state, "pass pass")
    start = len(state.events)
    assert legal_cards(state.apply(parse_action("♦Q"))) == set(cards("♦4 ♦3"))
    state = play(state, "♦Q ♦4")
    assert state.tricks[-1].winner == 1
    assert list(state.events[start:]) == [
        StrohmannTurn(1, 0, card("XIII"), True, False, 1),
        StrohmannTurn(1, 0, card("♣K"), True, False, 1),
        StrohmannTurn(1, 0, card("♦C"), True, True, 1),
    ]
    assert state.strohmann(1, 0) == StrohmannPile(None, 0)
    state = play(state, "♠Q ♠7")
    assert state.events[-1] == StrohmannTurn(1, 1, card("♠J"), False, False, 2)
    assert state.strohmann(1, 1) == StrohmannPile(card("♠J"), 2)
    state = play(state, "♠J ♠8")
    assert list(state.events[-2:]) == [
        StrohmannTurn(1, 1, card("XII"), True, False, 3),
        StrohmannTurn(1, 1, card("♠10"), True, True, 3),
    ]
    # the dealer follows clubs from a Strohmann: his next card turns after trick 4
    state = play(state, "♣10")
    assert legal_cards(state) == set(cards("♣7 ♣8 ♣9"))
    start = len(state.events)
    state = play(state, "♣9")
    assert state.tricks[-1].winner == 1
    assert state.events[start] == StrohmannTurn(0, 2, card("♥K"), True, False, 4)
    assert card("♥K") in state.hand(0)


RUNOUT_HANDS = (
    "I II III IIII V VI VII ♦4 ♦3 ♦2 ♦1 ♦J ♦C ♦Q ♦K",
    "VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI Sküs",
)
RUNOUT_PILES = (
    ("♣J ♣C ♣Q ♣K", "♠J ♠C ♠Q ♠K", "♥J ♥C ♥Q ♥K"),
    ("♣7 ♣8 ♣9 ♣10", "♠7 ♠8 ♠9 ♠10", "♥4 ♥3 ♥2 ♥1"),
)


def test_R15_a_player_with_only_strohmann_cards_left_plays_from_his_strohmaenner() -> None:
    """R15: after fifteen tricks both hands are empty; play goes on from the Strohmänner (following
    from them, R14) to the 27th trick, and the card points total 70."""
    state = play(scripted_deal(CLASSIC, dealer=0, hands=RUNOUT_HANDS, strohmaenner=RUNOUT_PILES), "pass pass")
    assert state.events and not any(ev.to_hand for ev in state.events)
    elder_cards = RUNOUT_HANDS[1].split()[::-1]
    dealer_cards = RUNOUT_HANDS[0].split()
    for n, (lead, follow) in enumerate(zip(elder_cards, dealer_cards), start=1):
        state = play(state, f"{lead} {follow}")
        assert state.tricks[-1].winner == 1 and state.trick_number == n
    assert state.hand(0) == state.hand(1) == ()
    assert state.current_player == 1
    assert legal_texts(state) == ["♣7", "♠7", "♥4"]
    assert state.available(1) == cards("♣7 ♠7 ♥4")
    state = play(state, "♣7")
    assert legal_texts(state) == ["♣J"]  # the dealer must follow from his Strohmann
    refused(state, "♠J", Reason.MUST_FOLLOW_SUIT_FROM_STROHMANN)
    start = len(state.events)
    state = play(state, "♣J")
    assert state.tricks[-1].winner == 0
    assert state.tricks[-1].from_strohmann == (True, True)
    assert list(state.events[start:]) == [
        StrohmannTurn(1, 0, card("♣8"), False, False, 16),
        StrohmannTurn(0, 0, card("♣C"), False, False, 16),
    ]
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal
        state = state.apply(legal[0])
    assert state.phase is Phase.FINISHED
    assert len(state.tricks) == 27 == state.trick_number
    assert state.card_points(0) + state.card_points(1) == CardPoints(210)
    assert state.legal_actions() == ()
    refused(state, "♥K", Reason.GAME_OVER)


@pytest.mark.parametrize(("rules", "tricks", "thirds"), [(CLASSIC, 27, 210), (ZWANZIGERRUFEN_40, 20, 264)])
def test_R15_27_tricks_with_54_cards_and_20_with_40(rules: RuleSet, tricks: int, thirds: int) -> None:
    """R15: 27 tricks with 54 cards, 20 with 40; all card points (70, 88) are won."""
    state = play(scripted_deal(rules, dealer=1), "pass pass")
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[-1])
    assert len(state.tricks) == tricks
    assert state.card_points(0) + state.card_points(1) == CardPoints(thirds)
    assert sorted(state.won_cards(0) + state.won_cards(1)) == list(rules.deck.cards)


# ================================================================================================
# R16 — every illegal action is refused


def test_R16_every_illegal_action_is_refused_with_a_reason() -> None:
    """R16: the library refuses every action not in ``legal_actions()`` with ``IllegalActionError`` and a
    machine-readable reason (renonce penalties are out of scope); the state stays unchanged."""
    states = [
        _uncover_deal(CLASSIC, 0),
        play(_uncover_deal(CLASSIC, 0), "pass pass"),
        play(_uncover_deal(CLASSIC, 0), "pass pass ♣7"),
        _follow_deal(NO_HEARTS),
        play(plain_deal(DOUBLING), "take"),
        scripted_deal(CLASSIC, dealer=0, hands=("", TAROCKLESS_15)),
    ]
    for state in states:
        legal = set(state.legal_actions())
        before = snapshot(state)
        for action in ALL_ACTIONS:
            if action in legal:
                assert state.apply(action) is not state
                continue
            with pytest.raises(IllegalActionError) as info:
                state.apply(action)
            assert isinstance(info.value.reason, Reason)
            assert info.value.message
            assert not state.is_legal(action)
        assert snapshot(state) == before


# ================================================================================================
# R17 — announcing Trull and Four Kings in the hand


def _trull_deal(rules: RuleSet = CLASSIC) -> GameState:
    """Elder holds Sküs, XXI, I and three Kings; the fourth King (♦K) lies under his face-up ♦4."""
    state = scripted_deal(
        rules,
        dealer=0,
        hands=(
            "II III IIII V VI ♦3 ♦2 ♦1 ♣9 ♣10 ♣J ♣C ♣Q ♠10 ♠J",
            "I XXI Sküs ♣K ♠K ♥K XX XIX XVIII ♥4 ♥3 ♥2 ♠7 ♠8 ♠9",
        ),
        strohmaenner=(("♠C", "♠Q", "♥1"), ("♦4 ♦K ♦Q ♦J", "♣7", "♣8")),
    )
    return play(state, "pass pass")


def test_R17_trull_may_be_announced_with_any_card_while_held() -> None:
    """R17: holding Sküs, XXI and I in the hand, Elder may announce Trull with any legal play, including
    a Trull card itself and a Strohmann card; Four Kings (three held) is not offered."""
    state = _trull_deal()
    plain = [str(c) for c in state.available(1)]
    assert legal_texts(state) == plain + [f"{text}+trull" for text in plain]
    assert "XXI+trull" in legal_texts(state) and "♦4+trull" in legal_texts(state)
    refused(state, "XX+kings", Reason.ANNOUNCEMENT_NOT_ALLOWED)
    announced = play(state, "XX+trull")
    assert announced.announcements(1) == frozenset({Announcement.TRULL})
    assert announced.announcements(0) == frozenset()
    assert announced.current_trick[0].announcements == frozenset({Announcement.TRULL})


def test_R17_trull_is_announced_once_per_deal() -> None:
    """R17: each announcement once per deal: after Trull is announced it is no longer offered."""
    state = play(_trull_deal(), "XX+trull VI")
    assert state.current_player == 1
    assert not any("+trull" in t for t in legal_texts(state))
    refused(state, "XIX+trull", Reason.ANNOUNCEMENT_NOT_ALLOWED)
    assert play(state, "XIX").announcements(1) == frozenset({Announcement.TRULL})


def test_R17_trull_can_no_longer_be_announced_after_one_of_its_cards_was_played_unannounced() -> None:
    """R17: once a Trull card is played unannounced, Trull can no longer be announced."""
    state = play(_trull_deal(), "I II")
    assert state.tricks[0].winner == 0  # the opponent's II beats the Pagat
    state = play(state, "III")
    assert not any("+" in t for t in legal_texts(state))
    refused(state, "XXI+trull", Reason.ANNOUNCEMENT_NOT_ALLOWED)


def test_R17_not_offered_to_a_player_who_does_not_hold_all_cards() -> None:
    """R17: the opponent, holding none of the Trull, is never offered the announcement."""
    state = play(_trull_deal(), "XX")
    assert not any("+" in t for t in legal_texts(state))
    refused(state, "II+trull", Reason.ANNOUNCEMENT_NOT_ALLOWED)


def test_R17_a_king_taken_up_later_completes_four_kings() -> None:
    """R17: cards taken up from the Strohmänner count: the ♦K turned up after the trick completes Four
    Kings, and from then on ``+kings`` is offered with every legal play, also when following."""
    state = _trull_deal()
    assert not any("+kings" in t for t in legal_texts(state))
    state = play(state, "♦4 ♦1")  # the dealer's ♦1 wins; Elder's ♦K is turned and taken up
    assert card("♦K") in state.hand(1)
    assert state.tricks[0].winner == 0
    state = play(state, "♣9")
    assert sorted(legal_cards(state)) == sorted(cards("♣K ♣7 ♣8"))
    assert sorted(legal_texts(state)) == sorted(
        [f"{c}{suffix}" for c in ("♣K", "♣7", "♣8") for suffix in ("", "+trull", "+kings", "+trull+kings")]
    )
    both = play(state, "♣7+trull+kings")
    assert both.announcements(1) == frozenset({Announcement.TRULL, Announcement.FOUR_KINGS})
    assert both.tricks[-1].plays[1].announcements == frozenset({Announcement.TRULL, Announcement.FOUR_KINGS})


def test_R17_four_kings_lost_once_a_king_is_played_unannounced() -> None:
    """R17: playing one of the Kings unannounced ends the chance to announce Four Kings."""
    state = play(_trull_deal(), "♦4 ♦1 ♣9 ♣K")
    assert state.current_player == 1
    assert not any("+kings" in t for t in legal_texts(state))
    assert any("+trull" in t for t in legal_texts(state))
    refused(state, "XX+kings", Reason.ANNOUNCEMENT_NOT_ALLOWED)


def test_R17_a_king_taken_up_in_the_uncovering_completes_four_kings() -> None:
    """R17: a King uncovered from a Strohmann before play completes Four Kings for the first lead."""
    state = scripted_deal(
        CLASSIC,
        dealer=0,
        hands=("", "♣K ♠K ♥K II III IIII"),
        strohmaenner=(("", "", ""), ("♦K ♦4", "♣7", "♣8")),
    )
    before = state
    assert not any("+kings" in t for t in legal_texts(before))
    state = play(state, "take")
    assert state.events[0] == StrohmannTurn(1, 0, card("♦K"), True, False, 0)
    texts = legal_texts(state)
    plain = [str(c) for c in state.available(1)]
    assert texts == plain + [f"{t}+kings" for t in plain]


def test_R17_no_announcements_in_extended() -> None:
    """R17: extended has no announced Trull or Four Kings: no variants, and ``+trull`` is refused."""
    state = _trull_deal(EXTENDED)
    assert not any("+" in t for t in legal_texts(state))
    refused(state, "XX+trull", Reason.ANNOUNCEMENT_NOT_ALLOWED)
    refused(state, "XX+kings", Reason.ANNOUNCEMENT_NOT_ALLOWED)


# ================================================================================================
# R18 — Rostopschin


def _ross_deal(rules: RuleSet = EXTENDED) -> GameState:
    """Elder: XVII XVIII XIX and low suits; the dealer: I … V, XX, XXI and all diamonds."""
    state = scripted_deal(
        rules,
        dealer=0,
        hands=(
            "I II III IIII V XX XXI ♦4 ♦3 ♦2 ♦1 ♦J ♦C ♦Q ♦K",
            "XVII XVIII XIX ♣7 ♣8 ♣9 ♣10 ♠7 ♠8 ♠9 ♠10 ♥4 ♥3 ♥2 ♥1",
        ),
        strohmaenner=(("♣C ♣Q", "♠C ♠Q", "♥C ♥Q"), ("♣J ♣K", "♠J ♠K", "♥J ♥K")),
    )
    return play(state, "pass pass")


def test_R18_ross_is_offered_with_every_legal_play_of_XVII() -> None:
    """R18: ``XVII!ross`` is offered whenever XVII may be played, leading or following."""
    state = _ross_deal()
    assert "XVII!ross" in legal_texts(state)
    assert [t for t in legal_texts(state) if "!" in t] == ["XVII!ross"]
    following = play(state, "♣7 ♣C ♣Q")  # the dealer wins and leads ♣Q from his Strohmann; Elder follows
    assert following.current_player == 1
    assert "XVII" not in legal_texts(following)  # Elder must follow clubs
    assert "XVII!ross" not in legal_texts(following)
    refused(following, "XVII!ross", Reason.MUST_FOLLOW_SUIT)
    tarock_led = play(state, "♣7 ♣C I")
    assert {"XVII", "XVII!ross", "XVIII", "XIX"} == set(legal_texts(tarock_led))
    assert play(tarock_led, "XVII!ross").tricks[-1].plays[1].call is Call.ROSS


def test_R18_topschin_is_offered_only_leading_XVIII_right_after_the_called_XVII_won() -> None:
    """R18: after the called XVII wins, ``XVIII!topschin`` is offered with the lead of XVIII in the very
    next trick, and with nothing else."""
    state = play(_ross_deal(), "XVII!ross I")
    assert state.tricks[0].winner == 1
    assert state.current_player == 1
    texts = legal_texts(state)
    assert [t for t in texts if "!" in t] == ["XVIII!topschin"]
    refused(state, "XIX!topschin", Reason.CALL_NOT_ALLOWED)
    refused(state, "XVIII!ross", Reason.CALL_NOT_ALLOWED)
    done = play(state, "XVIII!topschin II")
    assert done.tricks[1].plays[0] == Play(card("XVIII"), call=Call.TOPSCHIN)
    assert done.tricks[1].winner == 1


def test_R18_topschin_only_in_the_very_next_trick() -> None:
    """R18: if XVIII is not led in the trick right after, Topschin is no longer offered."""
    state = play(_ross_deal(), "XVII!ross I XIX II")
    assert state.current_player == 1
    assert "XVIII" in legal_texts(state)
    assert "XVIII!topschin" not in legal_texts(state)
    refused(state, "XVIII!topschin", Reason.CALL_NOT_ALLOWED)


def test_R18_no_topschin_when_the_called_XVII_lost() -> None:
    """R18: the XVII called Ross loses to XX; Elder then follows with XVIII: no Topschin."""
    state = play(_ross_deal(), "XVII!ross XX")
    assert state.tricks[0].winner == 0
    state = play(state, "I")
    assert "XVIII" in legal_texts(state)
    assert not any("!topschin" in t for t in legal_texts(state))
    refused(state, "XVIII!topschin", Reason.CALL_NOT_ALLOWED)


def test_R18_no_topschin_after_an_uncalled_XVII() -> None:
    """R18: XVII played without the call: the following XVIII lead carries no Topschin."""
    state = play(_ross_deal(), "XVII I")
    assert state.tricks[0].winner == 1
    assert "XVIII" in legal_texts(state)
    assert not any("!" in t for t in legal_texts(state))
    refused(state, "XVIII!topschin", Reason.CALL_NOT_ALLOWED)


def test_R18_calls_on_other_cards_are_refused() -> None:
    """R18: Ross goes only with XVII, Topschin only with XVIII."""
    state = _ross_deal()
    refused(state, "XIX!ross", Reason.CALL_NOT_ALLOWED)
    refused(state, "♣7!ross", Reason.CALL_NOT_ALLOWED)
    refused(state, "XVIII!topschin", Reason.CALL_NOT_ALLOWED)
    refused(state, "XVII!topschin", Reason.CALL_NOT_ALLOWED)


@pytest.mark.parametrize("rules", [CLASSIC, BECK, MAYR_SEDLACZEK, STRAMANDL], ids=lambda r: r.name)
def test_R18_no_calls_without_rostopschin(rules: RuleSet) -> None:
    """R18: presets without Rostopschin (classic among them) offer no calls and refuse them."""
    state = _ross_deal(rules)
    assert "XVII" in legal_texts(state)
    assert not any("!" in t for t in legal_texts(state))
    refused(state, "XVII!ross", Reason.CALL_NOT_ALLOWED)


def test_R18_furr_has_rostopschin() -> None:
    """R18: Furr's preset has Rostopschin too (the undertaker leads, R5)."""
    state = _ross_deal(FURR)
    assert "XVII!ross" in legal_texts(state)
