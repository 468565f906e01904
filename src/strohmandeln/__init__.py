"""strohmandeln — the rules of Strohmandeln (Strohmann-Tarock, Štrámandl) as a Python library.

An I/O-free reference implementation, in Python, of the two-player Austrian tarock game with
three face-down piles ("Strohmänner") per player: cards and notation, exact card points, dealing,
the auction, uncovering, legal moves, tricks, announcements, scoring and matches.

>>> import strohmandeln as sm
>>> state = sm.deal(sm.CLASSIC, dealer=0, rng=1)
>>> state.legal_actions()
(Take(), Pass())
"""

from typing import TYPE_CHECKING

from .actions import (
    Action,
    Announcement,
    Call,
    Double,
    Fold,
    Keep,
    NoDouble,
    Pass,
    Play,
    Take,
    parse_action,
)
from .cards import DECK_40, DECK_54, MOND, PAGAT, SKUS, Card, Rank, Suit, cards_from_text, cards_to_text
from .dealing import compose_order, deal, deal_layout, shuffled_order
from .errors import (
    ArgumentError,
    ArgumentTypeError,
    ArgumentValueError,
    DeckError,
    IllegalActionError,
    NotationError,
    Reason,
    RuleSetError,
    SerializationError,
    StateError,
    StrohmandelnError,
)
from .points import CardPoints, Counting, card_thirds
from .presets import BECK, CLASSIC, EXTENDED, FURR, MAYR_SEDLACZEK, PRESETS, STRAMANDL, ZWANZIGERRUFEN_40
from .rules import (
    BothPass,
    Bonus,
    Deck,
    DrawDoubling,
    FirstLead,
    LastCard,
    RuleSet,
    ScoringTable,
    UndertakenDraw,
    ValatReplaces,
)
from .scoring import DealResult, ScoreLine, score
from .state import GameState, Phase, StrohmannPile, StrohmannTurn, Trick, VoidReason, card_strength, trick_winner
from .views import HiddenTurn, PlayerView
from . import table as _table
from ._core import engine as _engine

#: The version of the package: declared here only (pyproject.toml and the docs read it).
__version__ = "0.1.0"

#: Whether the kernel (``strohmandeln._core``) runs compiled (a wheel built with mypyc) or as
#: pure Python; the two behave alike in every respect but speed.
COMPILED: bool = not _engine.__file__.endswith(".py")
del _engine

if TYPE_CHECKING:
    from . import analysis, document_types, encoding, limits, match, pictures, players, playouts, positions, records, sampling, schemas
    from . import messages, news, serialization, session, svg
    from .match import Match, Standing
    from .session import Session
    from .positions import Position, position
del TYPE_CHECKING

#: What the package offers but imports on first use, so that ``import strohmandeln`` stays
#: quick: the modules reachable as its attributes (``sm.sampling``, ``sm.records``, ``sm.svg`` …),
#: and the names of matches, sessions and positions, by the module that defines them.
_ON_FIRST_USE: dict[str, str] = {
    **{
        module: module
        for module in (
            "analysis", "document_types", "encoding", "limits", "match", "messages", "news", "pictures", "players", "playouts", "positions",
            "records", "sampling", "schemas", "serialization", "session", "svg",
        )  # fmt: skip
    },
    "Match": "match",
    "Standing": "match",
    "Session": "session",
    "Position": "positions",
    "position": "positions",
}


def _text_picture(x: GameState | PlayerView) -> str:
    from .pictures import text  # (on first use: playing needs no pictures)

    return text(x)


def _svg_picture(x: GameState | PlayerView) -> str:
    from .svg import table  # (on first use)

    return table(x, size=720)


# str() of a state or a view is its text picture, a notebook shows its SVG (strohmandeln.table).
_table.PICTURES.update(text=_text_picture, svg=_svg_picture)


def __getattr__(name: str) -> object:
    module = _ON_FIRST_USE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = importlib.import_module(f"{__name__}.{module}")
    if name != module:
        value = getattr(value, name)
        globals()[name] = value
    return value  # (importing a submodule sets the package's attribute itself)


def __dir__() -> list[str]:
    return sorted({*globals(), *_ON_FIRST_USE})

__all__ = [
    "BECK",
    "CLASSIC",
    "COMPILED",
    "DECK_40",
    "DECK_54",
    "EXTENDED",
    "FURR",
    "MAYR_SEDLACZEK",
    "MOND",
    "PAGAT",
    "PRESETS",
    "SKUS",
    "STRAMANDL",
    "ZWANZIGERRUFEN_40",
    "Action",
    "Announcement",
    "ArgumentError",
    "ArgumentTypeError",
    "ArgumentValueError",
    "BothPass",
    "Bonus",
    "Call",
    "Card",
    "CardPoints",
    "Counting",
    "Deck",
    "DealResult",
    "DeckError",
    "Double",
    "DrawDoubling",
    "FirstLead",
    "Fold",
    "GameState",
    "HiddenTurn",
    "IllegalActionError",
    "Keep",
    "LastCard",
    "Match",
    "NoDouble",
    "NotationError",
    "Pass",
    "Phase",
    "Play",
    "PlayerView",
    "Position",
    "Rank",
    "Reason",
    "RuleSet",
    "RuleSetError",
    "ScoreLine",
    "ScoringTable",
    "SerializationError",
    "Session",
    "Standing",
    "StateError",
    "StrohmandelnError",
    "StrohmannPile",
    "StrohmannTurn",
    "Suit",
    "Take",
    "Trick",
    "UndertakenDraw",
    "ValatReplaces",
    "VoidReason",
    "__version__",
    "analysis",
    "encoding",
    "card_strength",
    "card_thirds",
    "limits",
    "cards_from_text",
    "cards_to_text",
    "compose_order",
    "deal",
    "deal_layout",
    "parse_action",
    "pictures",
    "playouts",
    "position",
    "records",
    "sampling",
    "schemas",
    "serialization",
    "score",
    "session",
    "shuffled_order",
    "svg",
    "trick_winner",
]
