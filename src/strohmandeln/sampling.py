"""Sampling the hidden cards of a view (determinization).

A bot that cannot see the opponent's hand or the face-down Strohmann cards can reason about them by
*sampling*: :func:`sample` takes a :class:`~strohmandeln.views.PlayerView` and the caller's random
generator and returns a full :class:`~strohmandeln.GameState` consistent with everything the viewer
has observed — dealing its deck order and replaying the public history reproduces the viewer's
view at every step. A bot can then search the sampled state with full information (for example
with :func:`strohmandeln.analysis.solve`) and average over many samples.

**What is sampled.** The viewer's own dealt hand and every card he saw turned stay where they are.
The *free* cards — the opponent's unknown hand cards (including cards he has since played from
the hand, whose origin the viewer cannot tell), the opponent's last Strohmann cards taken up unseen
(R12's ``hidden``) and every face-down Strohmann card of *both* players (the viewer does not know
his own either) — are distributed over the free places of the deal.

**Constraints.** A sample respects everything the public history implies:

* *following* (R14): a player who did not follow suit had no card of the led suit, and one who
  played neither suit nor tarock had no tarock, among the cards *then* in his hand (his face-up
  tops are public anyway). A card he took into the hand unseen *after* that trick (R12) is not
  bound by it, and one he played before it is not either;
* *having*: a card the opponent played from his hand was in his hand at that moment — dealt to
  him, or one of his unseen last cards taken up before that trick; so were the cards of an
  announcement (R17) he made;
* *folding* (R7): a player asked whether to fold had no tarock among his dealt hand cards; one the
  rules would have asked but did not ask had at least one.

**Distribution.** With the viewer as a player, :func:`sample` draws **exactly uniformly** from all
deck orders that satisfy these constraints (up to floating-point granularity of
:meth:`random.Random.random`). It is rejection-free: the opponent's unseen last cards (at most
three places) are drawn first with weights equal to the exact number of completions of each
choice, counted with binomial coefficients over groups of interchangeable cards; then the
opponent's dealt hand and the face-down cards are drawn uniformly among the completions. Without
constraints this is the uniform distribution over the free cards. For a *spectator* view (two
unknown hands) :func:`sample` returns a consistent deal found with a small flow network: valid, but
not uniform.

>>> import random
>>> from strohmandeln import CLASSIC, deal
>>> state = deal(CLASSIC, dealer=0, rng=7)
>>> while state.trick_number < 5:
...     state = state.apply(state.legal_actions()[0])
>>> view = state.view(0)
>>> guess = sample(view, random.Random(1))
>>> guess.view(0) == view, guess.hand(0) == state.hand(0)
(True, True)
"""

from __future__ import annotations

import bisect
import math
import operator
import random
from typing import Any, Final

from . import _engine as E
from .actions import Fold, Keep
from .cards import DECK_54, Card
from .errors import Reason, StateError
from .rules import Deck, RuleSet
from .state import GameState, Phase
from .views import HIDDEN_CARD, PlayerView, _dealt_mask

__all__ = ["sample", "sample_order"]

_INF: Final = 1 << 30
_CARD: Final = DECK_54.__getitem__
_D: Final = 0  # group kinds
_H: Final = 1
_F: Final = 2


def sample(view: PlayerView, rng: random.Random | int, *, replay: bool = False) -> GameState:
    """A full state consistent with ``view``, its hidden cards drawn with ``rng``.

    :param view: a player's (or a spectator's) view of a dealt state.
    :param rng: a :class:`random.Random` (or an int seed); the library never uses global randomness.
    :param replay: build the state by dealing the sampled order with
        :func:`~strohmandeln.deal` and replaying the history through the rules (slower). By
        default it is assembled directly from the view's public history and the sampled deck
        order; the two are identical, field for field (the test suite checks it).
    :raises StateError: for a view of a position (it has no deck order to sample).

    >>> from strohmandeln import CLASSIC, deal
    >>> view = deal(CLASSIC, dealer=1, rng=3).view(0)
    >>> s = sample(view, 42)
    >>> s.hand(0) == view.hand, s.view(0) == view
    (True, True)
    """
    gen = _generator(rng)
    model = _model(view)
    places, hands = model.draw(gen)
    order = tuple(map(_CARD, places))
    if replay:
        return _replay(view, order)
    return model.assemble(view, places, hands, order)


def sample_order(view: PlayerView, rng: random.Random | int) -> tuple[Card, ...]:
    """Only the deck order of a :func:`sample`: deal it with ``deal(view.rules,
    dealer=view.dealer, order=...)`` and replay ``view.history`` to get the sampled state."""
    gen = _generator(rng)
    return tuple(map(_CARD, _model(view).draw(gen)[0]))


def _generator(rng: object) -> random.Random:
    if isinstance(rng, random.Random):
        return rng
    if type(rng) is int:
        return random.Random(rng)
    raise TypeError(f"rng must be a random.Random or an int seed, not {type(rng).__name__}")


def _replay(view: PlayerView, order: tuple[Card, ...]) -> GameState:
    from .dealing import deal

    state = deal(view.rules, dealer=view.dealer, order=order)
    for action in view.history:
        state = state.apply(action)
    return state


def _inconsistent(why: str) -> StateError:
    return StateError(Reason.MALFORMED_DOCUMENT, f"no deal is consistent with this view: {why}")


# --------------------------------------------------------------------------------------------
# The layout of a deal: which deck positions are whose (R6)

_LAYOUTS: dict[tuple[Deck, int], tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]] = {}


def _layout(deck: Deck, dealer: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """``(hand_positions[seat], pile_positions[seat*3+k])`` of the deck order (R6)."""
    key = (deck, dealer)
    cached = _LAYOUTS.get(key)
    if cached is None:
        elder = 1 - dealer
        hands: list[list[int]] = [[], []]
        piles: list[list[tuple[int, ...]]] = [[], []]
        pos = 0
        for size in deck.hand_packets:
            for seat in (elder, dealer):
                hands[seat].extend(range(pos, pos + size))
                pos += size
        for size in deck.strohmann_sizes:
            for seat in (elder, dealer):
                piles[seat].append(tuple(range(pos, pos + size)))
                pos += size
        cached = _LAYOUTS[key] = ((tuple(hands[0]), tuple(hands[1])), tuple(piles[0]) + tuple(piles[1]))
    return cached


# --------------------------------------------------------------------------------------------
# The model: free cards, free places and what may go where


class _Group:
    """Free places that accept the same cards: a dealt hand, one unseen last card, or the
    face-down cards."""

    __slots__ = ("kind", "seat", "positions", "take", "tarock")

    def __init__(self, kind: int, seat: int, positions: tuple[int, ...], take: int = 0) -> None:
        self.kind = kind
        self.seat = seat
        self.positions = positions
        self.take = take  # for an unseen last card: the tricks completed when it was taken up
        self.tarock = 0  # for a dealt hand (R7): 0 no constraint, 1 none allowed, 2 at least one


class _Model:
    """Everything a view implies about its free cards; built once per view and cached."""

    __slots__ = (
        "size",
        "fixed",
        "groups",
        "types",
        "exact",
        "played",
        "taken",
        "hidden_piles",
        "pile_positions",
        "own_mask",
        "leaves",
        "hidden_groups",
        "dealt_group",
        "down_group",
        "places_of",
        "prefix",
        "suffix",
        "getters",
    )

    size: int
    fixed: list[int]  # card index per deck position, -1 where free
    groups: list[_Group]
    types: list[tuple[int, bool, list[int]]]  # (allowed group bits, is tarock, cards)
    exact: bool
    played: tuple[int, int]  # cards each seat played from the hand
    taken: tuple[int, int]  # cards each seat took up openly or (the viewer's own) unseen
    hidden_piles: list[int]  # pile of each masked event, in event order
    pile_positions: tuple[tuple[int, ...], ...]
    own_mask: int
    leaves: tuple[list[int], list[tuple[int, ...]]] | None
    hidden_groups: list[int]
    dealt_group: int  # exact mode: the opponent's dealt hand
    down_group: int  # the face-down places, or -1
    places_of: list[int]  # per type, exact mode: 1 dealt hand only, 2 face down only, 3 either, 0 neither
    prefix: Any  # the events before the first unseen one, as a cons list
    suffix: tuple[int, ...]  # the events from the first unseen one on
    getters: list[Any]  # per Strohmann: picks its cards, top first, out of a deck order

    def draw(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """A deck order (card indices) drawn as the module docstring says, and the dealt hands."""
        rnd = rng.random
        chosen = self._draw_exact(rnd) if self.exact else self._draw_flow(rnd)
        places = list(self.fixed)
        hands = [self.own_mask, self.own_mask]
        for group, cards in zip(self.groups, chosen):
            if group.kind == _F:
                cards = _shuffled(cards, rnd)
            elif group.kind == _D:
                m = 0
                for c in cards:
                    m |= 1 << c
                hands[group.seat] = m
            for pos, c in zip(group.positions, cards):
                places[pos] = c
        return places, hands

    # -- exact, uniform: one unknown hand ------------------------------------------------------

    def _leaves(self) -> tuple[list[int], list[tuple[int, ...]]]:
        """Every choice of types for the unseen last cards, with cumulative weights: the number of
        complete deals that begin with it (cached: it does not depend on the random draw)."""
        if self.leaves is not None:
            return self.leaves
        groups = self.groups
        types = self.types
        counts = [len(cards) for _, _, cards in types]
        hidden = [g for g in range(len(groups)) if groups[g].kind == _H]
        totals: list[int] = []
        choices: list[tuple[int, ...]] = []
        total = 0

        def visit(k: int, weight: int, chosen: tuple[int, ...]) -> None:
            nonlocal total
            if k == len(hidden):
                w = weight * self._completions(counts)
                if w:
                    total += w
                    totals.append(total)
                    choices.append(chosen)
                return
            bit = 1 << hidden[k]
            for t, (allowed, _, _) in enumerate(types):
                if allowed & bit and counts[t]:
                    n = counts[t]
                    counts[t] = n - 1
                    visit(k + 1, weight * n, chosen + (t,))
                    counts[t] = n

        visit(0, 1, ())
        if not total:
            raise _inconsistent("the observed plays leave no possible deal")
        self.leaves = (totals, choices)
        return self.leaves

    def _draw_exact(self, rnd: Any) -> list[list[int]]:
        groups = self.groups
        types = self.types
        totals, choices = self._leaves()
        out: list[list[int]] = [[] for _ in groups]
        if len(choices) == 1:
            chosen = choices[0]
        else:
            pick = _below(totals[-1], rnd)
            chosen = choices[next(i for i, acc in enumerate(totals) if pick < acc)]
        pools = [cards for _, _, cards in types]
        if chosen:
            pools = [list(cards) for cards in pools]
            for g, t in zip(self.hidden_groups, chosen):
                pool = pools[t]
                j = int(rnd() * len(pool))
                pool[j], pool[-1] = pool[-1], pool[j]
                out[g].append(pool.pop())
        dealt = self.dealt_group
        down = self.down_group
        forced_d: list[int] = []
        forced_f: list[int] = []
        flex_tarock: list[int] = []
        flex_other: list[int] = []
        for where, (_, tarock, _), pool in zip(self.places_of, types, pools):
            if not pool:
                continue
            if where == 3:
                (flex_tarock if tarock else flex_other).extend(pool)
            elif where == 1:
                forced_d.extend(pool)
            else:
                forced_f.extend(pool)
        r = len(groups[dealt].positions) - len(forced_d)
        if groups[dealt].tarock == 2 and not any(c < 22 for c in forced_d):
            nt, nn = len(flex_tarock), len(flex_other)
            weights = [math.comb(nt, j) * math.comb(nn, r - j) for j in range(1, min(nt, r) + 1)]
            pick = _below(sum(weights), rnd)
            j = 1
            for w in weights:
                if pick < w:
                    break
                pick -= w
                j += 1
            flex_tarock = _shuffled(flex_tarock, rnd)
            flex_other = _shuffled(flex_other, rnd)
            forced_d += flex_tarock[:j] + flex_other[: r - j]
            forced_f += flex_tarock[j:] + flex_other[r - j :]
        else:
            flex = _shuffled(flex_tarock + flex_other, rnd) if r else flex_tarock + flex_other
            forced_d += flex[:r]
            forced_f += flex[r:]
        forced_d.sort()
        out[dealt] = forced_d
        if down >= 0:
            out[down] = forced_f
        return out

    def _completions(self, counts: list[int]) -> int:
        """How many ways the dealt hand and the face-down places can take the remaining cards."""
        forced_d = forced_d_tarock = flex = flex_other = 0
        for where, (_, tarock, _), n in zip(self.places_of, self.types, counts):
            if not n:
                continue
            if where == 3:
                flex += n
                if not tarock:
                    flex_other += n
            elif where == 1:
                forced_d += n
                if tarock:
                    forced_d_tarock += n
            elif where == 0:
                return 0
        dealt = self.groups[self.dealt_group]
        r = len(dealt.positions) - forced_d
        if r < 0 or r > flex:
            return 0
        ways = math.comb(flex, r)
        if dealt.tarock == 2 and not forced_d_tarock:
            ways -= math.comb(flex_other, r)
        return ways

    # -- valid, not uniform: any number of unknown hands -----------------------------------------

    def _draw_flow(self, rnd: Any) -> list[list[int]]:
        groups = self.groups
        types = [(allowed, tarock, list(cards)) for allowed, tarock, cards in self.types]
        for _, _, cards in types:
            cards[:] = _shuffled(cards, rnd)
        order = list(range(len(types)))
        order = _shuffled(order, rnd)
        needs = [g for g in range(len(groups)) if groups[g].kind == _D and groups[g].tarock == 2]
        for reserve in _reservations(needs, types, order):
            counts = [len(cards) for _, _, cards in types]
            caps = [len(g.positions) for g in groups]
            for g, t in reserve:
                counts[t] -= 1
                caps[g] -= 1
            if min(counts, default=0) < 0 or min(caps, default=0) < 0:
                continue
            flow = _max_flow([types[t][0] for t in order], [counts[t] for t in order], caps)
            if flow is None:
                continue
            out: list[list[int]] = [[] for _ in groups]
            pools = [list(cards) for _, _, cards in types]
            for g, t in reserve:
                out[g].append(pools[t].pop())
            for i, t in enumerate(order):
                for g, n in enumerate(flow[i]):
                    for _ in range(n):
                        out[g].append(pools[t].pop())
            return out
        raise _inconsistent("the observed plays leave no possible deal")

    # -- the state -----------------------------------------------------------------------------

    def assemble(self, view: PlayerView, places: list[int], dealt: list[int], order: tuple[Card, ...]) -> GameState:
        """The state that dealing ``order`` and replaying the view's history produces."""
        piles = tuple([get(places) for get in self.getters])
        deal = E.Deal(view._rules, order, view._dealer, (dealt[0], dealt[1]), piles)
        # The unseen last cards, now known: fill them into the events (R12).
        events = self.prefix
        taken = self.taken
        if self.suffix:
            taken0, taken1 = taken
            hidden = iter(self.hidden_piles)
            for e in self.suffix:
                if e >> 3 & 63 == HIDDEN_CARD:
                    card = piles[next(hidden)][-1]
                    e = (e & ~(63 << 3)) | card << 3
                    if e & 1:
                        taken1 |= 1 << card
                    else:
                        taken0 |= 1 << card
                events = (events, e)
            taken = (taken0, taken1)
        played = self.played
        p = view._player
        hands = (
            view._hand if p == 0 else (dealt[0] | taken[0]) & ~played[0],
            view._hand if p == 1 else (dealt[1] | taken[1]) & ~played[1],
        )
        return GameState._assemble(
            deal,
            phase=view._phase,
            turn=view._turn,
            hands=hands,
            tops=view._tops,
            won=view._won,
            lead=view._lead,
            ntr=view._ntr,
            tricks=view._tricks,
            events=events,
            hist=view._hist,
            calls=view._calls,
            auc=view._auc,
        )


def _below(n: int, rnd: Any) -> int:
    """A uniform integer in ``[0, n)`` from ``random()`` calls (exact for any ``n``)."""
    if n < 1 << 52:
        return min(int(rnd() * n), n - 1)
    # Big weights: draw 52 bits at a time and reject the unfair tail.
    bits = n.bit_length()
    while True:
        x = 0
        got = 0
        while got < bits:
            x = x << 52 | int(rnd() * (1 << 52))
            got += 52
        x >>= got - bits
        if x < n:
            return x


def _shuffled(cards: list[int], rnd: Any) -> list[int]:
    """``cards`` in uniform random order (sorted by independent uniform keys)."""
    keyed = sorted(zip([rnd() for _ in cards], cards))
    return [c for _, c in keyed]


def _reservations(needs: list[int], types: list[tuple[int, bool, list[int]]], order: list[int]) -> Any:
    """For each dealt hand that needs a tarock (R7), every choice of a tarock type to give it one."""
    if not needs:
        yield ()
        return
    g = needs[0]
    for t in order:
        allowed, tarock, cards = types[t]
        if tarock and allowed >> g & 1 and cards:
            for rest in _reservations(needs[1:], types, order):
                yield ((g, t), *rest)


def _max_flow(allowed: list[int], counts: list[int], caps: list[int]) -> list[list[int]] | None:
    """Distribute ``counts[t]`` cards of each type over groups (capacity ``caps[g]``, type ``t``
    only where bit ``g`` of ``allowed[t]`` is set) so that every card is placed; ``None`` if
    impossible. A plain augmenting-path max flow: the network has a few dozen nodes."""
    nt = len(counts)
    ng = len(caps)
    flow = [[0] * ng for _ in range(nt)]
    used = [0] * ng
    need = sum(counts)
    if need != sum(caps):
        return None
    for t in range(nt):
        for _ in range(counts[t]):
            # BFS from type t over (type -> group -> type via existing flow) to a group with room.
            prev_g: dict[int, int] = {}
            prev_t: dict[int, int] = {t: -1}
            queue = [t]
            found = -1
            while queue and found < 0:
                nxt: list[int] = []
                for u in queue:
                    for g in range(ng):
                        if allowed[u] >> g & 1 and g not in prev_g:
                            prev_g[g] = u
                            if used[g] < caps[g]:
                                found = g
                                break
                            for v in range(nt):
                                if flow[v][g] and v not in prev_t:
                                    prev_t[v] = g
                                    nxt.append(v)
                    if found >= 0:
                        break
                queue = nxt
            if found < 0:
                return None
            used[found] += 1
            g = found
            while True:
                u = prev_g[g]
                flow[u][g] += 1
                back = prev_t[u]
                if back < 0:
                    break
                flow[u][back] -= 1
                g = back
    return flow


# --------------------------------------------------------------------------------------------
# Building the model from a view


def _model(view: PlayerView) -> _Model:
    cached = view._cache.get("model")
    if cached is None:
        cached = view._cache["model"] = _build_model(view)
    return cached


def _build_model(view: PlayerView) -> _Model:
    if not view._dealt:
        raise StateError(Reason.NO_DECK_SOURCE, "a view of a position has no deck order to sample")
    rules: RuleSet = view._rules
    deck = rules.deck
    p = view._player
    unknown = (1 - p,) if p >= 0 else (0, 1)
    hand_positions, pile_positions = _layout(deck, view._dealer)
    size = deck.card_count
    fixed = [-1] * size
    known = 0
    m = _Model()
    m.size = size
    m.pile_positions = pile_positions
    # The viewer's dealt hand stays his (in canonical order within his hand's places).
    m.own_mask = 0
    if p >= 0:
        own = _dealt_mask(view, p)
        if own.bit_count() != len(hand_positions[p]):
            raise _inconsistent("the viewer's dealt hand has the wrong size")
        for pos, c in zip(hand_positions[p], _bits(own)):
            fixed[pos] = c
        m.own_mask = own
        known |= own
    # Every card seen turned stays in its place; the unseen ones are free places (R11, R12).
    turned = [0] * 6
    hidden: list[tuple[int, int, int]] = []  # seat, position, tricks completed when taken
    m.hidden_piles = []
    taken = [0, 0]
    for e in view._events:
        pid = (e & 1) * 3 + (e >> 1 & 3)
        if pid > 5 or turned[pid] >= len(pile_positions[pid]):
            raise _inconsistent("more cards turned than a Strohmann holds")
        pos = pile_positions[pid][turned[pid]]
        turned[pid] += 1
        card = e >> 3 & 63
        if card == HIDDEN_CARD:
            if turned[pid] != len(pile_positions[pid]):
                raise _inconsistent("only a last card is taken up unseen")
            hidden.append((e & 1, pos, e >> 11))
            m.hidden_piles.append(pid)
            continue
        bit = 1 << card
        if known & bit:
            raise _inconsistent("a card is seen twice")
        known |= bit
        fixed[pos] = card
        if e & 0x200:
            taken[e & 1] |= bit
    deck_mask = E.rule_data(rules).deck_mask
    if known & ~deck_mask:
        raise _inconsistent("a card is not in the deck")
    free = deck_mask & ~known
    # The groups of free places.
    groups: list[_Group] = []
    for seat in unknown:
        groups.append(_Group(_D, seat, hand_positions[seat]))
    for seat, pos, take in hidden:
        if seat not in unknown:
            raise _inconsistent("the viewer's own last card is hidden from him")
        groups.append(_Group(_H, seat, (pos,), take))
    down = tuple(pos for pid in range(6) for pos in pile_positions[pid][turned[pid] :])
    if down:
        groups.append(_Group(_F, -1, down))
    if sum(len(g.positions) for g in groups) != free.bit_count():
        raise _inconsistent("the free cards do not fill the free places")
    # What the plays say (R14, R17): cards played from the hand, voids, announcements.
    played_at: list[dict[int, int]] = [{}, {}]
    announced_at: list[dict[int, int]] = [{}, {}]
    voids: list[list[list[int]]] = [[[], [], [], [], []], [[], [], [], [], []]]  # trick numbers per seat, class
    played = [0, 0]

    def note(seat: int, card: int, info: int, trick: int) -> None:
        if not info & 1:
            played[seat] |= 1 << card
            played_at[seat][card] = trick
        if info & 6:
            bits = info >> 1 & 3
            for c in (_TRULL if bits & 1 else ()) + (_KINGS if bits & 2 else ()):
                announced_at[seat].setdefault(c, trick)

    trick = 0
    both = len(unknown) == 2
    q = unknown[0]
    cls_of = E.CLASS
    for packed in E.walk(view._tricks):
        t: int = packed  # type: ignore[assignment]
        trick += 1
        leader = t & 1
        if both or leader == q:
            note(leader, t >> 1 & 63, t >> 14 & 31, trick)
        if both or leader != q:
            card = t >> 7 & 63
            note(1 - leader, card, t >> 19 & 31, trick)
            led_cls = cls_of[t >> 1 & 63]
            cls = cls_of[card]
            if cls != led_cls:  # R14: the follower could not follow, nor trump if he played a suit
                voids[1 - leader][led_cls].append(trick)
                if cls and led_cls:
                    voids[1 - leader][0].append(trick)
    if view._lead >= 0 and (both or view._turn != q):
        note(1 - view._turn, view._lead & 63, view._lead >> 6 & 31, trick + 1)
    m.played = (played[0], played[1])
    m.taken = (taken[0], taken[1])
    # R7: who was asked whether to fold, and who would have been.
    if rules.fold_without_tarock:
        for g in groups:
            if g.kind == _D:
                g.tarock = _fold_constraint(view, g.seat)
    # The types: free cards that may go to the same groups.
    kinds: dict[tuple[int, bool], list[int]] = {}
    involved = [set(played_at[x]) | set(announced_at[x]) for x in (0, 1)]
    owned = 0
    for x in unknown:
        for c in involved[x]:
            owned |= 1 << c
    owned &= free
    # Cards nobody played from the hand or announced: their class decides where they may go.
    for cls in range(5):
        cards = _bits(free & ~owned & _CLASS_MASKS[cls])
        if cards:
            allowed = _allowed(groups, voids, _INF, _INF, cls, -1)
            kinds.setdefault((allowed, cls == 0), []).extend(cards)
    for c in _bits(owned):
        cls = E.CLASS[c]
        owner = unknown[0] if c in involved[unknown[0]] else unknown[-1]
        stop = played_at[owner].get(c, _INF)
        allowed = _allowed(groups, voids, stop, min(stop, announced_at[owner].get(c, _INF)), cls, owner)
        kinds.setdefault((allowed, cls == 0), []).append(c)
    m.types = [(allowed, tarock, cards) for (allowed, tarock), cards in kinds.items()]
    m.groups = groups
    m.fixed = fixed
    m.exact = len(unknown) == 1
    m.leaves = None
    m.hidden_groups = [g for g in range(len(groups)) if groups[g].kind == _H]
    m.dealt_group = next((g for g in range(len(groups)) if groups[g].kind == _D), -1)
    m.down_group = next((g for g in range(len(groups)) if groups[g].kind == _F), -1)
    dbit = 1 << m.dealt_group if m.dealt_group >= 0 else 0
    fbit = 1 << m.down_group if m.down_group >= 0 else 0
    m.places_of = [(1 if allowed & dbit else 0) | (2 if allowed & fbit else 0) for allowed, _, _ in m.types]
    prefix: Any = None
    k = 0
    for e in view._events:
        if e >> 3 & 63 == HIDDEN_CARD:
            break
        prefix = (prefix, e)
        k += 1
    m.prefix = prefix
    m.suffix = view._events[k:]
    m.getters = [operator.itemgetter(*positions) for positions in pile_positions]
    return m


def _allowed(groups: list[_Group], voids: list[list[list[int]]], stop: int, needed: int, cls: int, owner: int) -> int:
    """The groups a free card of class ``cls`` may go to (bit g for group g), by the constraints
    of the module docstring: ``owner`` is the seat that played it from the hand (in trick
    ``stop``) or announced it (it was in his hand by trick ``needed``), or -1."""
    allowed = 0
    for g, group in enumerate(groups):
        if group.kind == _F:
            if owner < 0:
                allowed |= 1 << g
            continue
        seat = group.seat
        if owner >= 0 and seat != owner:
            continue
        tricks = voids[seat][cls]  # the tricks in which the seat showed he had no such card
        if group.kind == _D:
            if group.tarock == 1 and cls == 0:
                continue
            if not tricks or tricks[0] >= stop:
                allowed |= 1 << g
        elif group.take < needed:
            i = bisect.bisect_right(tricks, group.take)
            if i == len(tricks) or tricks[i] >= stop:
                allowed |= 1 << g
    return allowed


_TRULL: Final = (0, 20, 21)
_KINGS: Final = tuple(22 + 8 * s + 7 for s in range(4))


def _fold_constraint(view: PlayerView, seat: int) -> int:
    """R7 for ``seat``'s dealt hand: 1 if he was asked (no tarock), 2 if he would have been asked
    but was not (at least one tarock), 0 if nothing is known."""
    history = view.history[:2]  # fold decisions come first (R7)
    actors = view.actors[:2]
    asked = any(isinstance(a, (Fold, Keep)) and s == seat for a, s in zip(history, actors))
    if view._phase is Phase.FOLD and view._turn == seat:
        asked = True
    if asked:
        return 1
    elder = 1 - view._dealer
    if seat == elder:
        return 2  # Elder is always checked first
    first = view._asked
    if first < 0:
        return 2
    if first == elder and history and isinstance(history[0], Keep):
        return 2  # Elder kept, so the dealer was checked next
    return 0


_BYTES: Final = tuple(tuple(tuple(8 * k + j for j in range(8) if b >> j & 1) for b in range(256)) for k in range(7))
_CLASS_MASKS: Final = (E.TAROCKS, *E.SUIT_MASKS)


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of a card mask, in increasing order."""
    out: list[int] = []
    k = 0
    while mask:
        out += _BYTES[k][mask & 255]
        mask >>= 8
        k += 1
    return out
