"""What one player knows: per-player and spectator views of a deal.

Strohmandeln hides cards from everyone, the owner included: a player knows his own hand, every
card turned up from a Strohmann (R11) except the last cards the *opponent* takes up unseen (R12's
default), and every card played. Nobody knows the face-down Strohmann cards, his own included.

:meth:`GameState.view(player) <strohmandeln.GameState.view>` returns a :class:`PlayerView`: an
immutable value holding exactly that knowledge — the player's own hand; for both players the
face-up Strohmann tops, the number of face-down cards per Strohmann, the hand cards known to the
viewer (the opponent's cards taken up in the open) and the hand sizes; the auction, the
announcements, the calls, every trick and every public Strohmann turn; whose turn it is and, if it
is the viewer's, the legal actions. ``state.view(None)`` (or :func:`spectator_view`) is the
*spectator* view: public information only. Two states that differ only in cards hidden from a
player give equal views for that player, so a server can send a view (:meth:`PlayerView.to_dict`)
without leaking anything.

>>> from strohmandeln import CLASSIC, deal
>>> state = deal(CLASSIC, dealer=0, rng=7)
>>> while state.trick_number < 3:
...     state = state.apply(state.legal_actions()[0])
>>> view = state.view(1)
>>> view.hand == state.hand(1), view.hand_size(0) == len(state.hand(0))
(True, True)
>>> set(view.known_hand(0)) <= set(state.hand(0))       # only what seat 0 took up in the open
True
>>> [pile.face_down for pile in view.strohmaenner(0)] == [p.face_down for p in state.strohmaenner(0)]
True
>>> view.legal_actions() == (state.legal_actions() if state.current_player == 1 else ())
True
"""

from __future__ import annotations

from ._base import args
from .knowledge import PlayerView
from .state import GameState
from .table import HiddenTurn

__all__ = ["HiddenTurn", "PlayerView", "player_view", "spectator_view"]


def player_view(state: GameState, player: int | None) -> PlayerView:
    """What ``player`` knows of ``state`` (``None``: a spectator); see :meth:`GameState.view <strohmandeln.state.GameState.view>`.

    >>> from strohmandeln import CLASSIC, DECK_54, deal
    >>> state = deal(CLASSIC, dealer=0, order=DECK_54)
    >>> player_view(state, 1) == state.view(1)
    True
    >>> player_view(state, 0).hand == state.hand(0), player_view(state, None).is_spectator
    (True, True)

    :raises ArgumentTypeError: if ``state`` is not a :class:`~strohmandeln.GameState` or
        ``player`` neither ``None`` nor a whole number.
    :raises ArgumentValueError: with reason ``bad_seat`` if ``player`` is not 0 or 1.
    """
    return args.instance(state, GameState, "state").view(player)


def spectator_view(state: GameState) -> PlayerView:
    """The public information of ``state`` (what a spectator at the table sees).

    >>> from strohmandeln import CLASSIC, deal
    >>> view = spectator_view(deal(CLASSIC, dealer=0, rng=1))
    >>> view.is_spectator, view.hand, view.legal_actions()
    (True, (), ())

    :raises ArgumentTypeError: if ``state`` is not a :class:`~strohmandeln.GameState`.
    """
    return args.instance(state, GameState, "state").view(None)
