"""Policy kinds and the weight vector every policy carries.

A policy is (kind, weights): `kind` picks the decision code in `policies.decide`,
`weights` (float64[N_WEIGHTS]) tunes it.  Every kind reads the same layout, so a
scenario can override any weight by name.  Variants take weight slots from
their own block, as the rule parameters do.
"""

KIND_RANDOM = 0   # uniform over the legal options at every choice point
KIND_BUILDER = 1  # scripted: goal-driven builder, its style set by the weights

KIND_NAMES = {"random": KIND_RANDOM, "builder": KIND_BUILDER}

# name -> (index, meaning).  Indices are fixed; add new ones at free slots.
WEIGHTS = {
    # build goals: a goal's score is weight * value / (1 + missing cards)
    "city": (0, "priority of upgrading a settlement to a city"),
    "settlement": (1, "priority of building a settlement"),
    "road": (2, "priority of a road towards a settlement spot"),
    "devcard": (3, "priority of buying a development card"),
    # placement of settlements and cities
    "pips": (4, "value of one pip (dot) of production at a corner"),
    "diversity": (5, "bonus per resource type the spot adds to the player's income"),
    "harbour": (6, "bonus for a harbour corner"),
    "lumber": (7, "preference multiplier for lumber income"),
    "brick": (8, "preference multiplier for brick income"),
    "wool": (9, "preference multiplier for wool income"),
    "grain": (10, "preference multiplier for grain income"),
    "ore": (11, "preference multiplier for ore income"),
    # robber and development cards
    "robber_leader": (12, "robber: weight of the victim's VP against the production blocked"),
    "knight_early": (13, "1 = play a knight before rolling even when the robber does not hurt us"),
    "trade": (14, "1 = trade with the bank towards the current goal"),
    "longest_road": (15, "extra road priority for extending the own longest road"),
    # Grundbesitz (RULES.md §1)
    "gb": (16, "priority of buying a Grundbesitz"),
    "gb_block": (17, "1 = block others' Grundbesitz when it costs no knight (responses, robber blocks)"),
    "gb_knight_block": (18, "1 = spend knights on blockades of others' Grundbesitz"),
    "gb_defend": (19, "1 = cancel blocks of its own Grundbesitz and robber moves onto it with a knight"),
    "gb_remove": (20, "1 = spend knights to remove markers from its own Grundbesitz"),
    # 21..31: Grundbesitz
    # 32..47: Robin Hood, the Sheriff's choices (policies.sheriff)
    "robin_vp": (32, "Sheriff: harm of each VP Robin would score at a hex on a 7"),
    "robin_block": (33, "Sheriff: harm of each own pip of production Robin would block at a hex"),
    "robin_steal": (34, "Sheriff: harm of Robin standing at a hex with own buildings (a steal on a 7)"),
    "fence": (35, "Sheriff: bonus per own road already around a hex when choosing where Robin goes"),
    "enclose": (36, "Sheriff: > 0 = build roads that fence in Robin's hex or camp (the enclosure ending)"),
    "evict": (37, "Sheriff: 1 = evict Robin after building on his hex when he harms less next door"),
    "fence_lead": (38, "Sheriff: with enclose > 0, build fence roads only with at least this VP lead over Robin"),
    # 48..63: Autarkie
}

N_WEIGHTS = 64

W_CITY, W_SETTLEMENT, W_ROAD, W_DEVCARD = 0, 1, 2, 3
W_PIPS, W_DIVERSITY, W_HARBOUR = 4, 5, 6
W_RESOURCE0 = 7  # lumber; W_RESOURCE0 + r for resource r
W_ROBBER_LEADER, W_KNIGHT_EARLY, W_TRADE, W_LONGEST_ROAD = 12, 13, 14, 15
W_GB, W_GB_BLOCK, W_GB_KNIGHT_BLOCK, W_GB_DEFEND, W_GB_REMOVE = 16, 17, 18, 19, 20
W_ROBIN_VP, W_ROBIN_BLOCK, W_ROBIN_STEAL, W_FENCE, W_ENCLOSE, W_EVICT, W_FENCE_LEAD = 32, 33, 34, 35, 36, 37, 38
