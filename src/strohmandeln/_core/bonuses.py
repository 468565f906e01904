"""The bonuses a finished deal scored, read off its packed tricks and calls (R17-R21, R23).

Each bonus of :class:`~strohmandeln.Bonus` has one check here: it looks at the calls field, the
cards each seat won and the packed tricks (a cons list, the last trick outermost), and says which
seats it scores for, with a description; almost always it scores for nobody, and says so at once.
:class:`~strohmandeln._core.ruledata.RuleData` lists the checks of a rule set's table.

The checks look at as few tricks as they can, from the last one back, and lean on what every
record the kernel builds holds (by play, from a position, a document or a sample): one packed
trick per completed trick, no card in two tricks, and a trick's cards among its winner's won
cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from .._base.masks import KINGS, MOND, SKUS, TRULL, XVIII
from ..cards import DECK_54
from ..rules import Bonus
from .formats import C_ROSS, CALL_ROSS, CALL_TOPSCHIN, CARD, I_CALL, T_FOLLOWED, T_FOLLOWED_INFO, T_LED, T_LED_INFO, T_WINNER

#: The ruling of each bonus (for the score lines).
RULE_OF: Final = {
    Bonus.TRULL_ANNOUNCED: "R17",
    Bonus.FOUR_KINGS_ANNOUNCED: "R17",
    Bonus.TRULL_IN_TRICKS: "R20",
    Bonus.FOUR_KINGS_IN_TRICKS: "R20",
    Bonus.PAGAT: "R19",
    Bonus.UHU: "R19",
    Bonus.KAKADU: "R19",
    Bonus.QUAPIL: "R19",
    Bonus.ROSTOPSCHIN: "R18",
    Bonus.VALAT: "R21",
    Bonus.MONDFANG: "R23",
}

#: A bonus check: (calls, cards won by seat 0, by seat 1, the packed tricks, the number of
#: tricks) -> the seats it scores for, each with a description; () when it scores for nobody.
Check = Callable[[int, int, int, Any, int], Sequence[tuple[int, str]]]


#: bird -> (card index, position of its trick counted from the end)
_BIRD: Final = {b: (b.required_cards[0].index, b.bird_trick_from_end) for b in Bonus if b.bird_trick_from_end}


def _announced(k: int, name: str) -> Check:
    both = 1 << k | 1 << (2 + k)  # the announcement's bit of seat 0 and of seat 1

    def check(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
        if not calls & both:
            return ()
        return [(player, name) for player in (0, 1) if calls >> (2 * player + k) & 1]

    return check


def _in_tricks(mask: int, name: str) -> Check:
    def check(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
        if w0 & mask != mask and w1 & mask != mask:
            return ()
        return [(player, name) for player, won in ((0, w0), (1, w1)) if won & mask == mask]

    return check


def _bird(bonus: Bonus) -> Check:
    bird, from_end = _BIRD[bonus]
    name = bonus.value.capitalize()
    card = str(DECK_54[bird])
    skip = range(from_end - 1)

    def check(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
        node = tricks  # the cons list starts at the last trick: step back to the bird's
        for _ in skip:
            if node is None:
                return ()
            node = node[0]
        if node is None:
            return ()
        t = node[1]
        lead = t >> T_LED & CARD
        if lead != bird and t >> T_FOLLOWED & CARD != bird:
            return ()
        number = ntr - from_end  # 0-based index of the bird's trick
        owner = t & 1 if lead == bird else 1 - (t & 1)
        if t >> T_WINNER & 1 == owner:
            return ((owner, f"{name}: {card} won trick {number + 1}"),)
        return ((1 - owner, f"{name} captured: {card} beaten in trick {number + 1}"),)

    return check


def _check_rostopschin(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
    ross = calls >> C_ROSS
    if not ross:
        return ()
    k = (ross - 1) >> 1  # the 0-based trick of the Ross call
    later = ntr - 1 - k  # the tricks completed after it
    if later < 0:
        return ()
    node = tricks  # the last trick's node: step back to the trick after the Ross trick, if any
    for _ in range(later - 1):
        node = node[0]
    after = None
    if later:
        after = node[1]
        node = node[0]
    return _rostopschin(node[1], after, k)


def _check_valat(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
    if w0 and w1:
        return ()
    return [(player, "Valat: every trick") for player, won, lost in ((0, w0, w1), (1, w1, w0)) if won and not lost]


def _check_mondfang(calls: int, w0: int, w1: int, tricks: Any, ntr: int) -> Sequence[tuple[int, str]]:
    # A trick's cards go to its winner: unless one seat won both the Sküs and the XXI, no trick
    # held both (about half the deals end here). Else find the Sküs's (only) trick.
    if w0 & _SKUS_AND_MOND != _SKUS_AND_MOND and w1 & _SKUS_AND_MOND != _SKUS_AND_MOND:
        return ()
    node = tricks  # stepping back from the last trick
    number = ntr
    while node is not None:
        node, packed = node
        lead = packed >> T_LED & CARD
        follow = packed >> T_FOLLOWED & CARD
        if lead == _SKUS or follow == _SKUS:
            if lead == _MOND or follow == _MOND:
                return ((packed >> T_WINNER & 1, f"Mondfang: Sküs took the XXI in trick {number}"),)
            return ()
        number -= 1
    return ()


_SKUS: Final = SKUS
_MOND: Final = MOND
_SKUS_AND_MOND: Final = 1 << _SKUS | 1 << _MOND
#: The check of each bonus.
CHECKS: Final[dict[Bonus, Check]] = {
    Bonus.TRULL_ANNOUNCED: _announced(0, "Trull in the hand, announced"),
    Bonus.FOUR_KINGS_ANNOUNCED: _announced(1, "Four Kings in the hand, announced"),
    Bonus.TRULL_IN_TRICKS: _in_tricks(TRULL, "Trull in the tricks"),
    Bonus.FOUR_KINGS_IN_TRICKS: _in_tricks(KINGS, "Four Kings in the tricks"),
    Bonus.PAGAT: _bird(Bonus.PAGAT),
    Bonus.UHU: _bird(Bonus.UHU),
    Bonus.KAKADU: _bird(Bonus.KAKADU),
    Bonus.QUAPIL: _bird(Bonus.QUAPIL),
    Bonus.ROSTOPSCHIN: _check_rostopschin,
    Bonus.VALAT: _check_valat,
    Bonus.MONDFANG: _check_mondfang,
}


#: The cards whose tricks each check reads: it reads no other trick — a bird only its own trick
#: (:attr:`~strohmandeln.Bonus.bird_trick_from_end`), and only if the bird is in it;
#: Rostopschin only the trick of the Ross call (the called XVII's) and the next (the XVIII's);
#: Mondfang the Sküs's — and the checks of the other bonuses read the calls and the won cards
#: only. The exact search merges lines of play that differ only in tricks no check reads
#: (:mod:`._core.solve`).
TRICK_CARDS: Final[dict[Bonus, int]] = {
    bonus: sum(1 << card.index for card in bonus.required_cards)
    if bonus.bird_trick_from_end or bonus in (Bonus.ROSTOPSCHIN, Bonus.MONDFANG)
    else 0
    for bonus in Bonus
}


#: The won cards each check reads, as a mask: whose tricks hold them (the Trull, the four Kings,
#: the Sküs and the XXI). Besides them a check reads only whether each seat won a trick at all
#: (Valat), and the base line only each seat's card points.
WON_CARDS: Final[dict[Bonus, int]] = {
    bonus: {Bonus.TRULL_IN_TRICKS: TRULL, Bonus.FOUR_KINGS_IN_TRICKS: KINGS, Bonus.MONDFANG: _SKUS_AND_MOND}.get(bonus, 0)
    for bonus in Bonus
}


def _rostopschin(packed: int, after: int | None, k: int) -> Sequence[tuple[int, str]]:
    """Score the Ross called in trick ``k`` (0-based), ``packed``; ``after`` is the next trick,
    ``None`` if there is none (R18).

    """
    leader = packed & 1
    if packed >> (T_LED_INFO + I_CALL) & 3 == CALL_ROSS:
        caller = leader
    elif packed >> (T_FOLLOWED_INFO + I_CALL) & 3 == CALL_ROSS:
        caller = 1 - leader
    else:
        return ()
    number = k + 1
    if packed >> T_WINNER & 1 != caller:
        return ((1 - caller, f"Rostopschin lost: the called XVII lost trick {number}"),)
    if after is None:
        return ((1 - caller, "Rostopschin lost: no trick after the called XVII"),)
    if after & 1 != caller or after >> T_LED & CARD != XVIII or after >> (T_LED_INFO + I_CALL) & 3 != CALL_TOPSCHIN:
        return ((1 - caller, f"Rostopschin lost: XVIII not led with Topschin in trick {number + 1}"),)
    if after >> T_WINNER & 1 != caller:
        return ((1 - caller, f"Rostopschin lost: the called XVIII lost trick {number + 1}"),)
    return ((caller, f"Rostopschin: XVII and XVIII won tricks {number} and {number + 1}"),)
