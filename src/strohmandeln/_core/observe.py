"""The observation vector, the legal-action mask and the information-state key of a view, read
off the kernel's projection of a state (:mod:`._core.seen`) for :mod:`strohmandeln.encoding`
and the adapters.

Every field is what the viewer knows (R11, R12): a spectator's hand is empty, an opponent's
hand shows only the cards taken up in the open.

The vector is built as ``bytes`` (each entry a small whole number, 0 to 54): NumPy reads it
without a Python list (``numpy.frombuffer``), and :func:`observe` lists it for plain Python.
A 54-card field is made of eight-card pieces from a table (:data:`_BYTES8`), not card by card.
"""

from __future__ import annotations

import hashlib
import json
from struct import Struct
from typing import Any, Final

from ..actions import Action, Double, Fold, Keep, NoDouble, Pass, Take
from ..rules import BothPass, Deck, LastCard, RuleSet
from ..table import Phase, VoidReason
from .formats import C_ROSS, CARD, L_STROHMANN, announced
from .ruledata import RuleData
from .seen import Seen, piles

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
#: The length of the vector.
SIZE: Final = sum(size for _, size, _ in LAYOUT)

#: The eight entries of a byte of a card mask, lowest card first: ``_BYTES8[b][k] == b >> k & 1``.
_BYTES8: Final = tuple([bytes([b >> k & 1 for k in range(8)]) for b in range(256)])
#: The same for the last six cards of a 54-card field.
_BYTES6: Final = tuple([bytes([b >> k & 1 for k in range(6)]) for b in range(64)])
#: ``_LED[card]``: the led-card field with that card (``_LED[54]``: none).
_LED: Final = tuple([bytes([1 if i == card else 0 for i in range(54)]) for card in range(55)])
#: One-hot fields of three: seat 0, seat 1, the third (``-1`` reads as the third).
_ONE_OF_3: Final = (bytes([1, 0, 0]), bytes([0, 1, 0]), bytes([0, 0, 1]))
_PHASES: Final = tuple(Phase)
#: Each phase's index and one-hot field, by the phase's id (an enum member's hash is a
#: Python-level call; ``id`` is not).
_PHASE_INDEX: Final[dict[int, int]] = {id(phase): k for k, phase in enumerate(_PHASES)}
_PHASE_FIELD: Final[dict[int, bytes]] = {id(phase): bytes([1 if j == k else 0 for j in range(6)]) for k, phase in enumerate(_PHASES)}
#: Each void reason's code in the key (0: not void), by id.
_VOID_CODE: Final[dict[int, int]] = {id(None): 0, **{id(reason): k + 1 for k, reason in enumerate(VoidReason)}}
#: Each decision's code in the key, by its type's id (a decision is recorded as it was passed).
_DECISION_CODE: Final[dict[int, int]] = {id(kind): k + 1 for k, kind in enumerate((Fold, Keep, Take, Pass, Double, NoDouble))}
#: 2 ** 62: a multiplier from here on is written out in the key (as a literal: mypyc 2.4.1 may
#: shift a constant 1 in a C ``int``, see the notes on the compiled build).
_BIG: Final = 4611686018427387904
#: The packers of the key's lists of 64-bit numbers, by length (one C call writes them all).
_PACKERS: Final[dict[int, Struct]] = {}


def _mask54(mask: int) -> bytes:
    """A 54-card field: 1 at each card of ``mask``."""
    b = _BYTES8
    return b"".join(
        (
            b[mask & 255],
            b[mask >> 8 & 255],
            b[mask >> 16 & 255],
            b[mask >> 24 & 255],
            b[mask >> 32 & 255],
            b[mask >> 40 & 255],
            _BYTES6[mask >> 48 & 63],
        )
    )


class _RuleParts:
    """What the vector and the key say of a rule set, worked out once per rule set."""

    __slots__ = ("data", "flags", "digest")

    def __init__(self, data: RuleData) -> None:
        rules: RuleSet = data.rules
        self.data = data
        flags = (
            rules.deck is Deck.SHORT_40,
            rules.fold_without_tarock,
            rules.both_pass is BothPass.THROW_IN,
            rules.undertaker_doubling,
            rules.last_card is LastCard.SHOWN,
            data.rostopschin,
            data.trull_announced or data.four_kings_announced,
        )
        #: the vector's ``rules`` field
        self.flags = bytes([1 if flag else 0 for flag in flags])
        # A digest of the rule set's full description, the same in every process.
        text = json.dumps(rules.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        #: the rule set in the key (the digest's first eight bytes as a number)
        self.digest: int = int.from_bytes(hashlib.blake2b(text.encode("ascii"), digest_size=8).digest(), "little") >> 1


#: The rule parts of the rule data seen last, and of every rule data seen (by id; the entry
#: keeps its rule data alive, so the id stays its own).
_last_parts: _RuleParts | None = None
_PARTS: Final[dict[int, _RuleParts]] = {}


def _parts(data: RuleData) -> _RuleParts:
    global _last_parts
    last = _last_parts
    if last is not None and last.data is data:
        return last
    parts = _PARTS.get(id(data))
    if parts is None or parts.data is not data:
        if len(_PARTS) >= 256:
            _PARTS.clear()
        parts = _PARTS[id(data)] = _RuleParts(data)
    _last_parts = parts
    return parts


def observation_bytes(s: Seen) -> bytes:
    """The observation vector of the view ``s`` (:data:`LAYOUT`), one byte an entry."""
    tops0, tops1 = s.tops
    won0, won1 = s.won
    known0, known1 = s.known
    size0, size1 = s.sizes
    down = bytes([pile[1] for pile in piles(s)])
    lead = s.lead
    if lead >= 0:
        led = _LED[lead & CARD]
        from_strohmann = b"\x01" if lead & L_STROHMANN else b"\x00"
    else:
        led = _LED[54]
        from_strohmann = b"\x00"
    calls = s.calls
    done0 = announced(calls, 0)
    done1 = announced(calls, 1)
    ross = calls >> C_ROSS
    auc = s.auc
    undertaker: int = auc[0]
    tail = bytes(
        [
            done0 & 1,
            done0 >> 1 & 1,
            done1 & 1,
            done1 >> 1 & 1,
            1 if ross and not (ross - 1) & 1 else 0,
            1 if ross and (ross - 1) & 1 else 0,
        ]
    )
    more = bytes([1 if auc[1] else 0, s.ntr])
    return b"".join(
        (
            _mask54(s.hand),
            _mask54(tops0),
            _mask54(tops1),
            down,
            _mask54(known0),
            _mask54(known1),
            bytes([size0, size1]),
            led,
            from_strohmann,
            _mask54(won0),
            _mask54(won1),
            tail,
            _PHASE_FIELD[id(s.phase)],
            _ONE_OF_3[s.player if s.player >= 0 else 2],
            _ONE_OF_3[s.turn if s.turn >= 0 else 2],
            _ONE_OF_3[undertaker if undertaker >= 0 else 2],
            more,
            _parts(s.data).flags,
        )
    )


def observe(s: Seen) -> list[int]:
    """The observation vector of the view ``s`` (:data:`LAYOUT`), as a list."""
    return list(observation_bytes(s))


def mask_bytes(legal: tuple[Action, ...], ids: dict[int, int], size: int) -> bytearray:
    """The legal-action mask of ``legal`` in an action space of ``size`` actions: 1 at the
    number of each, found by the action's id in ``ids`` (the kernel's legal actions are its
    interned values)."""
    out = bytearray(size)
    for action in legal:
        out[ids[id(action)]] = 1
    return out


def legal_numbers(legal: tuple[Action, ...], ids: dict[int, int]) -> list[int]:
    """The numbers of the actions ``legal``, found by id as in :func:`mask_bytes`, in increasing
    order."""
    out = [ids[id(action)] for action in legal]
    out.sort()
    return out


def info_key(s: Seen) -> bytes:
    """A 16-byte digest of what the viewer of ``s`` knows: the fields of :func:`.seen.key`
    (which decide a view's equality) but for those that follow from the others (its legal
    actions, its history of actions, and the Strohmänner of a dealt view), packed into 64-bit
    whole numbers — the small fields side by side, two tricks or three events a number, every
    list after its length — so that the text is decodable, and nothing in it depends on the
    process (no hash order, no object identity)."""
    auc = s.auc
    sizes = s.sizes
    multiplier = s.multiplier
    # The small fields, each within its bits (a deal has at most 27 tricks and 54 cards).
    small = (
        (s.player + 1)
        | s.dealer << 2
        | (1 if s.dealt else 0) << 3
        | _PHASE_INDEX[id(s.phase)] << 4
        | (s.turn + 1) << 7
        | (auc[0] + 1) << 9
        | (1 if auc[1] else 0) << 11
        | _VOID_CODE[id(auc[2])] << 12
        | (s.asked + 1) << 16
        | sizes[0] << 18
        | sizes[1] << 24
        | s.ntr << 30
        | s.setup << 36
        | s.setup_won << 42
    )
    # (the items of the cons lists are read into typed locals: the arithmetic is then native)
    decisions = 0
    count = 0
    code: int
    node: Any = s.hist
    while node is not None:
        code = _DECISION_CODE[id(type(node[1]))]
        decisions |= code << (3 * count + 4)
        count += 1
        node = node[0]
    items: list[int] = [
        small,
        s.calls | (s.lead + 1) << 16,
        decisions | count,
        _parts(s.data).digest,
        multiplier if multiplier < _BIG else -2,
        s.hand,
        s.tops[0],
        s.tops[1],
        s.won[0],
        s.won[1],
        s.known[0],
        s.known[1],
        0,
    ]
    # The tricks (24 bits each), newest first, two a number, after their count.
    at = len(items) - 1
    count = 0
    pair = 0
    trick: int
    node = s.tricks
    while node is not None:
        trick = node[1]
        if count & 1:
            items.append(pair | trick << 24)
        else:
            pair = trick
        count += 1
        node = node[0]
    if count & 1:
        items.append(pair)
    items[at] = count
    # The events (under 20 bits each: a card, its Strohmann, after which trick), newest first,
    # three a number, after their count.
    at = len(items)
    items.append(0)
    count = 0
    triple = 0
    e: int
    masked: tuple[int, ...] = s.evs
    k = len(masked)
    node = s.evc
    while True:
        if k:
            k -= 1
            e = masked[k]
        elif node is not None:
            e = node[1]
            node = node[0]
        else:
            break
        place = count % 3
        triple |= e << (20 * place)
        count += 1
        if place == 2:
            items.append(triple)
            triple = 0
    if count % 3:
        items.append(triple)
    items[at] = count
    if s.piles is not None:  # (a position's Strohmänner; a dealt view's follow from its events)
        for top, down in s.piles:
            items.append(top + 1 | down << 8)
    n = len(items)
    packer = _PACKERS.get(n)
    if packer is None:
        packer = _PACKERS[n] = Struct(f"<{n}q")
    data: bytes = packer.pack(*items)
    if multiplier >= _BIG:
        data += str(multiplier).encode("ascii")
    return hashlib.blake2b(data, digest_size=16).digest()
