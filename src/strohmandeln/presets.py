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

from collections.abc import Mapping
from typing import Any, Final

from ._base import args, checked
from .errors import quoted
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


def rules_ref(rules: RuleSet) -> str | dict[str, Any]:
    """A rule set in a document: a preset's name, or the full form of any other rule set.

    >>> import attrs
    >>> rules_ref(CLASSIC), rules_ref(attrs.evolve(CLASSIC, name="house"))["name"]
    ('classic', 'house')

    :raises ArgumentTypeError: if ``rules`` is not a :class:`~strohmandeln.RuleSet`.
    """
    preset = PRESETS.get(args.instance(rules, RuleSet, "rules").name)
    return rules.name if preset is not None and preset == rules else rules.to_dict()


def rules_from_dict(data: object, path: str = "rules") -> RuleSet:
    """A rule set from a preset's name or a full description: :func:`~strohmandeln.serialization.rules_to_dict`'s, or
    :meth:`RuleSet.to_dict <strohmandeln.rules.RuleSet.to_dict>`'s without ``format`` and ``type`` (see :meth:`RuleSet.from_dict <strohmandeln.rules.RuleSet.from_dict>`).

    >>> rules_from_dict("beck").name
    'beck'
    >>> rules_from_dict(CLASSIC.to_dict()) == CLASSIC
    True

    :raises SerializationError: for a name of no preset or a malformed or inconsistent
        description, at ``path``.
    :raises ArgumentTypeError: if ``path`` is not a text.
    :raises ArgumentValueError: with reason ``too_large`` for a path over 1,000 characters.
    """
    path = args.text(path, "path", 1000)
    if args.is_a(data, str):
        name = checked.text(data, path)
        preset = PRESETS.get(name)
        if preset is None:
            raise checked.fail(path, f"no preset named {quoted(name, 30)}; presets: {', '.join(PRESETS)}")
        return preset
    plain = checked.plain_dict(data)
    if plain is not None and "format" in plain:
        data = plain
        checked.header(data, "rules", *checked.document_fields(RuleSet))
        data = {key: value for key, value in data.items() if key not in ("format", "type")}
    return RuleSet.from_dict(data, path)
