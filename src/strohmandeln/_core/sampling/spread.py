"""The exact count of a spectator's view: every spread of the free cards over groups of places.

A spectator's view has two unknown first hands, the unseen last cards of both seats and the
face-down places. The places fall into :class:`Group` s that accept the same cards, and the free
cards into *types*: cards that may go to the same groups (:mod:`.spectator` works them out from
the view's facts). :class:`Spread` counts every way to spread the types over the groups exactly
and draws from them uniformly.

A first hand may have to hold at least some cards of a *minimum*: R7's tarock in a dealt hand
that was not asked whether to fold, or a position's tarocks and Kings that its Strohmänner lost
before the first trick (R11, :mod:`strohmandeln._core.possible`); the types then also tell the
minimum's cards (``mask``) from the others, and the count keeps how many each hand has.
"""

from __future__ import annotations

import bisect
import itertools
import math
from typing import Final

from ..._base.masks import TAROCKS
from ...errors import Reason, StateError
from .constraints import inconsistent
from .draw import Rnd, below, in_random_order

#: The kinds of group: a first hand (dealt or set up), one unseen last card, the face-down places.
HAND: Final = 0
UNSEEN: Final = 1
DOWN: Final = 2

#: A type of free cards: (the groups it may go to as bits, whether its cards are of the minimum
#: (R7: tarocks), its cards).
CardType = tuple[int, bool, list[int]]

#: C(n, k) for every count of cards a deck can have.
_BINOMIAL: Final = tuple(tuple(math.comb(n, k) for k in range(n + 1)) for n in range(65))
#: The ordered choices of k of n cards: n! / (n - k)!
_FALLING: Final = tuple(tuple(math.perm(n, k) for k in range(n + 1)) for n in range(65))
_ROOM_BITS: Final = 6  # bits per group of free places in a packed room (at most 54 places)
_SLOT: Final = 0  # kinds of steps of :class:`Spread`: some cards to a group
_ONES: Final = 1  # a card to each of some places of one card (or just the type's end)
#: A state of :class:`Spread` that leads to no deal.
_NONE_ON: Final[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = ((), (), ())

#: A step of :class:`Spread`: (its kind, the group, the shift of its room, whether a card there
#: counts for the group's minimum, the shifts of the rooms of the type's groups after it, the
#: type, the cards of the types after it, whether the step ends the type, whether the type may go
#: to the last group, whether a card there counts for its minimum, (group, shift) of the places
#: of one card).
Step = tuple[int, int, int, bool, tuple[int, ...], int, int, bool, bool, bool, tuple[tuple[int, int], ...]]


class Group:
    """Free places that accept the same cards: a first hand, one unseen last card, or the
    face-down places."""

    __slots__ = ("kind", "seat", "positions", "take", "need")

    def __init__(self, kind: int, seat: int, positions: tuple[int, ...], take: int = 0, need: int = 0) -> None:
        #: :data:`HAND`, :data:`UNSEEN` or :data:`DOWN`
        self.kind = kind
        self.seat = seat
        self.positions = positions
        #: for an unseen last card: the tricks completed when it was taken up
        self.take = take
        #: for a first hand: the cards of the minimum it holds at least
        #: (:func:`~.constraints.minimum`: R7's tarock, a position's tarocks and Kings, R11)
        self.need = need


def _type_order(kind: CardType) -> tuple[int, int]:
    """The order in which :class:`Spread` walks the types: those that may go to the fewest
    groups first, then the smaller (so that the walk's states spread out late)."""
    return kind[0].bit_count(), len(kind[2])


class Spreads:
    """The deals of a spectator's groups of places and types of free cards (:class:`Spread`),
    drawn and counted with R7: where R7 wants a tarock in a first hand, a draw that counts
    tarocks like other cards is kept only if each such hand has one (rejection keeps the draw
    uniform); after eight misses in a row, the draw counts them apart (slower to build, so built
    only then)."""

    __slots__ = ("groups", "types", "budget", "plain", "strict", "fallen", "mask")

    def __init__(self, groups: list[Group], types: list[CardType], budget: int | None = None, mask: int = TAROCKS) -> None:
        self.groups = groups
        self.types = types
        #: the cards of the first hands' minimum (R7: the tarocks; a position's: tarocks and Kings)
        self.mask = mask
        #: at most this many states of each count (:class:`Spread`)
        self.budget = budget
        #: the deals counted without R7's tarocks apart, and with them (built when needed)
        self.plain: Spread | None = None
        self.strict: Spread | None = None
        #: whether the draws have fallen back on the strict count (a count alone does not)
        self.fallen = False

    def draw(self, rnd: Rnd) -> list[list[int]]:
        """The free cards of each group, uniformly among all deals."""
        if not self.fallen:
            plain = self.plain
            if plain is None:
                plain = self.plain = self._spread(False)
            need = _needing(self.groups)
            mask = self.mask
            for _ in range(8):
                chosen = plain.draw(rnd)
                if all(sum([mask >> c & 1 for c in chosen[g]]) >= need >> _NEED_BITS * g & _NEED_MAX for g in range(min(2, len(chosen)))):
                    return chosen
            self.fallen = True
        if self.strict is None:
            self.strict = self._spread(True)
        return self.strict.draw(rnd)

    def count(self) -> int:
        """The number of deals: the first hands as sets of cards, the face-down places and the
        unseen last cards in their order (R7 counted exactly)."""
        if _needing(self.groups):
            if self.strict is None:
                self.strict = self._spread(True)
            spread = self.strict
        else:
            if self.plain is None:
                self.plain = self._spread(False)
            spread = self.plain
        down = sum(len(group.positions) for group in self.groups if group.kind == DOWN)
        return spread.total * math.factorial(down)

    def _spread(self, r7: bool) -> Spread:
        spread = Spread(self.groups, self.types, r7, self.budget)
        if not spread.total:
            raise inconsistent("the observed plays leave no possible deal")
        return spread


class Spread:
    """Every way to spread a spectator's free cards over the groups of free places, counted
    exactly, and uniform draws from them.

    The free cards come in *types*: cards that may go to the same groups (with ``r7``, also
    alike in being tarocks or not, for the first hands that must hold a tarock). Unseen last
    cards that the same types may be are one group of their number. One group, the largest, is
    the *last*: its room follows from the cards not yet placed, so it is not part of the state.
    The deals are counted by a walk over the types, in *steps*: for each type, one that chooses
    which of its places of one card it fills (``k`` of its ``left`` cards, in ``left! / (left -
    k)!`` ways), then one per other group but the last that it may go to (``x`` of its cards,
    in ``C(left, x)`` ways); the type's last step puts its other cards in the last group. The
    state of the walk is the step, the type's cards left, the room left in each group but the
    last, and (with ``r7``) which first hands that must hold a tarock have one. The completions
    of each state are counted once (from the last step back, pruned where the types to come
    cannot fill a group) and kept with the choices that lead on. A draw walks the steps from
    the first, picks each choice with weight (its ways) × (its completions) and deals out the
    type's cards, shuffled, in that order: every deal is drawn with probability 1 / (all
    deals).
    """

    __slots__ = ("steps", "cards", "split", "supply", "members", "n_view", "last", "need", "tables", "start", "total", "budget")

    def __init__(self, groups: list[Group], types: list[CardType], r7: bool, budget: int | None = None) -> None:
        #: at most this many states, or a StateError with reason ``too_large`` (None: no bound)
        self.budget = budget
        need = _needing(groups) if r7 else 0  # (the first hands are groups 0 and 1, here too)
        if not need:  # (tarocks and other cards of the same groups count alike)
            merged: dict[int, list[int]] = {}
            for allowed, _, cards in types:
                merged.setdefault(allowed, []).extend(cards)
            types = [(allowed, False, cards) for allowed, cards in merged.items()]
        #: the groups of the view in each group here
        self.members, where = _merge_unseen(groups, types)
        self.n_view = len(groups)
        types = [(_regroup(allowed, where), tarock, cards) for allowed, tarock, cards in types]
        n_groups = len(self.members)
        #: the cards of the minimum each first hand must hold (:func:`_needing`; none without ``r7``)
        self.need = need
        size = [sum(len(groups[g].positions) for g in members) for members in self.members]
        last = self.last = max(range(n_groups), key=size.__getitem__, default=-1)
        # The types, those with the fewest groups first: their cards, whether they may go to
        # more than one group, and what the types from each on can still fill.
        ordered = sorted(types, key=_type_order)
        self.cards = [cards for _, _, cards in ordered] + [[]]
        self.split = [allowed.bit_count() > 1 and len(cards) > 1 for allowed, _, cards in ordered]
        self.supply = self._supplies(ordered, n_groups)
        single = [len(m) == 1 and groups[m[0]].kind == UNSEEN and size[b] == 1 for b, m in enumerate(self.members)]
        self.steps = self._steps(ordered, n_groups, single)
        room = 0
        for g in range(n_groups):
            if g != last:
                room |= size[g] << _ROOM_BITS * g
        #: per state (:func:`_state_key`): the cumulative weights of its choices, the state each
        #: leads to, and what it places (:meth:`_moves`); none where none leads on
        self.tables: dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}
        left = len(self.cards[0])
        self.start = _state_key(0, left, room, 0)
        spreads = self._count(0, left, room, sum(size) - (size[last] if last >= 0 else 0), 0, self.start)
        #: the number of deals (each spread of a group of unseen last cards stands for its
        #: places' orders; the face-down places as a set)
        self.total = spreads * math.prod(math.factorial(len(members)) for members in self.members)

    def _supplies(self, ordered: list[CardType], n_groups: int) -> list[tuple[int, int, int]]:
        """What the types from each on can fill: per group but the last (packed as a room), in
        the last group, and the tarocks R7 wants."""
        last = self.last
        supply = [(0, 0, 0)] * (len(ordered) + 1)
        for t in range(len(ordered) - 1, -1, -1):
            allowed, tarock, cards = ordered[t]
            room, in_last, tarocks = supply[t + 1]
            for g in range(n_groups):
                if g != last and allowed >> g & 1:
                    room += min(len(cards), 63) << _ROOM_BITS * g
            if allowed >> last & 1:
                in_last += len(cards)
            if tarock:
                for g in range(2):
                    if allowed >> g & 1:
                        tarocks = _give(tarocks, self.need, g, len(cards))
            supply[t] = (room, in_last, tarocks)
        return supply

    def _steps(self, ordered: list[CardType], n_groups: int, single: list[bool]) -> list[Step]:
        """The steps of each type (:data:`Step`): one for the unseen last cards of one place each
        that it may be (which of them it fills), then one per other group but the last that it
        may go to, the last step also putting the type's other cards in the last group (a type
        that may go to the last group only has one step that does just that)."""
        last = self.last
        need = self.need
        steps: list[Step] = []
        rest = sum(len(cards) for cards in self.cards)
        for t, (allowed, tarock, cards) in enumerate(ordered):
            rest -= len(cards)
            may = bool(allowed >> last & 1)
            fills_last = bool(tarock and 0 <= last < 2 and need >> _NEED_BITS * last & _NEED_MAX)
            mine = [g for g in range(n_groups) if g != last and allowed >> g & 1 and not single[g]]
            ones = tuple((g, _ROOM_BITS * g) for g in range(n_groups) if g != last and allowed >> g & 1 and single[g])
            if ones:
                later = tuple(_ROOM_BITS * h for h in mine)
                steps.append((_ONES, -1, 0, False, later, t, rest, not mine, may, fills_last, ones))
            for k, g in enumerate(mine):
                later = tuple(_ROOM_BITS * h for h in mine[k + 1 :])
                fills = bool(tarock and g < 2 and need >> _NEED_BITS * g & _NEED_MAX)
                steps.append((_SLOT, g, _ROOM_BITS * g, fills, later, t, rest, k == len(mine) - 1, may, fills_last, ()))
            if not mine and not ones:
                steps.append((_ONES, -1, 0, False, (), t, rest, True, may, fills_last, ()))
        return steps

    def _count(self, i: int, left: int, room: int, total_room: int, given: int, key: int) -> int:
        """The deals from step ``i`` (state ``key``) on, with ``left`` cards of its type to place
        and ``room`` (``total_room`` in all) in the groups but the last.

        (States and choices are packed into ints, which the garbage collector does not track: a
        table of tuples of them would cost a program with many live objects far more time.)
        """
        if i == len(self.steps):
            return 1 if not room and given == self.need else 0
        table = self.tables.get(key)
        if table is not None:
            return table[0][-1] if table[0] else 0
        totals: list[int] = []
        children: list[int] = []
        placed: list[int] = []
        total = 0
        j = i + 1
        for what, ways, l2, r2, t2, g2 in self._moves(i, left, room, total_room, given):
            child = _state_key(j, l2, r2, g2)
            n = self._count(j, l2, r2, t2, g2, child)
            if n:
                total += ways * n
                totals.append(total)
                children.append(child)
                placed.append(what)
        self.tables[key] = (tuple(totals), tuple(children), tuple(placed)) if total else _NONE_ON
        if self.budget is not None and len(self.tables) > self.budget:
            raise StateError(Reason.TOO_LARGE, f"counting the deals of this view takes more than {self.budget:,} steps")
        return total

    def _moves(self, i: int, left: int, room: int, total_room: int, given: int) -> list[tuple[int, int, int, int, int, int]]:
        """The choices at step ``i`` that the rooms and R7 allow: what it places (the cards in
        its group, or the places of one card it fills, as group bits), in how many ways, and
        the next step's cards left, room, room in all and tarocks given."""
        kind, g, shift, fills, later, t, rest, ends, may, fills_last, ones = self.steps[i]
        # What the type's later steps can take: the room of its other groups, and of the last
        # group the cards not yet placed less the room of the others.
        takes = left + rest - total_room if may else 0
        for h in later:
            takes += room >> h & 63
        if kind == _SLOT:
            here = room >> shift & 63
            # At least what the types after this one cannot fill there, and what the type's
            # later steps cannot take.
            low = max(0, here - (self.supply[t + 1][0] >> shift & 63), left - takes)
            options = [(x, x, x << shift) for x in range(low, min(here, left) + 1)]
        else:
            options = self._ones(t, left, room, takes, ones)
        out = []
        nxt = len(self.cards[t + 1]) if ends else 0
        binomial = _BINOMIAL[left]
        for what, x, off in options:
            ways = binomial[x] if kind == _SLOT else _FALLING[left][x]
            now = _give(given, self.need, g, x) if fills and x else given
            after = room - off
            after_total = total_room - x
            if ends:  # the type's other cards go to the last group, where the types after it leave room
                if left - x:
                    if not may:
                        continue
                    if fills_last:
                        now = _give(now, self.need, self.last, left - x)
                if rest < after_total or not self._can_fill(t + 1, after, rest - after_total, now):
                    continue
                out.append((what, ways, nxt, after, after_total, now))
            else:
                out.append((what, ways, left - x, after, after_total, now))
        return out

    def _ones(self, t: int, left: int, room: int, takes: int, ones: tuple[tuple[int, int], ...]) -> list[tuple[int, int, int]]:
        """The choices of a step over places of one card: (the places it fills as group bits, how
        many, the room they take). Those the types after this one cannot fill must be filled
        now; of the others, any as long as the type's cards go round."""
        supply = self.supply[t + 1][0]
        must = taken = 0
        free: list[tuple[int, int]] = []
        for h, sh in ones:
            if room >> sh & 1:
                if supply >> sh & 63:
                    free.append((1 << h, 1 << sh))
                else:
                    must |= 1 << h
                    taken += 1 << sh
        n_must = must.bit_count()
        options: list[tuple[int, int, int]] = []
        for n in range(max(0, left - takes - n_must), min(len(free), left - n_must) + 1):
            for chosen in itertools.combinations(free, n):
                mask = must
                off = taken
                for bit, unit in chosen:
                    mask |= bit
                    off += unit
                options.append((mask, n + n_must, off))
        return options

    def _can_fill(self, t: int, room: int, in_last: int, given: int) -> bool:
        """Whether the types from ``t`` on may fill ``room`` and ``in_last`` places of the last
        group, as far as each group alone tells, and give the first hands the cards of their
        minimum they still want."""
        supply, last_supply, tarocks = self.supply[t]
        if in_last > last_supply:
            return False
        need = self.need
        if need:
            for sh in (0, _NEED_BITS):
                if (need >> sh & _NEED_MAX) - (given >> sh & _NEED_MAX) > (tarocks >> sh & _NEED_MAX):
                    return False
        while room:
            if (room & 63) > (supply & 63):
                return False
            room >>= _ROOM_BITS
            supply >>= _ROOM_BITS
        return True

    def draw(self, rnd: Rnd) -> list[list[int]]:
        """The cards of each group, drawn uniformly among all deals (in no particular order
        within a group)."""
        out: list[list[int]] = [[] for _ in self.members]
        tables = self.tables
        key = self.start
        last = out[self.last] if out else []
        pool = self.cards[0]
        at = 0
        fresh = True  # (at the first step of a type)
        for kind, g, _, _, _, t, _, ends, _, _, _ in self.steps:
            if fresh:
                pool = in_random_order(pool, rnd) if self.split[t] else pool
                fresh = False
            totals, children, placed = tables[key]
            k = 0 if len(totals) == 1 else bisect.bisect_right(totals, below(totals[-1], rnd))
            key = children[k]
            what = placed[k]
            if kind == _SLOT:
                if what:
                    out[g] += pool[at : at + what]
                    at += what
            else:
                while what:  # one card to each place it fills
                    low = what & -what
                    out[low.bit_length() - 1].append(pool[at])
                    at += 1
                    what ^= low
            if ends:
                if at < len(pool):
                    last += pool[at:]
                pool = self.cards[t + 1]
                at = 0
                fresh = True
        return out if len(out) == self.n_view else self._unmerged(out, rnd)

    def _unmerged(self, out: list[list[int]], rnd: Rnd) -> list[list[int]]:
        """The cards of each group of the view, from those of the groups here: one card for each
        unseen place of a merged group, in random order."""
        mine: list[list[int]] = [[] for _ in range(self.n_view)]
        for members, cards in zip(self.members, out):
            if len(members) == 1:
                mine[members[0]] = cards
            else:
                for g, c in zip(members, in_random_order(cards, rnd)):
                    mine[g].append(c)
        return mine


#: Bits per first hand of a packed minimum (:func:`_needing`), and the largest minimum.
_NEED_BITS: Final = 5
_NEED_MAX: Final = (1 << _NEED_BITS) - 1


def _needing(groups: list[Group]) -> int:
    """The cards of the minimum each first hand must hold — one where R7 wants a tarock, a
    position's tarocks and Kings (R11) — packed :data:`_NEED_BITS` bits per hand; the first
    hands are groups 0 and 1."""
    out = 0
    for g, group in enumerate(groups):
        if group.kind == HAND:
            n = group.need
            if n and g > 1:
                raise ValueError("the first hands come first")
            out |= min(n, _NEED_MAX) << _NEED_BITS * g
    return out


def _give(given: int, need: int, g: int, x: int) -> int:
    """The packed counts ``given`` with ``x`` more cards of the minimum in first hand ``g``,
    counted up to its minimum in ``need``."""
    sh = _NEED_BITS * g
    have = given >> sh & _NEED_MAX
    return given + ((min(need >> sh & _NEED_MAX, have + x) - have) << sh)


def _merge_unseen(groups: list[Group], types: list[CardType]) -> tuple[list[list[int]], list[int]]:
    """Unseen last cards that the same types may be, as one group of their number: each spread
    of it stands for the same number of deals (the draw deals its cards to their places in
    random order). The groups of the view in each group, and the group of each."""
    members: list[list[int]] = []
    where = [0] * len(groups)
    same: dict[tuple[int, ...], int] = {}
    for g, group in enumerate(groups):
        column = tuple([allowed >> g & 1 for allowed, _, _ in types]) if group.kind == UNSEEN else None
        b = same.get(column, -1) if column is not None else -1
        if b < 0:
            b = len(members)
            members.append([])
            if column is not None:
                same[column] = b
        members[b].append(g)
        where[g] = b
    return members, where


def _regroup(groups: int, where: list[int]) -> int:
    """Group bits of the view as group bits of the merged groups (:func:`_merge_unseen`)."""
    out = 0
    for g, b in enumerate(where):
        if groups >> g & 1:
            out |= 1 << b
    return out


def _state_key(i: int, left: int, room: int, given: int) -> int:
    """A state of :class:`Spread`, packed into an int: the step, the cards of its type left, the
    room (six bits per group) and the cards of the minimum each first hand has been given
    (:func:`_give`, ten bits)."""
    return ((i << 6 | left) << 60 | room) << 10 | given
