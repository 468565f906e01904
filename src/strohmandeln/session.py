"""Sessions: a match on a game server, with its deal in progress and its dealing, saved and loaded
as one signed document that a server can resume from after a crash.

A :class:`Session` holds what a server needs to go on: where the match stands (its
:class:`~strohmandeln.match.Standing` — the next dealer, the running score and the stakes, not the
finished deals), the deal in progress, and the *dealing secret* from which every deal of the
match is dealt (deal ``k`` shuffled by a generator seeded from the secret and ``k``). Its document
has the same size, and takes the same time to save and to load, after three deals or three
thousand.

Loading trusts nothing that it can check. The deal in progress is dealt again from the secret and
its actions are replayed through the rules. What it cannot check — the score of the finished
deals, which the document does not hold — it takes only under the server's own signature: the
document carries an HMAC-SHA256 of its content under a key only the server knows, and a document
whose signature does not match is refused (``bad_signature``) before anything else of it is read.
A server that archives its finished deals (as records or documents) can check the archive
against the session at any time with :meth:`Session.replay`.

**What is signed** is the document as received, in a canonical form frozen with format 1: every
field but ``signature``, as JSON with the keys sorted, no white space and every character beyond
ASCII escaped (``json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)``) —
never a document written again by the running release. So a document verifies in every later
release (however the rule sets grow), and one changed in any way, even to a spelling that means
the same (an action upper-cased, a preset written in full), does not.

**Keys.** The signing key and the dealing secret are ``bytes`` of 16 to 64 (any other type or
length is an :class:`~strohmandeln.ArgumentTypeError` or :class:`~strohmandeln.ArgumentValueError`).
The HMAC's key is derived from the signing key (a SHA-256 of a label and the key), so distinct
keys sign differently — HMAC itself would take ``K`` and ``K + b"\\0"`` for the same key.

>>> import random
>>> import strohmandeln as sm
>>> from strohmandeln.session import Session
>>> KEY = b"the server's own signing key, never sent"     # (a real one: secrets.token_bytes(32))
>>> session = Session.start(sm.CLASSIC, secret=b"sixteen+ secret bytes", first_dealer=0)
>>> rng = random.Random(4)
>>> for _ in range(5):                                      # play five deals
...     while not session.state.is_terminal:
...         session = session.apply(rng.choice(session.state.legal_actions()))
...     session = session.next_deal()
>>> session = session.apply(sm.Pass())                      # the sixth is under way
>>> text = session.to_json(key=KEY)                         # ... the server goes down ...
>>> resumed = Session.from_json(text, key=KEY)
>>> resumed == session, resumed.standing.deals_recorded, resumed.state.ply
(True, 5, 1)
>>> try:
...     Session.from_json(text.replace('"scores":[', '"scores":[1'), key=KEY)
... except sm.SerializationError as error:
...     print(error.reason.value)
bad_signature

Never send a session document to a player: it holds the whole deck order of the deal in
progress, and the secret that deals the next ones. Players get views.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Final, final

import attrs

from ._base import args, checked, ids, jsontext
from ._base.signing import deal_seed, derived_match_id, mark_digest, secret_bytes, signature as _signature, signature_of
from ._core.documents import ActionsKind, replay
from ._sessions import MATCH_ID, NO_HISTORY, Mark, Parts, chained, dealt, derived_id, parts, read_standing, signed_text, state_actions, verified
from .actions import Action
from .dealing import deal
from .errors import ArgumentValueError, IllegalActionError, Reason, StateError, StrohmandelnError, shown
from .match import Match, Standing
from .rules import RuleSet
from .state import GameState, record_of, state_of

__all__ = ["MAX_SESSION_JSON", "Mark", "Session"]

#: The largest session document :meth:`Session.from_json` reads by default, in characters: a
#: session of a custom rule set (its full description) with a deal in progress is under 4,000.
MAX_SESSION_JSON: Final = 20_000
#: The fields of a session's document beside its standing's (:class:`~strohmandeln.match.Standing`
#: declares those): their kinds, from which the writer, the reader and the JSON Schema are made.
DOCUMENT_FIELDS: Final[dict[str, checked.Kind]] = {
    "secret": checked.Hex(*checked.SECRET_SIZES),
    "history": checked.Hex(32, 32),
    "actions": ActionsKind(),
    "signature": checked.Hex(32, 32),
    # (written only when the server chose it: the id derived from the secret is left out)
    "match": MATCH_ID,
    # (written only when set: a match without them goes on until the server ends it)
    "length": checked.Whole(1, checked.MAX_COUNT, "deals"),
    "target": checked.Whole(1, checked.MAX_COUNT, "game points"),
}
#: The fields of DOCUMENT_FIELDS a session's document may leave out.
OPTIONAL_FIELDS: Final = ("match", "length", "target")
#: The fields a session's document must give, and all those it may give.
_FIELDS: Final = (
    ("format", "type", *checked.document_fields(Standing)[0], *(k for k in DOCUMENT_FIELDS if k not in OPTIONAL_FIELDS)),
    (*checked.document_fields(Standing)[1], *DOCUMENT_FIELDS),
)


@final  # (a subclass is no value of it: _base.args.instance refuses one)
@attrs.frozen(kw_only=True)
class Session:
    """A match in progress on a server: its :class:`~strohmandeln.match.Standing`, the deal in
    progress (:attr:`state`) and the dealing secret. An immutable value, like a state: each
    method returns a new session.

    Start one with :meth:`start`, play the deal with :meth:`submit` (a client's move, for the
    match's :attr:`move_number`) or :meth:`apply` (a bot's), and once it is over record it and
    deal the next with :meth:`next_deal` (archive the finished deal first, if you keep deals: the
    session keeps only its score) — until the match :attr:`is_over`, if it has a :attr:`length`
    or a :attr:`target`. Save it with :meth:`to_dict` or :meth:`to_json` and load it with
    :meth:`from_dict` or :meth:`from_json`, both under the server's signing key.

    A session made directly (or with :func:`attrs.evolve`) is checked as its document is when
    it is loaded, so that every session that is made saves and loads as itself.

    :raises ArgumentTypeError: for a field of the wrong type (``secret`` and ``history`` must be
        ``bytes``).
    :raises ArgumentValueError: with reason ``bad_value`` for a secret not 16 to 64 bytes long,
        a history not 32, a length or target below 1 (``too_large`` above 10,000,000,000), or a
        deal in progress that is not the one the secret deals next.
    """

    #: Where the match stands before the deal in progress: the next dealer, the running score,
    #: the stakes and the number of deals recorded.
    standing: Standing
    #: The deal in progress (terminal once it is over, until :meth:`next_deal`).
    state: GameState
    #: The dealing secret (16 to 64 bytes): every deal of the session is dealt from it.
    secret: bytes = attrs.field(repr=False)
    #: A digest of every deal recorded so far, in order (32 bytes): :meth:`replay` checks an
    #: archive of the deals against it.
    history: bytes = NO_HISTORY
    #: The match's length, in deals played (void deals do not count), or ``None``.
    length: int | None = None
    #: The score that ends the match once a seat reaches it after a deal, or ``None``.
    target: int | None = None
    #: The match's id, signed with the session: the server's own (1 to 64 letters, digits and
    #: ``. _ : -``) or, if it chose none, one derived from the dealing secret (``m-`` and 20
    #: hexadecimal digits). A session loaded for another match is refused (``wrong_match``).
    match_id: str = attrs.field(default=attrs.Factory(lambda self: derived_id(self.secret), takes_self=True))

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "match_id", ids.id_argument(self.match_id, "match_id"))
        for name in ("length", "target"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, args.count(value, name, least=1, most=checked.MAX_COUNT))
        standing = args.instance(self.standing, Standing, "standing")
        state = args.instance(self.state, GameState, "state")
        secret = secret_bytes(self.secret, "dealing secret")
        if type(self.history) is not bytes:
            raise args.wrong_type("history", "bytes", self.history)
        if len(self.history) != 32:
            raise ArgumentValueError(Reason.BAD_VALUE, f"the history must be 32 bytes long, not {len(self.history)}")
        first = dealt(standing, secret)
        if (state.rules, state.dealer, state.multiplier, state.order) != (first.rules, first.dealer, first.multiplier, first.order):
            raise ArgumentValueError(Reason.BAD_VALUE, "the state is not of the deal the secret deals next, by the next dealer at the stakes")

    @classmethod
    def start(
        cls,
        rules: RuleSet,
        *,
        secret: bytes,
        first_dealer: int = 0,
        length: int | None = None,
        target: int | None = None,
        match_id: str | None = None,
    ) -> Session:
        """A new match under ``rules`` whose first deal is dealt at once, by ``first_dealer``.

        ``secret`` (16 to 64 bytes, for example ``secrets.token_bytes``) decides every deal
        of the session: keep it as secret as the deals. A fixed secret gives the same deals
        every time, for tests and replays. ``length`` (a number of deals played) and ``target``
        (a score) end the match (:attr:`is_over`) after the deal that reaches either; without
        them it goes on until the server ends it. ``match_id`` is the server's name of the
        match (:attr:`match_id`), signed with each of its documents; without it the session
        derives one from the secret.

        >>> import strohmandeln as sm
        >>> session = Session.start(sm.STRAMANDL, secret=bytes(16), first_dealer=1)
        >>> session.state.dealer, session.standing.scores, session.state.ply
        (1, (0, 0), 0)
        >>> Session.start(sm.STRAMANDL, secret=bytes(16), first_dealer=1) == session
        True

        :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`,
            ``secret`` not ``bytes``, ``first_dealer`` not a whole number, ``length`` or
            ``target`` neither ``None`` nor a whole number, or ``match_id`` neither ``None`` nor
            a text.
        :raises ArgumentValueError: for a secret not 16 to 64 bytes long (``bad_value``), a
            dealer that is not 0 or 1 (``bad_seat``), or a length or target below 1
            (``bad_value``) or above 10,000,000,000 (``too_large``), or a match id that is no id
            (``bad_value``).
        """
        standing = Match.start(rules, first_dealer=first_dealer).standing
        secret = secret_bytes(secret, "dealing secret")
        ends = [None if x is None else args.count(x, name, least=1, most=checked.MAX_COUNT) for x, name in ((length, "length"), (target, "target"))]
        named = derived_match_id(secret) if match_id is None else ids.id_argument(match_id, "match_id")
        state = dealt(standing, secret)
        return checked.unchecked(
            cls, standing=standing, state=state, secret=secret, history=NO_HISTORY, length=ends[0], target=ends[1], match_id=named
        )

    def __repr__(self) -> str:
        from .rules import label  # (one line, and never the secret)

        st = self.standing
        return f"<Session {label(st.rules)} deals={st.deals_recorded} scores=({st.scores[0]:+d}, {st.scores[1]:+d}) state={self.state!r}>"

    @property
    def rules(self) -> RuleSet:
        """The rule set of every deal."""
        return self.standing.rules

    @property
    def move_number(self) -> int:
        """The match's move number: the number a client sends with its next move
        (:meth:`submit`). Every accepted action and every new deal advance it by one, so it
        never comes back in a match, unlike the deal's :attr:`~strohmandeln.GameState.ply`.

        >>> import strohmandeln as sm
        >>> session = Session.start(sm.CLASSIC, secret=bytes(16))
        >>> session.move_number, session.submit(sm.Pass(), player=1, move_number=0).move_number
        (0, 1)
        """
        return self.standing.move_number + self.state.ply

    @property
    def mark(self) -> Mark:
        """The session's :class:`Mark`: its match id, its :attr:`move_number` and a digest of
        where it stands. Store it, after each move you acknowledge, somewhere else than the
        session documents (another machine, another disk: the server guide's *Backups, restores
        and replicas*), and load sessions with ``acknowledged=`` it (:meth:`from_dict`) or
        :meth:`check` them against it.
        """
        number = self.move_number
        digest = mark_digest(self.secret, self.match_id, number, self.history, [str(a) for a in self.state.history])
        return checked.unchecked(Mark, match_id=self.match_id, move_number=number, digest=digest)

    def check(self, acknowledged: Mark) -> None:
        """Refuse this session if it is not at, or after, the move of the mark ``acknowledged``:
        the comparison of a session the server is about to resume with the last move it
        acknowledged in its match.

        - a mark of another match: ``wrong_match``;
        - a session before the mark's move (its :attr:`move_number` is smaller): ``rolled_back``
          — a database restored from a backup, a replica that lags, an old document replayed;
        - a session at the mark's move, or later in the same deal, that does not hold the
          acknowledged session (other actions, other recorded deals): ``diverged``.

        A session in a later deal than the mark's is taken: the mark store may lag behind the
        sessions (its digest cannot be checked against the recorded deals, which the session
        keeps only as its history).

        >>> import strohmandeln as sm
        >>> older = Session.start(sm.CLASSIC, secret=bytes(16), match_id="m-17")
        >>> newer = older.apply(sm.Pass())
        >>> newer.check(older.mark), newer.check(newer.mark)        # later, or the same: taken
        (None, None)
        >>> try:
        ...     older.check(newer.mark)
        ... except sm.StateError as error:
        ...     print(error.reason.value, "|", error)
        rolled_back | the session is at move 0, before the acknowledged move 1 of match 'm-17'

        :raises StateError: ``wrong_match``, ``rolled_back`` or ``diverged``.
        :raises ArgumentTypeError: if ``acknowledged`` is not a :class:`Mark`.
        """
        mark = args.instance(acknowledged, Mark, "acknowledged")
        if mark.match_id != self.match_id:
            raise StateError(Reason.WRONG_MATCH, f"a mark of match {mark.match_id!r}, not of this session's {self.match_id!r}")
        now, then = self.move_number, mark.move_number
        if then > now:
            raise StateError(Reason.ROLLED_BACK, f"the session is at move {now}, before the acknowledged move {then} of match {mark.match_id!r}")
        start = self.standing.move_number
        if then >= start:
            actions = [str(a) for a in self.state.history[: then - start]]
            if mark_digest(self.secret, self.match_id, then, self.history, actions) != mark.digest:
                raise StateError(Reason.DIVERGED, f"the session does not hold the acknowledged move {then} of match {mark.match_id!r}")

    def apply(self, action: Action, player: int | None = None, expected_ply: int | None = None) -> Session:
        """The session after ``action`` in the deal in progress: :meth:`GameState.apply
        <strohmandeln.GameState.apply>` with the same checks and the same errors (the session
        is unchanged by a refusal) — for bots and tests. A server takes its clients' moves with
        :meth:`submit`, whose move number counts over the whole match.

        :raises IllegalActionError: as :meth:`GameState.apply <strohmandeln.GameState.apply>`.
        :raises ArgumentTypeError: if ``player`` or ``expected_ply`` is not a whole number.
        """
        return self._at(self.state.apply(action, player, expected_ply))

    def submit(self, action: Action, *, player: int, move_number: object) -> Session:
        """The session after a client's move ``action`` for the seat ``player``, sent for the
        match's move :attr:`move_number` — the server's path, where both are required. A move
        number that is missing (``None``, JSON ``null``), a boolean, text or anything but a
        whole number is refused as ``bad_move_number``; another number as ``stale_move``
        (late, repeated, or from another deal), before the seat or the action is looked at;
        a move in a match that is over as ``match_over``. The session is unchanged by a refusal.

        >>> import strohmandeln as sm
        >>> session = Session.start(sm.CLASSIC, secret=bytes(16)).submit(sm.Pass(), player=1, move_number=0)
        >>> for number in (0, None, "1", True):
        ...     try:
        ...         session.submit(sm.Take(), player=0, move_number=number)
        ...     except sm.IllegalActionError as error:
        ...         print(error.reason.value, "|", error)
        stale_move | a move for move 0, but the match is at move 1
        bad_move_number | a move needs its match's move number (a whole number), not None
        bad_move_number | a move needs its match's move number (a whole number), not '1'
        bad_move_number | a move needs its match's move number (a whole number), not True

        :raises IllegalActionError: ``bad_move_number``, ``stale_move``, ``match_over``, and as
            :meth:`GameState.apply <strohmandeln.GameState.apply>` for the move.
        :raises ArgumentTypeError: if ``player`` is not a whole number.
        :raises ArgumentValueError: with reason ``bad_seat`` if it is not 0 or 1.
        """
        seat = args.seat(player, "player")
        number = None if type(move_number) is bool else args.whole(move_number)
        if number is None:
            why = f"a move needs its match's move number (a whole number), not {shown(move_number)}"
            raise IllegalActionError(Reason.BAD_MOVE_NUMBER, why)
        if self.is_over:
            raise IllegalActionError(Reason.MATCH_OVER, self._over())
        now = self.move_number
        if number != now:
            sent = f"move {number}" if abs(number) < 10**12 else "a move number out of range"
            raise IllegalActionError(Reason.STALE_MOVE, f"a move for {sent}, but the match is at move {now}")
        return self._at(self.state.apply(action, seat))

    @property
    def is_over(self) -> bool:
        """Whether the match is over: the deal in progress is finished and reaches the match's
        :attr:`length` or :attr:`target` score once recorded. :meth:`next_deal` then refuses to
        deal another (``match_over``); :meth:`final_standing` is where the match ended.

        >>> import strohmandeln as sm
        >>> session = Session.start(sm.CLASSIC, secret=bytes(16), length=1)
        >>> while not session.state.is_terminal:
        ...     session = session.apply(session.state.legal_actions()[0])
        >>> session.is_over, session.final_standing().deals_played
        (True, 1)
        >>> try:
        ...     session.next_deal()
        ... except sm.StateError as error:
        ...     print(error.reason.value, "|", error)
        match_over | the match is over: 1 deal played of 1
        """
        if not self.state.is_terminal or (self.length is None and self.target is None):
            return False
        return self._ends(self.standing.after(self.state)[0])

    def _ends(self, standing: Standing) -> bool:
        """Whether the match ends at ``standing`` (its length or target reached)."""
        if self.length is not None and standing.deals_played >= self.length:
            return True
        return self.target is not None and max(standing.scores) >= self.target

    def _over(self) -> str:
        """Why the match is over, for a message."""
        standing = self.standing.after(self.state)[0]
        if self.length is not None and standing.deals_played >= self.length:
            played = standing.deals_played
            return f"the match is over: {played} deal{'s' if played != 1 else ''} played of {self.length}"
        return f"the match is over: a seat reached the target score of {self.target}"

    def final_standing(self) -> Standing:
        """Where the match ended (it :attr:`is_over`): its standing after the last deal, which
        the session holds as its :attr:`state` (so that the whole match is
        ``session.replay(archive[:-1]).record(session.state)``, for an archive of every deal).

        :raises StateError: ``not_finished`` if the match is not over.
        """
        if not self.is_over:
            raise StateError(Reason.NOT_FINISHED, "the match is not over")
        return self.standing.after(self.state)[0]

    def _at(self, state: GameState) -> Session:
        """The session with ``state`` as its deal in progress (one more action of it)."""
        return checked.unchecked(
            Session,
            standing=self.standing,
            state=state,
            secret=self.secret,
            history=self.history,
            length=self.length,
            target=self.target,
            match_id=self.match_id,
        )

    def next_deal(self) -> Session:
        """The session after recording the finished (or void) deal in progress and dealing the
        next (R5, R7, R9, R26: its dealer and stakes follow from the match).

        :raises StateError: ``not_finished`` if the deal in progress is not over, ``match_over``
            if the match :attr:`is_over`.

        >>> import strohmandeln as sm
        >>> session = Session.start(sm.CLASSIC, secret=bytes(range(16)))
        >>> session = session.apply(sm.Pass()).apply(sm.Pass())
        >>> while not session.state.is_terminal:
        ...     session = session.apply(session.state.legal_actions()[0])
        >>> finished = session.state                 # archive it here, if you keep deals
        >>> session = session.next_deal()
        >>> session.standing.scores == finished.result().totals, session.state.dealer
        (True, 1)
        """
        standing, recorded, _ = self.standing.after(self.state)
        if self._ends(standing):
            raise StateError(Reason.MATCH_OVER, self._over())
        state, history = dealt(standing, self.secret), chained(self.history, recorded)
        return checked.unchecked(
            Session,
            standing=standing,
            state=state,
            secret=self.secret,
            history=history,
            length=self.length,
            target=self.target,
            match_id=self.match_id,
        )

    def replay(self, deals: Iterable[GameState]) -> Match:
        """The whole :class:`~strohmandeln.Match` of this session, from an archive of its finished
        deals, in order — checked against the session: each deal must be the one its secret
        dealt, the history of the deals must be the session's and the match must stand where the
        session stands.

        The deals are scored by the session's own rule set, the one its document was signed
        with: a session document whose preset has changed since it was signed is refused when
        it is loaded (``wrong_rules``, :meth:`from_dict`), and an archive of deals of other rules
        is refused here (``wrong_rules``), so an archive is never rescored under a changed preset.

        :raises StateError: ``not_finished`` and the others of
            :meth:`Match.record <strohmandeln.Match.record>` for a deal that cannot be recorded;
            ``malformed_document`` if the archive is not this session's.
        :raises ArgumentTypeError: if ``deals`` is not an iterable.
        :raises ArgumentValueError: with reason ``too_large`` for more than
            ``serialization.MAX_DEALS`` (10,000) deals.

        >>> import strohmandeln as sm
        >>> session, archive = Session.start(sm.CLASSIC, secret=bytes(16)), []
        >>> for _ in range(3):
        ...     while not session.state.is_terminal:
        ...         session = session.apply(session.state.legal_actions()[-1])
        ...     archive.append(session.state)
        ...     session = session.next_deal()
        >>> session.replay(archive).scores == session.standing.scores
        True
        >>> try:
        ...     session.replay(archive[:2])
        ... except sm.StateError as error:
        ...     print(error.reason.value, "|", error)
        malformed_document | the archive holds 2 deals, the session recorded 3
        """
        recorded = self.standing.deals_recorded
        states = []
        for number, state in enumerate(args.items(deals, "deals", checked.MAX_DEALS, iterable=True)):
            if number >= recorded:
                raise StateError(Reason.MALFORMED_DOCUMENT, f"the archive holds more than the session's {recorded} deals")
            states.append(state)
        if len(states) != recorded:
            raise StateError(Reason.MALFORMED_DOCUMENT, f"the archive holds {len(states)} deals, the session recorded {recorded}")
        match = Match.start(self.rules, first_dealer=self.standing.first_dealer).record_all(states)
        history = NO_HISTORY
        for number, state in enumerate(match.deals):
            seed = deal_seed(self.secret, number)
            dealt = deal(self.rules, dealer=state.dealer, rng=seed, multiplier=state.multiplier)
            if dealt.to_dict()["order"] != state.to_dict().get("order"):
                raise StateError(Reason.MALFORMED_DOCUMENT, f"deal {number + 1} of the archive is not the one the session dealt")
            history = chained(history, state)
        # (the move number aside: a session saved by the release before holds none)
        if history != self.history or attrs.evolve(match.standing, move_number=self.standing.move_number) != self.standing:
            raise StateError(Reason.MALFORMED_DOCUMENT, "the archive's deals are not the ones the session recorded")
        return match

    # ----------------------------------------------------------------------------------------
    # Documents

    def to_dict(self, *, key: bytes) -> dict[str, Any]:
        """The session's document, signed with the server's ``key`` (16 to 64 bytes): the
        standing, the secret, the history, the match id (if the server chose it: else it is the
        one the secret derives) and the actions of the deal in progress, which is dealt again
        from the secret when it is loaded — so the match-wide move number is signed too. About 700 characters as JSON for a
        preset's session, whatever the number of deals finished.

        >>> import strohmandeln as sm
        >>> doc = Session.start(sm.CLASSIC, secret=bytes(16)).apply(sm.Pass()).to_dict(key=bytes(32))
        >>> doc["type"], doc["rules"][:8], doc["scores"], doc["actions"], len(doc["signature"])
        ('session', 'classic@', [0, 0], ['pass'], 64)

        :raises ArgumentTypeError: if ``key`` is not ``bytes``.
        :raises ArgumentValueError: if it is not 16 to 64 bytes long.
        """
        key = secret_bytes(key, "signing key")
        made = self._parts()
        actions = state_actions(self.state)
        return {**made.body(actions), "signature": signature_of(made.canonical(actions), key)}

    def _parts(self) -> Parts:
        """The fields of the session's document but its actions, as written in this deal."""
        return parts(self.standing, self.secret, self.history, self.match_id, self.length, self.target)

    @classmethod
    def from_dict(cls, data: object, *, key: bytes, match_id: str | None = None, acknowledged: Mark | None = None) -> Session:
        """Load a session document that ``key`` signed (:meth:`to_dict`) — of the match
        ``match_id``, if given, and at or after the move of the mark ``acknowledged``, if given
        (:meth:`check`).

        Its signature is checked first, over the document as given (its canonical form: see
        the module's documentation), before any of its fields is read: a document that is not
        signed, or not so under ``key``, is refused ``bad_signature`` whatever it holds. Then
        its fields are read, the standing checked (:class:`~strohmandeln.match.Standing`), and
        the deal in progress dealt again from the secret and its actions replayed through the
        rules. A document that names a preset is pinned to the preset's values: if the preset
        has changed since the document was signed, the document is refused (``wrong_rules``),
        never loaded under the new values. A document of another match than ``match_id`` is
        refused ``wrong_match``, one before the acknowledged move ``rolled_back``, one that
        does not hold it ``diverged``.

        :raises SerializationError: ``bad_signature``, ``malformed_document``,
            ``unsupported_version``, ``too_large``, ``wrong_rules``, ``wrong_match``,
            ``rolled_back``, ``diverged``, or the reason of the rule an action breaks.
        :raises ArgumentTypeError: if ``key`` is not ``bytes``, ``match_id`` neither ``None``
            nor a text, or ``acknowledged`` neither ``None`` nor a :class:`Mark`.
        :raises ArgumentValueError: if the key is not 16 to 64 bytes long, or the match id no id.
        """
        key = secret_bytes(key, "signing key")
        expected = None if match_id is None else ids.id_argument(match_id, "match_id")
        if acknowledged is not None:
            args.instance(acknowledged, Mark, "acknowledged")
        plain = verified(data, key)
        # Signed by the server: what follows only catches a server's own mistakes.
        d = checked.obj(plain, "document", *_FIELDS)
        standing = read_standing(d)
        secret = DOCUMENT_FIELDS["secret"].load(d["secret"], "secret")
        history = DOCUMENT_FIELDS["history"].load(d["history"], "history")
        named = derived_match_id(secret) if d.get("match") is None else MATCH_ID.load(d["match"], "match")
        if expected is not None and named != expected:
            raise checked.fail("match", f"a session of match {named!r}, not of {expected!r}", Reason.WRONG_MATCH)
        checked.items(d["actions"], "actions")  # (each action is read as it is replayed below)
        try:
            first = dealt(standing, secret)
        except StrohmandelnError as error:
            raise checked.fail("factor", error.message, error.reason) from None
        state = state_of(replay(record_of(first), d["actions"], "actions"))
        ends = [None if d.get(k) is None else DOCUMENT_FIELDS[k].load(d[k], k) for k in ("length", "target")]
        session = checked.unchecked(
            cls, standing=standing, state=state, secret=secret, history=history, length=ends[0], target=ends[1], match_id=named
        )
        if acknowledged is not None:
            try:
                session.check(acknowledged)
            except StateError as error:
                raise checked.fail("", error.message, error.reason) from None
        return session

    def to_json(self, *, key: bytes) -> str:
        """:meth:`to_dict` as compact JSON text (written in parts: the fields but the actions once
        per deal).

        :raises ArgumentError: as :meth:`to_dict`.
        """
        return signed_text(self._parts(), self.state, secret_bytes(key, "signing key"))

    @classmethod
    def from_json(
        cls, text: str | bytes, *, key: bytes, max_length: int = MAX_SESSION_JSON, match_id: str | None = None, acknowledged: Mark | None = None
    ) -> Session:
        """Parse JSON text of at most ``max_length`` characters and load the session
        (:meth:`from_dict`).

        :raises SerializationError: as :meth:`from_dict`, and ``too_large`` for longer text.
        :raises ArgumentError: as :meth:`from_dict` for the key, and if ``max_length`` is not a
            whole number of at least 0.
        """
        return cls.from_dict(jsontext.parse_json(text, max_length), key=key, match_id=match_id, acknowledged=acknowledged)
