"""The presets: the rule sets of the sources, as ordinary :class:`~strohmandeln.RuleSet` values.

Seven presets follow the table of the rulings (R1–R26): :data:`CLASSIC` and :data:`EXTENDED`
([000]), :data:`BECK`, :data:`MAYR_SEDLACZEK` and :data:`FURR` ([004]), :data:`ZWANZIGERRUFEN_40`
([000]'s 40-card variant) and :data:`STRAMANDL` ([001]); :data:`PRESETS` has them by name. A
document names a preset by that name (:func:`rules_ref`), and :func:`rules_from_dict` reads it
back.

>>> from strohmandeln import PRESETS
>>> [name for name in PRESETS]
['classic', 'extended', 'beck', 'zwanzigerrufen40', 'mayr_sedlaczek', 'furr', 'stramandl']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from ._base import args, checked
from .errors import Reason, SerializationError, quoted
from .rules import Bonus, Deck, DrawDoubling, FirstLead, RuleSet, ScoringTable, UndertakenDraw, name_presets

__all__ = [
    "BECK",
    "CLASSIC",
    "EXTENDED",
    "FURR",
    "MAYR_SEDLACZEK",
    "PRESETS",
    "STRAMANDL",
    "ZWANZIGERRUFEN_40",
    "preset_digest",
    "rules_from_dict",
    "rules_ref",
]

_CLASSIC_BONUSES: Final = {Bonus.TRULL_ANNOUNCED: 1, Bonus.FOUR_KINGS_ANNOUNCED: 1, Bonus.PAGAT: 1, Bonus.VALAT: 12}
#: Trull and Four Kings in the tricks, Pagat, Uhu, Kakadu, Valat: [000]'s extended table, Mayr & Sedlaczek, Furr.
_IN_TRICKS: Final = {
    Bonus.TRULL_IN_TRICKS: 1, Bonus.FOUR_KINGS_IN_TRICKS: 1, Bonus.PAGAT: 1, Bonus.UHU: 1, Bonus.KAKADU: 1, Bonus.VALAT: 12
}

#: [000]'s classic variant: announced Trull and Four Kings in the hand, Pagat, Valat; 2 / 3 / 4.
CLASSIC: Final[RuleSet] = RuleSet(
    name="classic", fold_without_tarock=True,
    scoring=ScoringTable(simple_won=2, undertaken_won=3, undertaken_lost=4, bonuses=_CLASSIC_BONUSES, tie_doubles=True),
    source="[000] Rules for Strohmandeln, classic variant",
)

#: [000]'s extended variant: Grand Point in the base table, bonuses in the tricks, birds,
#: Rostopschin, Valat.
EXTENDED: Final[RuleSet] = RuleSet(
    name="extended", fold_without_tarock=True,
    scoring=ScoringTable(
        simple_won=1, simple_won_major=2, undertaken_won=3, undertaken_won_major=4, undertaken_lost=4, undertaken_lost_major=5,
        major_points=45, defender_major_points=45, bonuses=_IN_TRICKS | {Bonus.ROSTOPSCHIN: 1}, tie_doubles=True,
    ),
    source="[000] Rules for Strohmandeln, extended variant",
)

#: Beck (1972) as given by [004]: 1 / 2 / 3, 35:35 a draw in every game, announced Trull and
#: Four Kings, Pagat, Mondfang; the next deal doubles after a draw.
BECK: Final[RuleSet] = RuleSet(
    name="beck",
    scoring=ScoringTable(
        simple_won=1, undertaken_won=2, undertaken_lost=3, undertaken_draw=UndertakenDraw.DRAW, draw_doubling=DrawDoubling.NEXT_DEAL,
        bonuses={Bonus.TRULL_ANNOUNCED: 1, Bonus.FOUR_KINGS_ANNOUNCED: 1, Bonus.PAGAT: 1, Bonus.MONDFANG: 1},
    ),
    source="[004] Beck (1972), Tarock complet; scoring table and further scoring options",
)

#: [000]'s last section: the classic game with the 40-card deck of Zwanzigerrufen (R4).
ZWANZIGERRUFEN_40: Final[RuleSet] = RuleSet(
    name="zwanzigerrufen40", deck=Deck.SHORT_40, fold_without_tarock=True,
    scoring=ScoringTable(simple_won=2, undertaken_won=3, undertaken_lost=4, bonuses=_CLASSIC_BONUSES, tie_doubles=True),
    source="[000] Rules for Strohmandeln, variant rules with 40 cards",
)

#: Mayr & Sedlaczek (2008) as given by [004]: 2 / 3 / 4, bonuses in the tricks, four birds, Valat.
MAYR_SEDLACZEK: Final[RuleSet] = RuleSet(
    name="mayr_sedlaczek",
    scoring=ScoringTable(
        simple_won=2, undertaken_won=3, undertaken_lost=4, bonuses=_IN_TRICKS | {Bonus.QUAPIL: 1}, draw_doubling=DrawDoubling.NEXT_DEAL
    ),
    source="[004] Mayr & Sedlaczek (2008), Die Strategie des Tarockspiels",
)

#: Furr (2009) per [004]'s prose: Mayr & Sedlaczek's bonuses without Quapil, plus the major wins
#: (declarer 45, defender 44) and Rostopschin; the undertaker leads.
FURR: Final[RuleSet] = RuleSet(
    name="furr", first_lead=FirstLead.UNDERTAKER,
    scoring=ScoringTable(
        simple_won=2, undertaken_won=3, undertaken_won_major=4, undertaken_lost=4, undertaken_lost_major=5,
        major_points=45, defender_major_points=44, bonuses=_IN_TRICKS | {Bonus.ROSTOPSCHIN: 1},
        draw_doubling=DrawDoubling.NEXT_DEAL,
    ),
    source="[004] Furr (2009), Tarocchi; the prose, where it differs from the table",
)

#: Petr Zachar's Štrámandl [001]: 2 / 3 / 4, announced Trull and Four Kings, Pagat, Valat;
#: draws double the next game until one is decided.
STRAMANDL: Final[RuleSet] = RuleSet(
    name="stramandl",
    scoring=ScoringTable(
        simple_won=2, undertaken_won=3, undertaken_lost=4, bonuses=_CLASSIC_BONUSES, draw_doubling=DrawDoubling.UNTIL_DECIDED
    ),
    source="[001] Petr Zachar, Štrámandl (2006)",
)

#: Every preset by name.
PRESETS: Final[Mapping[str, RuleSet]] = {
    r.name: r for r in (CLASSIC, EXTENDED, BECK, ZWANZIGERRUFEN_40, MAYR_SEDLACZEK, FURR, STRAMANDL)
}
name_presets(PRESETS)  # (reprs name a preset by its name: rules.label)


# Documents
#
# A document names a preset pinned to its content: ``"classic@1f6e9c0b3a7d"``, the name and a
# digest of the preset's declared values (its description without the name and the source, as
# :meth:`RuleSet.to_dict` writes it: options at their default are left out, so a rule option
# added later at its default leaves every digest as it was). A preset whose values change in a
# release gets another digest, and a document pinned to the old one is refused (``wrong_rules``),
# never rescored.

#: The length of a preset's digest in a document, in hexadecimal digits.
DIGEST_LENGTH: Final = 12
#: The pinned reference of each preset (``"name@digest"``), made on first use (``import
#: strohmandeln`` reads no JSON).
_PINNED: dict[str, str] = {}
#: Each preset by its pinned reference, once made (what :func:`rules_from_dict` looks up first).
_BY_REF: dict[str, RuleSet] = {}


def preset_digest(rules: RuleSet) -> str:
    """The digest of a rule set's declared values, as a document pins a preset with it: the
    first 12 hexadecimal digits of the SHA-256 of its canonical description
    (:meth:`RuleSet.to_dict <strohmandeln.rules.RuleSet.to_dict>` without ``name`` and ``source``;
    keys sorted, no white space, ASCII).

    >>> len(preset_digest(CLASSIC)), preset_digest(CLASSIC) == preset_digest(BECK)
    (12, False)

    :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`.
    """
    import hashlib
    import json

    declared = {k: v for k, v in args.instance(rules, RuleSet, "rules").to_dict().items() if k not in ("name", "source")}
    canonical = json.dumps(declared, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:DIGEST_LENGTH]


def _pinned(name: str) -> str:
    ref = _PINNED.get(name)
    if ref is None:
        ref = _PINNED[name] = f"{name}@{preset_digest(PRESETS[name])}"
        _BY_REF[ref] = PRESETS[name]
    return ref


def rules_ref(rules: RuleSet) -> str | dict[str, Any]:
    """A rule set in a document: a preset's name pinned to its digest (``"classic@…"``, see
    :func:`preset_digest`), or the full form of any other rule set.

    >>> import attrs
    >>> rules_ref(CLASSIC) == "classic@" + preset_digest(CLASSIC), rules_ref(attrs.evolve(CLASSIC, name="house"))["name"]
    (True, 'house')

    :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`.
    """
    preset = PRESETS.get(args.instance(rules, RuleSet, "rules").name)
    return _pinned(rules.name) if preset is not None and (preset is rules or preset == rules) else rules.to_dict()


def rules_from_dict(data: object, path: str = "rules") -> RuleSet:
    """A rule set from a preset's reference or a full description: :func:`~strohmandeln.serialization.rules_to_dict`'s, or
    :meth:`RuleSet.to_dict <strohmandeln.rules.RuleSet.to_dict>`'s without ``format`` and ``type`` (see :meth:`RuleSet.from_dict <strohmandeln.rules.RuleSet.from_dict>`).

    A preset's reference is its name pinned to the digest of its values (``"classic@…"``, what
    the library writes): a digest that is not the preset's as this release defines it — a
    preset changed since the document was written — is refused (``wrong_rules``), so a stored
    deal is never rescored under other values; load such a document with the release that wrote
    it and store its rule set in full. A bare name (``"classic"``, a document written by hand)
    means the preset as this release defines it.

    >>> rules_from_dict("beck").name
    'beck'
    >>> rules_from_dict(rules_ref(BECK)) is BECK, rules_from_dict(CLASSIC.to_dict()) == CLASSIC
    (True, True)
    >>> try:
    ...     rules_from_dict("classic@000000000000")
    ... except SerializationError as error:
    ...     print(error.reason.value, "|", error)  # doctest: +ELLIPSIS
    wrong_rules | rules: the preset 'classic' has changed since the document was written (its digest is ..., not 000000000000)...

    :raises SerializationError: for a name of no preset, a digest of a changed preset
        (``wrong_rules``) or a malformed or inconsistent description, at ``path``.
    :raises ArgumentTypeError: if ``path`` is not a text.
    :raises ArgumentValueError: with reason ``too_large`` for a path over 1,000 characters.
    """
    path = args.text(path, "path", 1000)
    if type(data) is str:  # (a preset's pinned name, as written: by table)
        known = _BY_REF.get(data)
        if known is not None:
            return known
    if args.is_a(data, str):
        ref = checked.text(data, path)
        name, pinned, digest = ref.partition("@")
        preset = PRESETS.get(name)
        if preset is None:
            raise checked.fail(path, f"no preset named {quoted(name, 30)}; presets: {', '.join(PRESETS)}")
        if pinned and ref != _pinned(name):
            now = _pinned(name).partition("@")[2]
            raise checked.fail(
                path,
                f"the preset {quoted(name, 30)} has changed since the document was written (its digest is {now}, not "
                f"{quoted(digest, 20)[1:-1]}): load it with the release that wrote it and store the rule set in full",
                Reason.WRONG_RULES,
            )
        return preset
    plain = checked.plain_object(data, path)
    if plain is not None and "format" in plain:
        data = plain
        checked.header(data, "rules", *checked.document_fields(RuleSet))
        data = {key: value for key, value in data.items() if key not in ("format", "type")}
    return RuleSet.from_dict(data, path)


class RulesKind(checked.Kind):
    """A document's rule set, as :func:`rules_ref` writes it and :func:`rules_from_dict` reads
    it: the field kind of a value's ``rules``."""

    def problems(self, name: str, value: Any) -> Iterator[str]:
        if type(value) is not RuleSet:
            yield f"{name} must be a RuleSet"

    def typed(self, name: str, value: Any) -> Any:
        return args.instance(value, RuleSet, name)

    def dump(self, value: Any) -> Any:
        return rules_ref(value)

    def load(self, x: object, path: str) -> Any:
        return rules_from_dict(x, path)
