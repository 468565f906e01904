"""Every packed format of the kernel, declared once.

A packed value is an ``int`` whose fields sit side by side from bit 0 up. Each format is one
:class:`Layout` listing its fields and their widths; the shifts and masks the kernel uses are
derived from it below (``T_LED`` is where a trick keeps its led card), and the architecture page
of the documentation draws the layouts from these objects. Only the kernel reads or writes a
packed field.

* **play info** — what a card of a trick carries besides the card: whether it came from a
  Strohmann's face-up top (R13), the announcements made with it (R17) and its call (R18);
* **lead** — the open trick's led card and its info (``-1``: no card led);
* **trick** — one completed trick (R15);
* **event** — one card turned up from a Strohmann (R11, R12, R15);
* **calls** — the announcements each seat has made (R17) and the trick of a Ross call (R18).
"""

from __future__ import annotations

from typing import Final


class Layout:
    """A packed format: named fields of fixed widths, the first at bit 0; the last field may be
    ``None`` wide (it takes every bit above the others)."""

    __slots__ = ("name", "fields", "_shifts", "_widths")

    def __init__(self, name: str, fields: tuple[tuple[str, int | None], ...]) -> None:
        self.name = name
        self.fields = fields
        self._shifts: dict[str, int] = {}
        self._widths: dict[str, int | None] = {}
        shift = 0
        for k, (field, width) in enumerate(fields):
            if width is None and k != len(fields) - 1:
                raise ValueError("only the last field may be open-ended")
            self._shifts[field] = shift
            self._widths[field] = width
            shift += width or 0

    def shift(self, field: str) -> int:
        """The bit where ``field`` starts."""
        return self._shifts[field]

    def mask(self, field: str) -> int:
        """The mask of ``field``'s value once shifted down (-1 for an open-ended field)."""
        width = self._widths[field]
        return -1 if width is None else (1 << width) - 1

    def pack(self, **values: int) -> int:
        """A packed value of the given fields (the others 0); checks each value's range."""
        out = 0
        for field, value in values.items():
            mask = self.mask(field)
            if value < 0 or (mask >= 0 and value > mask):
                raise ValueError(f"{self.name}.{field} = {value} does not fit")
            out |= value << self._shifts[field]
        return out

    def unpack(self, packed: int) -> dict[str, int]:
        """Every field of a packed value."""
        return {field: packed >> self._shifts[field] & self.mask(field) for field, _ in self.fields}


#: A card index in a 6-bit field (63 is no card: see :data:`HIDDEN_CARD`).
CARD_BITS: Final = 6
CARD: Final = (1 << CARD_BITS) - 1
#: The card field of an event whose card the viewer does not know (R12's ``hidden``).
HIDDEN_CARD: Final = CARD

INFO: Final = Layout("play info", (("from_strohmann", 1), ("announcements", 2), ("call", 2)))
I_STROHMANN: Final = 1 << INFO.shift("from_strohmann")
I_ANN: Final = INFO.shift("announcements")
I_CALL: Final = INFO.shift("call")
INFO_MASK: Final = (1 << 5) - 1
#: Announcement bits (R17), in the announcements field of play info and of calls.
ANN_TRULL: Final = 1
ANN_KINGS: Final = 2
#: Call codes (R18), in the call field of play info (0: no call).
CALL_ROSS: Final = 1
CALL_TOPSCHIN: Final = 2

LEAD: Final = Layout("lead", (("card", CARD_BITS), ("info", 5)))
L_INFO: Final = LEAD.shift("info")
#: The lead field's from-Strohmann bit.
L_STROHMANN: Final = I_STROHMANN << L_INFO

TRICK: Final = Layout(
    "trick",
    (("leader", 1), ("led", CARD_BITS), ("followed", CARD_BITS), ("winner", 1), ("led_info", 5), ("followed_info", 5)),
)
T_LED: Final = TRICK.shift("led")
T_FOLLOWED: Final = TRICK.shift("followed")
T_WINNER: Final = TRICK.shift("winner")
T_LED_INFO: Final = TRICK.shift("led_info")
T_FOLLOWED_INFO: Final = TRICK.shift("followed_info")
#: The from-Strohmann bits of a trick's led and followed card, in place.
T_LED_UP: Final = I_STROHMANN << T_LED_INFO
T_FOLLOWED_UP: Final = I_STROHMANN << T_FOLLOWED_INFO
#: A trick's call bits, of both cards.
T_CALLS: Final = (3 << I_CALL) << T_LED_INFO | (3 << I_CALL) << T_FOLLOWED_INFO
#: A trick's announcement and call bits, of both cards.
T_VARIANTS: Final = (INFO_MASK ^ I_STROHMANN) << T_LED_INFO | (INFO_MASK ^ I_STROHMANN) << T_FOLLOWED_INFO

EVENT: Final = Layout(
    "event", (("player", 1), ("strohmann", 2), ("card", CARD_BITS), ("to_hand", 1), ("hidden", 1), ("after_trick", None))
)
E_STROHMANN: Final = EVENT.shift("strohmann")
E_CARD: Final = EVENT.shift("card")
E_TO_HAND: Final = 1 << EVENT.shift("to_hand")
E_HIDDEN: Final = 1 << EVENT.shift("hidden")
E_TRICK: Final = EVENT.shift("after_trick")
#: An event's seat and Strohmann together (seat | Strohmann << 1).
E_PILE: Final = (1 << E_CARD) - 1
#: An event's card field, in place.
E_CARD_FIELD: Final = CARD << E_CARD

CALLS: Final = Layout("calls", (("announcements_0", 2), ("announcements_1", 2), ("ross", None)))
C_ROSS: Final = CALLS.shift("ross")


def pile_of_event(e: int) -> int:
    """The Strohmann (seat * 3 + k) an event was turned from (6 for an impossible one)."""
    k = e >> E_STROHMANN & 3
    return 6 if k > 2 else (e & 1) * 3 + k


def ross_calls(trick: int, seat: int) -> int:
    """The calls field's record of ``seat``'s Ross in trick ``trick`` (0-based, R18)."""
    return ((trick << 1 | seat) + 1) << C_ROSS


def announced(calls: int, seat: int) -> int:
    """The announcement bits ``seat`` has made (R17)."""
    return calls >> (2 * seat) & 3


# --- the fields of a packed value, by name (for the kernel's readers off the hot paths; the hot
# paths shift by the same constants inline, where a call would cost more than the work) --------


def trick_leader(t: int) -> int:
    """The seat that led the packed trick ``t``."""
    return t & 1


def trick_led(t: int) -> int:
    """The card index ``t`` was led with."""
    return t >> T_LED & CARD


def trick_followed(t: int) -> int:
    """The card index ``t`` was answered with."""
    return t >> T_FOLLOWED & CARD


def trick_winner(t: int) -> int:
    """The seat that won the packed trick ``t`` (R15)."""
    return t >> T_WINNER & 1


def trick_led_info(t: int) -> int:
    """The play info of ``t``'s led card (:data:`INFO`)."""
    return t >> T_LED_INFO & INFO_MASK


def trick_followed_info(t: int) -> int:
    """The play info of ``t``'s followed card (:data:`INFO`)."""
    return t >> T_FOLLOWED_INFO & INFO_MASK


def trick_mask(t: int) -> int:
    """The two cards of the packed trick ``t``, as a mask."""
    return 1 << (t >> T_LED & CARD) | 1 << (t >> T_FOLLOWED & CARD)


def lead_card(lead: int) -> int:
    """The card index of a packed lead (``lead`` >= 0)."""
    return lead & CARD


def lead_info(lead: int) -> int:
    """The play info of a packed lead (:data:`INFO`)."""
    return lead >> L_INFO


def info_announcements(info: int) -> int:
    """The announcement bits of a play's info (R17)."""
    return info >> I_ANN & 3


def info_call(info: int) -> int:
    """The call code of a play's info (R18; 0: none)."""
    return info >> I_CALL & 3


def event_strohmann(e: int) -> int:
    """The Strohmann (0-2 of its seat) a packed event turned a card of."""
    return e >> E_STROHMANN & 3


def event_card(e: int) -> int:
    """The card index a packed event turned (:data:`HIDDEN_CARD` when the viewer may not know)."""
    return e >> E_CARD & CARD


def event_trick(e: int) -> int:
    """The completed tricks before a packed event (0: at the uncovering)."""
    return e >> E_TRICK
