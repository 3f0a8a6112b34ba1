"""Policy kinds and the weight vector every policy carries.

A policy is (kind, weights): `kind` picks the decision code in `policies.decide`,
`weights` (float64[N_WEIGHTS]) tunes it.  Every kind reads the same layout, so a
scenario can override any weight by name.  Variants declare theirs (simcore.engine.variant):
their indices follow the base game's, in registration order.
"""

KIND_RANDOM = 0   # uniform over the legal options at every choice point
KIND_BUILDER = 1  # scripted: goal-driven builder, its style set by the weights
KIND_STRONG = 2   # the builder, its main-phase action chosen by a one-ply look-ahead (policies.strong)

KIND_NAMES = {"random": KIND_RANDOM, "builder": KIND_BUILDER, "strong": KIND_STRONG}

# A rollout seat (policies.rollout_seat) is its base kind with its search packed above it:
#   kind = base | ROLLOUT_BIT | candidates << 8 | rollouts << 16 | horizon << 32
KIND_MASK = 0xF
ROLLOUT_BIT = 0x10

# name -> (index, meaning): the base game's, then the variants' (add_weight)
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
}
N_BASE_WEIGHTS = len(WEIGHTS)
N_WEIGHTS = 64     # the weight vector's length: room for every weight, grown in steps of 64

# The strong kind's valuation of a position (policies.strong.value): one weight per feature, every
# feature oriented so that more is better for the player; the builder's weights still make its other choices.
VALUE_FEATURES = (
    ("v_vp", "value of one VP the player knows it has (its own VP cards count; an unknown card 0.2)"),
    ("v_lead", "value of one VP of lead over the best other's shown VP"),
    ("v_lumber", "value of 10 pips of lumber production"),
    ("v_brick", "value of 10 pips of brick production"),
    ("v_wool", "value of 10 pips of wool production"),
    ("v_grain", "value of 10 pips of grain production"),
    ("v_ore", "value of 10 pips of ore production"),
    ("v_diversity", "value of each kind of resource produced"),
    ("v_hand", "value of a card in hand (up to 7)"),
    ("v_safe", "cost of each card above 7 (a 7 takes half)"),
    ("v_city_ready", "1 / (1 + cards missing) for a city, when one can be built"),
    ("v_settlement_ready", "1 / (1 + cards missing) for a settlement, when a spot is reached"),
    ("v_dev_ready", "1 / (1 + cards missing) for a development card, while the deck lasts"),
    ("v_spot", "value of a free settlement spot the roads reach (the best two, by 10 pips)"),
    ("v_near", "value of a free spot one road further (the best two, by 10 pips)"),
    ("v_road", "value of a road length above the best other's (capped at 2)"),
    ("v_army", "value of a knight played above the best other's (capped at 2)"),
    ("v_devcards", "value of a development card held (not VP)"),
    ("v_harbour", "value of a 2:1 harbour of a resource produced, or a 3:1 harbour (half)"),
    ("v_rivals", "cost of 10 pips of the best other's production"),
    ("v_robbed", "cost of 10 pips of the player's production under the robber"),
    ("v_base", "bonus of the builder's own choice among the options (trust in the scripted play)"),
    ("v_style", "1 = restricted to its builder's style: its builder chooses what to do, the look-ahead only "
                "among the options of that action (a seat's style, policies.strong)"),
)
# A variant adds its own features through the policy hook strong_value (policies.dispatch) and weights
# it declares named v_<variant>_...: every weight named v_* is a value weight (policies.registry.as_strong).


def add_weight(name, meaning):
    """The index of a variant's new weight (simcore.engine.variant.register)."""
    global N_WEIGHTS
    index = len(WEIGHTS)
    WEIGHTS[name] = (index, meaning)
    while N_WEIGHTS <= index:
        N_WEIGHTS += 64
    return index


W_CITY, W_SETTLEMENT, W_ROAD, W_DEVCARD = 0, 1, 2, 3
W_PIPS, W_DIVERSITY, W_HARBOUR = 4, 5, 6
W_RESOURCE0 = 7  # lumber; W_RESOURCE0 + r for resource r
W_ROBBER_LEADER, W_KNIGHT_EARLY, W_TRADE, W_LONGEST_ROAD = 12, 13, 14, 15


V_FIRST = len(WEIGHTS)   # the value weights follow the base game's builder weights
for _name, _meaning in VALUE_FEATURES:
    add_weight(_name, _meaning)
N_VALUE = len(VALUE_FEATURES)
(V_VP, V_LEAD, V_LUMBER, V_BRICK, V_WOOL, V_GRAIN, V_ORE, V_DIVERSITY, V_HAND, V_SAFE, V_CITY_READY,
 V_SETTLEMENT_READY, V_DEV_READY, V_SPOT, V_NEAR, V_ROAD, V_ARMY, V_DEVCARDS, V_HARBOUR, V_RIVALS,
 V_ROBBED, V_BASE, V_STYLE) = range(V_FIRST, V_FIRST + N_VALUE)
