"""News instead of whole views: what a seat learned since the view it was sent last.

A server that sends each seat its whole view (:meth:`PlayerView.to_dict
<strohmandeln.views.PlayerView.to_dict>`) after every move sends the deal's history again and
again. :func:`news_since` is the part of a view that a client who holds the view at move ``k``
(of the deal: :attr:`~strohmandeln.views.PlayerView.ply`) does not have yet: the actions, the
tricks and the Strohmann turns since move ``k`` (:meth:`~strohmandeln.views.PlayerView.events_since`),
and the fields that describe the moment — the phase, whose turn, the viewer's hand, the hand
sizes, the known cards, the Strohmann tops, the trick in progress, the legal actions, and the
result once the deal is over. It is cut from the view's own document, so it holds nothing the
view does not. On the client, :func:`apply_news` updates the view document it holds to the view
the server holds — the same document, field for field.

>>> import strohmandeln as sm
>>> from strohmandeln.news import apply_news, news_since
>>> state = sm.deal(sm.CLASSIC, dealer=0, rng=97)
>>> held = state.view(0).to_dict()                   # what seat 0 was sent at move 0
>>> for text in ("pass", "take", "♦Q"):
...     state = state.apply(sm.parse_action(text))
>>> news = news_since(state.view(0), 0)
>>> news["since"], news["history"], news["current_trick"]["play"]
(0, [[1, 'pass'], [0, 'take'], [1, '♦Q']], '♦Q')
>>> apply_news(held, news) == state.view(0).to_dict()
True
>>> try:
...     apply_news(held, news_since(state.view(0), 2))      # news for a view the client does not hold
... except sm.SerializationError as error:
...     print(error.reason.value, "|", error)
stale_move | news: news since move 2, for a view at move 0: ask for the whole view

A client updated by news trusts its server, as one that is sent whole views and does not load
them does. To check a view, load it: :meth:`PlayerView.from_dict
<strohmandeln.views.PlayerView.from_dict>` accepts only a view some deal produces. A new deal
starts from its whole first view: news is news of one deal.
"""

from __future__ import annotations

from typing import Any, Final

from ._base import args, checked
from ._core.declared import VIEW
from ._core.readers import read_action, read_card
from .actions import Announcement, Play
from .errors import Reason
from .knowledge import PlayerView
from .results import DealResult
from .table import Phase, VoidReason

__all__ = ["MOMENT_FIELDS", "apply_news", "news_since"]

#: The fields of a view that describe the moment, sent whole in news (and ``result``, once the
#: deal is over); ``history``, ``tricks`` and ``events`` only grow, and news holds what they
#: gained. The other fields of a view never change in a deal.
#: (Both from the view document's declaration, ``_core.declared.VIEW``: each field says what news
#: carries of it.)
MOMENT_FIELDS: Final = tuple(f.name for f in VIEW.fields if f.news == "moment")
_GROWING: Final = tuple(f.name for f in VIEW.fields if f.news == "grows")
#: The most events of a deal (each Strohmann card turned or taken up at most once).
_MAX_EVENTS: Final = 64
_MAX_TRICKS: Final = 32


def news_since(view: PlayerView, since: int) -> dict[str, Any]:
    """What ``view``'s viewer learned since move ``since`` of the deal (``0`` to
    ``view.ply``): a small document (``"type": "news"``) for :func:`apply_news`.

    >>> import strohmandeln as sm
    >>> view = sm.deal(sm.CLASSIC, dealer=0, rng=97).apply(sm.Pass()).view(1)
    >>> sorted(news_since(view, 0))[:6]
    ['announcements', 'current_player', 'current_trick', 'doubled', 'events', 'format']

    :raises ArgumentTypeError: if ``view`` is not a :class:`~strohmandeln.views.PlayerView` or
        ``since`` not a whole number.
    :raises ArgumentValueError: if ``since`` is negative or after the view's move.
    """
    args.instance(view, PlayerView, "view")
    ply = view.ply
    k = args.count(since, "since")
    if k > ply:
        raise args.bad_value("since", f"a move of the view, 0 to {ply}", k)
    document = view.to_dict()
    history = view.history
    plays_before = sum(1 for action in history[:k] if type(action) is Play)
    plays = plays_before + sum(1 for action in history[k:] if type(action) is Play)
    # (a trick is complete at every second play: its set-up tricks, if any, before every move)
    tricks_before = len(document["tricks"]) - plays // 2 + plays_before // 2
    events = document["events"]
    new_events = len(view.events_since(k))
    out: dict[str, Any] = {
        **checked.head("news"),
        "player": document["player"],
        "since": k,
        "history": document["history"][k:],
        "tricks": document["tricks"][tricks_before:],
        "events": events[len(events) - new_events :],
        **{field: document[field] for field in MOMENT_FIELDS},
    }
    if "result" in document:
        out["result"] = document["result"]
    return out


def apply_news(view_document: object, news: object) -> dict[str, Any]:
    """The view document ``view_document`` (the client's, at move ``news["since"]``) updated by
    ``news`` (:func:`news_since`): a new ``dict``, the arguments are left alone. The news is
    read as any document from the network is — every field checked, its cards and actions in
    the notation — but not replayed (:meth:`PlayerView.from_dict
    <strohmandeln.views.PlayerView.from_dict>` does that).

    :raises SerializationError: ``stale_move`` for news of another moment than the view's
        (ask for the whole view); ``malformed_document``, ``too_large``, ``unsupported_version``
        or the reason of a card or action that is not in the notation, for a news document or a
        view document that is not one; ``malformed_document`` for news of another viewer.
    """
    held = checked.plain_object(view_document, "view")
    if held is None or held.get("type") != "view" or held.get("format") != checked.FORMAT:
        raise checked.fail("view", f"expected a view document, not {checked.kind(view_document)}")
    d = checked.header(news, "news", ("player", "since", *_GROWING, *MOMENT_FIELDS), ("result",))
    player = checked.opt_seat(d["player"], "news.player")
    since = checked.integer(d["since"], "news.since", 0, checked.MAX_ITEMS)
    old = {field: checked.items(held.get(field), f"view.{field}") for field in _GROWING}
    if held.get("player") != player or type(held.get("player")) is bool:
        raise checked.fail("news.player", "news for another viewer than the view's")
    if since != len(old["history"]):
        why = f"news since move {since}, for a view at move {len(old['history'])}: ask for the whole view"
        raise checked.fail("news", why, Reason.STALE_MOVE)
    history = [_history_entry(x, f"news.history[{i}]") for i, x in enumerate(checked.items(d["history"], "news.history"))]
    tricks = [_trick(x, f"news.tricks[{i}]") for i, x in enumerate(checked.items(d["tricks"], "news.tricks", _MAX_TRICKS))]
    events = [_event(x, f"news.events[{i}]") for i, x in enumerate(checked.items(d["events"], "news.events", _MAX_EVENTS))]
    grown = {"history": old["history"] + history, "tricks": old["tricks"] + tricks, "events": old["events"] + events}
    for field, most in (("history", checked.MAX_ITEMS), ("tricks", _MAX_TRICKS), ("events", _MAX_EVENTS)):
        if len(grown[field]) > most:
            raise checked.fail(f"news.{field}", f"more than {most} items with the view's", Reason.TOO_LARGE)
    out = {**held, **grown, **{field: _READERS[field](d[field], f"news.{field}") for field in MOMENT_FIELDS}}
    out.pop("result", None)
    if "result" in d:
        out["result"] = DealResult.from_dict(d["result"]).to_dict()
    return out


# ---------------------------------------------------------------------------------------------
# The readers of the fields of news: each value checked and written as a view writes it


def _history_entry(x: object, path: str) -> list[Any]:
    got = checked.items(x, path, 2)
    if len(got) != 2:
        raise checked.fail(path, "expected [seat, action]")
    return [checked.seat(got[0], f"{path}[0]"), str(read_action(got[1], f"{path}[1]"))]


def _pair(x: object, path: str, read: Any) -> list[Any]:
    got = checked.items(x, path, 2)
    if len(got) != 2:
        raise checked.fail(path, "expected one item per seat")
    return [read(item, f"{path}[{i}]") for i, item in enumerate(got)]


def _play(x: object, path: str) -> str:
    action = read_action(x, path)
    if type(action) is not Play:
        raise checked.fail(path, "expected a card played")
    return str(action)


def _trick(x: object, path: str) -> dict[str, Any]:
    d = checked.obj(x, path, ("leader", "plays", "from_strohmann", "winner"))
    return {
        "leader": checked.seat(d["leader"], f"{path}.leader"),
        "plays": _pair(d["plays"], f"{path}.plays", _play),
        "from_strohmann": _pair(d["from_strohmann"], f"{path}.from_strohmann", checked.boolean),
        "winner": checked.seat(d["winner"], f"{path}.winner"),
    }


def _event(x: object, path: str) -> dict[str, Any]:
    d = checked.obj(x, path, ("player", "strohmann", "card", "to_hand", "hidden", "after_trick"))
    return {
        "player": checked.seat(d["player"], f"{path}.player"),
        "strohmann": checked.integer(d["strohmann"], f"{path}.strohmann", 0, 2),
        "card": _card_or_null(d["card"], f"{path}.card"),
        "to_hand": checked.boolean(d["to_hand"], f"{path}.to_hand"),
        "hidden": checked.boolean(d["hidden"], f"{path}.hidden"),
        "after_trick": checked.integer(d["after_trick"], f"{path}.after_trick", 0, _MAX_TRICKS),
    }


def _card(x: object, path: str) -> str:
    return str(read_card(x, path))


def _card_or_null(x: object, path: str) -> str | None:
    return None if x is None else _card(x, path)


def _cards(x: object, path: str) -> list[str]:
    return [_card(c, f"{path}[{i}]") for i, c in enumerate(checked.items(x, path, 54))]


def _current_trick(x: object, path: str) -> dict[str, Any] | None:
    if x is None:
        return None
    d = checked.obj(x, path, ("leader", "play", "from_strohmann"))
    return {
        "leader": checked.seat(d["leader"], f"{path}.leader"),
        "play": _play(d["play"], f"{path}.play"),
        "from_strohmann": checked.boolean(d["from_strohmann"], f"{path}.from_strohmann"),
    }


def _piles(x: object, path: str) -> list[dict[str, Any]]:
    got = checked.items(x, path, 3)
    if len(got) != 3:
        raise checked.fail(path, "expected the seat's three Strohmänner")
    out = []
    for i, pile in enumerate(got):
        d = checked.obj(pile, f"{path}[{i}]", ("face_up", "face_down"))
        out.append({"face_up": _card_or_null(d["face_up"], f"{path}[{i}].face_up"), "face_down": checked.integer(d["face_down"], f"{path}[{i}].face_down", 0, 54)})
    return out


def _announcements(x: object, path: str) -> list[str]:
    return sorted({checked.member(Announcement, a, f"{path}[{i}]").value for i, a in enumerate(checked.items(x, path, 2))})


def _actions(x: object, path: str) -> list[str]:
    return [str(read_action(a, f"{path}[{i}]")) for i, a in enumerate(checked.items(x, path))]


_READERS: Final[dict[str, Any]] = {
    "phase": lambda x, p: checked.member(Phase, x, p).value,
    "current_player": checked.opt_seat,
    "undertaker": checked.opt_seat,
    "doubled": checked.boolean,
    "void_reason": lambda x, p: None if x is None else checked.member(VoidReason, x, p).value,
    "current_trick": _current_trick,
    "hand": _cards,
    "hand_sizes": lambda x, p: _pair(x, p, lambda n, q: checked.integer(n, q, 0, 54)),
    "known_hands": lambda x, p: _pair(x, p, _cards),
    "strohmaenner": lambda x, p: _pair(x, p, _piles),
    "announcements": lambda x, p: _pair(x, p, _announcements),
    "legal_actions": _actions,
}

