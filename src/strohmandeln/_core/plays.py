"""The legal plays of the seat to act: one pipeline of card masks (R13, R14, R17, R18).

The stages narrow what a seat may play:

1. **deck** — the card is one of the rule set's deck;
2. **available** (R13) — it lies in his hand or face up on one of his Strohmänner;
3. **duty** (R14, declared in :mod:`._core.duty`) — after a lead: a card of the led class if he
   has one (the tarocks, or the led suit, from the hand or a face-up top alike), else a tarock if
   a suit was led and he has one, else any available card;
4. **announcements** (R17) — the Trull or the four Kings, held whole in the hand, not announced
   before, where the rule set has them (:func:`announcement_options`);
5. **call** (R18) — Ross with XVII; Topschin with a led XVIII right after the seat's called XVII
   won (:func:`topschin_allowed`).

:func:`lead_plays` and :func:`answer_plays` make the legal actions (stage 3 in the latter, 4
and 5 in :func:`vary`); a state keeps the cards they leave. The same results check a play that is not one of the legal
actions (:func:`variant_info`) and explain a refusal (:func:`play_refusal`, which names the first
stage that removed the card).
"""

from __future__ import annotations

from typing import Final

from .._base.masks import KINGS, TRULL, XVII, XVIII
from ..actions import INTERNED, Action, Announcement, Call, Play
from ..cards import DECK_54
from ..errors import IllegalActionError, Reason
from .deal import Deal
from .duty import binding, reason
from .formats import ANN_KINGS, ANN_TRULL, C_ROSS, CALL_ROSS, CALL_TOPSCHIN, I_ANN, I_CALL, announced, ross_calls
from .masks import cards_of
from .tables import DUTY, LEAD0, LEAD1, LEAD2, LEAD3, TAROCK_PLAYS_HI, TAROCK_PLAYS_LO

def LEAD_PLAYS(m: int) -> tuple[Play, ...]:  # noqa: N802 - a table by another name
    """The plain plays of every card of ``m``, in canonical order."""
    lo = m & 0xFFFFFFF
    hi = m >> 28
    return LEAD0[lo & 16383] + LEAD1[lo >> 14] + LEAD2[hi & 8191] + LEAD3[hi >> 13]


# --- stages 2 and 3: the cards (R13, R14), and the legal actions --------------------------------


def lead_plays(d: Deal, p: int, hand: int, avail: int, ntr: int, calls: int) -> tuple[int, tuple[Action, ...]]:
    """R13: the cards seat ``p`` may lead — any in his hand or face up on his Strohmänner
    (``avail``) — and his legal actions: the plain play of each in canonical order, then the
    variants (R17, R18, :func:`vary`)."""
    lo = avail & 0xFFFFFFF
    hi = avail >> 28
    plain = LEAD0[lo & 16383] + LEAD1[lo >> 14] + LEAD2[hi & 8191] + LEAD3[hi >> 13]
    # (variants only where a call's card is legal or a whole set for an announcement is held)
    if d.may_vary[p] and (avail & d.call_cards or (d.ann_cards and (hand & TRULL == TRULL or hand & KINGS == KINGS))):
        return avail, vary(d, plain, avail, hand, p, calls, -1, ntr)
    return avail, plain


def answer_plays(d: Deal, p: int, hand: int, avail: int, lead: int, ntr: int, calls: int) -> tuple[int, tuple[Action, ...]]:
    """R14: the cards seat ``p`` may play on the lead ``lead`` — the led class if he has it (from
    the hand or a face-up top alike), else a tarock if a suit was led and he has one, else any —
    and his legal actions, as :func:`lead_plays` gives them."""
    follow, table, shift, trump = DUTY[lead & 63]  # (R14's tiers: :mod:`._core.duty`)
    m = avail & follow
    if m:  # the led class
        plain = table[m >> shift] if shift else TAROCK_PLAYS_LO[m & 2047] + TAROCK_PLAYS_HI[m >> 11]
    elif avail & trump:  # a tarock on a suit he lacks
        m = avail & trump
        plain = TAROCK_PLAYS_LO[m & 2047] + TAROCK_PLAYS_HI[m >> 11]
    else:
        m = avail
        plain = LEAD_PLAYS(m)
    if d.may_vary[p] and (m & d.call_cards or (d.ann_cards and (hand & TRULL == TRULL or hand & KINGS == KINGS))):
        return m, vary(d, plain, m, hand, p, calls, lead, ntr)
    return m, plain


def legal_plays(d: Deal, p: int, hand: int, tops: int, lead: int, ntr: int, calls: int) -> tuple[int, tuple[Action, ...]]:
    """The cards seat ``p`` may play and his legal actions (:func:`lead_plays` when he leads,
    ``lead`` -1, else :func:`answer_plays`)."""
    if lead < 0:
        return lead_plays(d, p, hand, hand | tops, ntr, calls)
    return answer_plays(d, p, hand, hand | tops, lead, ntr, calls)


# --- stages 4 and 5: announcements and calls (R17, R18) ----------------------------------------


def announcement_options(d: Deal, hand: int, calls: int, p: int) -> int:
    """R17: the announcements seat ``p`` (hand ``hand``) may make with his next play: bit 0 the
    Trull, bit 1 the four Kings, each held whole in the hand, not yet announced, and in the
    rule set."""
    if not d.ann_cards:
        return 0
    done = announced(calls, p)
    opts = 0
    data = d.data
    if data.trull_announced and not done & ANN_TRULL and hand & TRULL == TRULL:
        opts |= ANN_TRULL
    if data.four_kings_announced and not done & ANN_KINGS and hand & KINGS == KINGS:
        opts |= ANN_KINGS
    return opts


def topschin_allowed(lead: int, ntr: int, calls: int, p: int) -> bool:
    """R18: whether seat ``p`` may lead XVIII with Topschin now: he leads, and his called XVII won
    the trick just completed."""
    ross = calls >> C_ROSS
    return lead < 0 and ross > 0 and (ross - 1) >> 1 == ntr - 1 and (ross - 1) & 1 == p


_ROSS_PLAYS: Final[tuple[Play, ...]] = (INTERNED[XVII][0][CALL_ROSS],)  # type: ignore[assignment]
_TOPSCHIN_PLAYS: Final[tuple[Play, ...]] = (INTERNED[XVIII][0][CALL_TOPSCHIN],)  # type: ignore[assignment]


def vary(d: Deal, plain: tuple[Play, ...], m: int, hand: int, p: int, calls: int, lead: int, ntr: int) -> tuple[Action, ...]:
    """The plain plays ``plain`` (of the legal cards ``m``) followed by the variants seat ``p``
    may play (R17, R18): each plain play with each set of announcements he may make, then each
    call alone and with each such set."""
    # R18: with Rostopschin (call_cards), Ross with XVII, Topschin with XVIII where allowed
    calls_now: tuple[Play, ...] = ()
    if m & d.call_cards:
        if m >> XVII & 1:
            calls_now = _ROSS_PLAYS
        if m >> XVIII & 1 and topschin_allowed(lead, ntr, calls, p):
            calls_now += _TOPSCHIN_PLAYS
    # (an announcement needs a whole set in the hand: most hands hold none)
    whole = d.ann_cards and (hand & TRULL == TRULL or hand & KINGS == KINGS)
    opts = announcement_options(d, hand, calls, p) if whole else 0
    if not opts:
        return plain + calls_now if calls_now else plain
    subsets = [b for b in (1, 2, 3) if b & opts == b]
    extra: list[Play] = []
    for bits in subsets:
        for play in plain:
            extra.append(INTERNED[play.card.index][bits][0])  # type: ignore[arg-type]
    for call in calls_now:
        code = CALL_ROSS if call.call is Call.ROSS else CALL_TOPSCHIN
        for with_ann in [0, *subsets]:
            extra.append(INTERNED[call.card.index][with_ann][code])  # type: ignore[arg-type]
    return plain + tuple(extra)


# --- checking a play that is not one of the interned plain ones --------------------------------

_ANN_BITS: Final = {Announcement.TRULL: ANN_TRULL, Announcement.FOUR_KINGS: ANN_KINGS}


def variant_codes(play: Play) -> tuple[int, int]:
    """A play's announcement bits and call code (plays hold only well-formed parts)."""
    bits = 0
    for a in play.announcements:
        bits |= _ANN_BITS[a]
    call = play.call
    return bits, 0 if call is None else CALL_ROSS if call is Call.ROSS else CALL_TOPSCHIN


def variant_info(d: Deal, p: int, hand: int, lead: int, ntr: int, calls: int, play: Play) -> tuple[int, int]:
    """The info bits of a play of a legal card with its announcements and call, and the calls
    field after it; raises the refusal if a stage forbids them (R17, R18)."""
    bits, code = variant_codes(play)
    if bits:
        if bits & announcement_options(d, hand, calls, p) != bits:
            raise _variant_refusal(d, p, hand, lead, ntr, calls, play)
        calls |= bits << (2 * p)
    if code:
        i = play.card.index
        if not d.rostopschin or (i != XVII if code == CALL_ROSS else i != XVIII or not topschin_allowed(lead, ntr, calls, p)):
            raise _variant_refusal(d, p, hand, lead, ntr, calls, play)
        if code == CALL_ROSS:
            calls = (calls & ((1 << C_ROSS) - 1)) | ross_calls(ntr, p)
    return bits << I_ANN | code << I_CALL, calls


# --- explaining a refusal: the first stage that removed the card -------------------------------


def play_refusal(d: Deal, p: int, hand: int, tops: int, lead: int, ntr: int, calls: int, play: Play, allowed: int) -> IllegalActionError:
    """Why seat ``p`` may not make ``play`` (a well-formed play), where ``allowed`` are the cards
    he may play: the first stage of the pipeline that removes it."""
    card = play.card
    i = card.index
    avail = hand | tops
    if not d.deck_mask >> i & 1:
        return IllegalActionError(Reason.CARD_NOT_IN_DECK, f"{card} is not in the {d.data.card_count}-card deck")
    if not avail >> i & 1:
        # One refusal for every card he cannot play, face-down Strohmann cards included:
        # nobody, not even their owner, may learn what lies face down (R11).
        return IllegalActionError(Reason.CARD_NOT_AVAILABLE, f"seat {p} does not hold {card} (hand or face-up Strohmann top)")
    if not allowed >> i & 1:  # R14 bound him (:mod:`._core.duty`): its binding tier says how
        led = lead & 63
        shown = DECK_54[led]
        tier = binding(led, avail)
        why = reason(led, tier)
        if tier:
            return IllegalActionError(why, f"{shown} was led and you cannot follow: play a tarock, not {card}")
        if why is Reason.MUST_PLAY_TAROCK:
            return IllegalActionError(why, f"{shown} was led: answer with a tarock, not {card}")
        if hand & allowed:
            return IllegalActionError(why, f"{shown} was led: follow suit, not {card}")
        on_top = ", ".join(str(c) for c in cards_of(tops & allowed))
        return IllegalActionError(
            Reason.MUST_FOLLOW_SUIT_FROM_STROHMANN,
            f"{shown} was led and {on_top} lies face up on your Strohmann: follow suit with it, not {card} (R14)",
        )
    return _variant_refusal(d, p, hand, lead, ntr, calls, play)


def _variant_refusal(d: Deal, p: int, hand: int, lead: int, ntr: int, calls: int, play: Play) -> IllegalActionError:
    """Why the announcements (R17) or the call (R18) of a play of a legal card are refused."""
    card = play.card
    bits, code = variant_codes(play)
    missing = bits & ~announcement_options(d, hand, calls, p)
    if missing:
        ann = Announcement.TRULL if missing & ANN_TRULL else Announcement.FOUR_KINGS
        enabled = d.data.trull_announced if ann is Announcement.TRULL else d.data.four_kings_announced
        if not enabled:
            why = f"the {d.rules.name} rules have no announced {ann.value}"
        elif announced(calls, p) & _ANN_BITS[ann]:
            why = "already announced"
        else:
            why = "you do not hold all its cards in your hand (R17)"
        return IllegalActionError(Reason.ANNOUNCEMENT_NOT_ALLOWED, f"cannot announce {ann.value} with {card}: {why}")
    if code:
        assert play.call is not None
        if not d.rostopschin:
            why = f"the {d.rules.name} rules have no Rostopschin"
        elif code == CALL_ROSS:
            why = "Ross goes only with XVII (R18)"
        elif card.index != XVIII:
            why = "Topschin goes only with XVIII (R18)"
        elif lead >= 0:
            why = "Topschin goes only with a led XVIII (R18)"
        else:
            why = "Topschin needs your called XVII to have won the previous trick (R18)"
        return IllegalActionError(Reason.CALL_NOT_ALLOWED, f"cannot call {play.call.value} with {card}: {why}")
    return IllegalActionError(Reason.NOT_AN_ACTION, f"{play} is not legal here")
