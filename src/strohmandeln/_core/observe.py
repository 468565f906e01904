"""The observation vector of a view: a fixed layout of small whole numbers, read off the
kernel's projection of a state (:mod:`._core.seen`) for :mod:`strohmandeln.encoding`.

Every field is what the viewer knows (R11, R12): a spectator's hand is empty, an opponent's
hand shows only the cards taken up in the open.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Final

from .._base.masks import bits
from ..rules import BothPass, Deck, LastCard, RuleSet
from ..table import Phase
from .formats import C_ROSS, CARD, L_STROHMANN, announced
from .record import walk
from .seen import Seen, events, piles

#: The fields of the observation vector, in order: (name, length, meaning).
LAYOUT: Final[tuple[tuple[str, int, str], ...]] = (
    ("hand", 54, "the viewer's hand, one entry per card in canonical order (empty for a spectator)"),
    ("tops_0", 54, "the face-up Strohmann tops of seat 0"),
    ("tops_1", 54, "the face-up Strohmann tops of seat 1"),
    ("face_down", 6, "the number of face-down cards of each Strohmann: seat 0's three, then seat 1's"),
    ("known_0", 54, "the cards of seat 0's hand the viewer knows (all of his own; of the other, those taken up in the open)"),
    ("known_1", 54, "the same for seat 1"),
    ("hand_sizes", 2, "the number of cards in each seat's hand"),
    ("led", 54, "the card led to the trick in progress, if any"),
    ("led_from_strohmann", 1, "1 if that card was played from a Strohmann"),
    ("won_0", 54, "the cards in seat 0's tricks"),
    ("won_1", 54, "the cards in seat 1's tricks"),
    ("announced", 4, "the Trull and the four Kings announced by seat 0, then by seat 1 (R17)"),
    ("ross", 2, "1 for the seat that called Ross (R18)"),
    ("phase", 6, "one-hot: fold, auction, doubling, play, finished, void"),
    ("viewer", 3, "one-hot: seat 0, seat 1, a spectator"),
    ("to_act", 3, "one-hot: seat 0, seat 1, nobody"),
    ("undertaker", 3, "one-hot: seat 0, seat 1, none (a simple game, or before the auction's end)"),
    ("doubled", 1, "1 if the undertaker's game was doubled (R10)"),
    ("tricks", 1, "the number of completed tricks"),
    (
        "rules",
        7,
        "the rule set's options: 40-card deck, fold without tarock (R7), throw-in when both pass "
        "(R9), doubling (R10), last Strohmann card shown (R12), Rostopschin (R18), announcements (R17)",
    ),
)
#: Where each field starts.
OFFSET: Final = {name: sum(size for _, size, _ in LAYOUT[:k]) for k, (name, _, _) in enumerate(LAYOUT)}
#: The length of the vector.
SIZE: Final = sum(size for _, size, _ in LAYOUT)
_PHASES: Final = list(Phase)


def observe(s: Seen) -> list[int]:
    """The observation vector of the view ``s`` (:data:`LAYOUT`)."""
    out = [0] * SIZE

    def put(name: str, mask: int) -> None:
        base = OFFSET[name]
        for i in bits(mask):
            out[base + i] = 1

    put("hand", s.hand)
    put("tops_0", s.tops[0])
    put("tops_1", s.tops[1])
    base = OFFSET["face_down"]
    for k, (_, down) in enumerate(piles(s)):
        out[base + k] = down
    put("known_0", s.known[0])
    put("known_1", s.known[1])
    out[OFFSET["hand_sizes"]], out[OFFSET["hand_sizes"] + 1] = s.sizes
    if s.lead >= 0:
        out[OFFSET["led"] + (s.lead & CARD)] = 1
        out[OFFSET["led_from_strohmann"]] = 1 if s.lead & L_STROHMANN else 0
    put("won_0", s.won[0])
    put("won_1", s.won[1])
    base = OFFSET["announced"]
    for seat in (0, 1):
        done = announced(s.calls, seat)
        out[base + 2 * seat], out[base + 2 * seat + 1] = done & 1, done >> 1 & 1
    ross = s.calls >> C_ROSS
    if ross:
        out[OFFSET["ross"] + ((ross - 1) & 1)] = 1
    out[OFFSET["phase"] + _PHASES.index(s.phase)] = 1
    out[OFFSET["viewer"] + (s.player if s.player >= 0 else 2)] = 1
    out[OFFSET["to_act"] + (s.turn if s.turn >= 0 else 2)] = 1
    undertaker = s.auc[0]
    out[OFFSET["undertaker"] + (undertaker if undertaker >= 0 else 2)] = 1
    out[OFFSET["doubled"]] = 1 if s.auc[1] else 0
    out[OFFSET["tricks"]] = s.ntr
    rules, data = s.rules, s.data
    flags = (
        rules.deck is Deck.SHORT_40,
        rules.fold_without_tarock,
        rules.both_pass is BothPass.THROW_IN,
        rules.undertaker_doubling,
        rules.last_card is LastCard.SHOWN,
        data.rostopschin,
        bool(data.ann_trull or data.ann_kings),
    )
    base = OFFSET["rules"]
    for k, flag in enumerate(flags):
        out[base + k] = 1 if flag else 0
    return out


@lru_cache(maxsize=64)
def _rules_digest(rules: RuleSet) -> str:
    """A digest of a rule set's full description, the same in every process."""
    text = json.dumps(rules.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.blake2b(text.encode("ascii"), digest_size=16).hexdigest()


def info_key(s: Seen) -> bytes:
    """A 16-byte digest of what the viewer of ``s`` knows: the fields of :func:`.seen.key`
    (which decide a view's equality) but for its legal actions, which follow from the others,
    each written as whole numbers or notation — nothing whose text depends on the process (no
    hash order, no object identity)."""
    auc_seat, auc_doubled, void = s.auc
    fields = (
        s.player, _rules_digest(s.rules), s.dealer, s.dealt, s.phase.value, s.turn,
        auc_seat, auc_doubled, None if void is None else void.value, s.calls, s.lead, s.ntr,
        tuple([str(action) for action in walk(s.hist)]), s.setup, tuple(walk(s.tricks)), events(s),
        s.hand, s.tops, s.won, s.known, s.sizes, piles(s), s.asked, s.multiplier,
    )  # fmt: skip
    return hashlib.blake2b(repr(fields).encode("utf-8"), digest_size=16).digest()
