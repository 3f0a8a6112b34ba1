"""Card kinds of a hand: the five resources, then the commodities the variants in force
declare (docs/rules.md, Cities & Knights: paper, cloth, coin; §2: meat).

A hand, the bank, every cost row, `owed` and `trade_rate` have one entry per card kind
(state.state_dtype(variants) sizes them with card_kinds(variants)); kernels read the
width from the array (`st.hand.shape[1]`, a compile-time constant of the record type).
What is about the five resources only (a hex's production, a 2:1 harbour, a card
naming a resource) uses N_RESOURCES.

A variant declares its commodities in its declaration (simcore.engine.variant.Variant):
    card_kinds=(CardKind("meat", supply="meat_supply"),)
which registers them here (declare_card_kinds).  A hand holds a variant's kinds side by
side, in declaration order.  Code finds a kind by its name, never by its position
(simcore.engine.kinds.kind_of("meat")): a state record holding kind X in its hands has a
field `kind_X` (state.state_dtype), from which hand_kinds reads its hands' layout.  The
packed rules carry each registered commodity's bank supply and maritime rate in its slot
(commodity_slots; pack_card_kinds, called by config.pack_rules; read by game.init_game),
whatever hands a kernel lays out.
"""
from dataclasses import dataclass
from typing import Union

from simcore.engine import params as P
from simcore.engine.names import RESOURCE_NAMES

N_RESOURCES = len(RESOURCE_NAMES)
# commodity kinds a hand may hold beyond the resources (params slots P_KIND_SUPPLY, P_KIND_RATE)
MAX_COMMODITIES = P.P_KIND_RATE - P.P_KIND_SUPPLY


@dataclass(frozen=True)
class CardKind:
    """A commodity.  supply: cards of it in the game, an int or the name of a field of
    the declaring variant's parameters (e.g. "meat_supply").  rate: its maritime rate;
    commodities trade with the bank 4:1 like resources unless the variant says
    otherwise (docs/rules.md, Base game: maritime trade is for resources; C&K trades
    commodities 4:1 too, 3:1 at a generic harbour), 0 = the bank does not trade it."""
    name: str
    supply: Union[int, str] = 0
    rate: int = 4


COMMODITIES = {}    # variant name -> its CardKinds, in declaration order

# the rows of st.costs: what a player pays for (state.ITEM_*), then the variants' own
# (Variant.items, e.g. Grundbesitz's "gb"), in registration order
ITEM_NAMES = ["road", "settlement", "city", "devcard"]
N_BASE_ITEMS = len(ITEM_NAMES)


def add_item(name):
    """The st.costs row of a variant's new item (simcore.engine.variant.register)."""
    ITEM_NAMES.append(name)
    return len(ITEM_NAMES) - 1


def declare_card_kinds(variant, *kinds):
    """Add a variant's commodities to the hand (simcore.engine.variant.register calls it)."""
    taken = set(RESOURCE_NAMES) | {k.name for ks in COMMODITIES.values() for k in ks}
    for k in kinds:
        if k.name in taken:
            raise ValueError(f"card kind {k.name!r} of {variant} is declared twice")
        taken.add(k.name)
    if len(taken) - N_RESOURCES > MAX_COMMODITIES:
        raise ValueError(f"card kinds of {variant}: {len(taken) - N_RESOURCES} commodities in all; the packed "
                         f"rules hold {MAX_COMMODITIES}")
    COMMODITIES[variant] = tuple(kinds)


KIND_FIELD = "kind_"     # the state field `kind_<name>` marks a record whose hands hold commodity <name>


def registered_commodities():
    """Every registered CardKind, in registration order."""
    return tuple(k for ks in COMMODITIES.values() for k in ks)


def commodity_slots():
    """kind name -> its slot among every registered commodity: the packed rules hold its supply
    at P_KIND_SUPPLY + slot and its rate at P_KIND_RATE + slot."""
    return {k.name: i for i, k in enumerate(registered_commodities())}


def hand_kinds(field_names):
    """Names of the card kinds in the hands of a state record with these field names: the
    resources, then each registered commodity whose `kind_<name>` field it has."""
    have = set(field_names)
    return RESOURCE_NAMES + tuple(k.name for k in registered_commodities() if KIND_FIELD + k.name in have)


def commodity_kinds(variants):
    """The CardKinds the variants declare, in the variants' order."""
    return tuple(k for v in variants for k in COMMODITIES.get(v, ()))


def card_kinds(variants):
    """Names of the card kinds of a hand under these variants: resources first."""
    kinds = RESOURCE_NAMES + tuple(k.name for k in commodity_kinds(variants))
    if len(kinds) > N_RESOURCES + MAX_COMMODITIES:
        raise ValueError(f"{len(kinds) - N_RESOURCES} commodity kinds; the packed rules hold {MAX_COMMODITIES}")
    return kinds


def pack_card_kinds(params, rules_variants):
    """Write the supply and maritime rate of each commodity of the variants in force into its
    slot of the packed rules (commodity_slots); `rules_variants` maps the variants in force to
    their parameters.  A kind whose variant is not in force keeps supply 0 (its cards never
    appear, also in hands laid out for every variant)."""
    slots = commodity_slots()
    for owner, kinds in COMMODITIES.items():
        if owner not in rules_variants:
            continue
        for kind in kinds:
            supply = kind.supply
            if isinstance(supply, str):
                supply = getattr(rules_variants[owner], supply)
            params[P.P_KIND_SUPPLY + slots[kind.name]] = supply
            params[P.P_KIND_RATE + slots[kind.name]] = kind.rate
