"""The caps on what one call may be asked to read or to do.

Every text and count a public function takes has a cap, checked before any work: a call above it
is refused at once, with reason ``too_large`` (a :class:`~strohmandeln.NotationError` for
notation text, a :class:`~strohmandeln.SerializationError` for a document, an
:class:`~strohmandeln.ArgumentValueError` for any other argument; see :ref:`the policy
<errors-policy>`). The caps are far above what a game needs; a program that needs more calls
again (more playouts) or passes its own limit (``max_length`` of the JSON loaders).

>>> import strohmandeln as sm
>>> sm.limits.MAX_CARD_TEXT, sm.limits.MAX_PLAYOUTS
(10000, 100000)
>>> try:
...     sm.cards_from_text("XXI " * 3000)
... except sm.NotationError as error:
...     print(error.reason.value, "|", error)
too_large | card text is at most 10,000 characters, not 12,000

.. _errors-caps:

The documents have caps of their own, named where they are read: ``serialization.MAX_JSON``
(16,000,000 characters, the JSON text of ``from_json`` by default) and the other constants of
:mod:`strohmandeln.serialization` (lists, deals, texts of a document),
:data:`~strohmandeln.session.MAX_SESSION_JSON` (a session document),
:data:`~strohmandeln.messages.MAX_MESSAGE_JSON` (1,000 characters of a client's message), and ``records.MAX_RECORD``
and ``records.MAX_MATCH_RECORD`` (1,000,000 and 8,000,000 characters of the text records); the Gymnasium environments' ``strohmandeln.gymnasium.MAX_ENVS`` (65,536 games of a
vector environment).
"""

from __future__ import annotations

from typing import Final

from ._base import args
from .errors import MAX_MESSAGE as _MAX_MESSAGE

__all__ = [
    "MAX_CARD_TEXT",
    "MAX_CONTAINER",
    "MAX_MESSAGE",
    "MAX_MULTIPLIER",
    "MAX_NOTATION",
    "MAX_PLAYOUTS",
    "MAX_THIRDS",
]

#: The longest card text, in characters: :func:`~strohmandeln.cards_from_text`, and the cards of
#: a position given as text (:func:`~strohmandeln.position`). A deck of 54 cards written with
#: room to spare.
MAX_CARD_TEXT: Final = args.MAX_CARD_TEXT
#: The longest notation of one card or action, in characters, white space around it included:
#: :meth:`Card.parse <strohmandeln.Card.parse>`, :func:`~strohmandeln.parse_action`.
MAX_NOTATION: Final = args.MAX_NOTATION
#: The most items a container argument may hold: cards (:func:`~strohmandeln.cards_to_text`,
#: :func:`~strohmandeln.card_thirds`), states (``Match.record_all``), a play's announcements …
#: It is read item by item, so an endless iterator is refused after this many.
MAX_CONTAINER: Final = args.MAX_CONTAINER
#: The most deals one call of :func:`~strohmandeln.playouts.playouts` plays; its final states
#: take about 10 KB each (1 GB at the cap).
MAX_PLAYOUTS: Final = args.MAX_PLAYOUTS
#: The highest stakes of a deal (R26): the ``multiplier`` of :func:`~strohmandeln.deal`,
#: :meth:`GameState.result <strohmandeln.GameState.result>` and :func:`~strohmandeln.score`, as
#: of a document.
MAX_MULTIPLIER: Final = args.MAX_MULTIPLIER
#: The largest magnitude of :class:`~strohmandeln.CardPoints`, in thirds (a deal has 210 or
#: 264).
MAX_THIRDS: Final = args.MAX_THIRDS
#: The longest message of an error, in characters (:data:`strohmandeln.errors.MAX_MESSAGE`).
MAX_MESSAGE: Final = _MAX_MESSAGE
