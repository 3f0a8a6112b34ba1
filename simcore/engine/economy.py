"""Card movements: payment, production with the bank-shortage rule, maritime
trade, discards and steals (docs/rules.md, Base game).  Every card that moves is counted in
`stats` under its source or use.

Cards are of any kind a hand holds (resources, then commodities: simcore.engine.cards); the
number of kinds is read from the arrays (`st.hand.shape[1]`, fixed by the record type)."""
from simcore.accel.jit import jitted

from simcore.engine import hooks
from simcore.engine import records as R
from simcore.engine.kinds import commodity_slot
from simcore.engine.events import E_DISCARD, E_PAYOUT, E_STEAL, E_TRADE, log_event
from simcore.engine.params import P_KIND_RATE, P_KIND_SUPPLY, P_RESOURCE_SUPPLY
from simcore.engine.state import N_RESOURCES, randint
from simcore.engine.topology import HEX_CORNERS

SOURCE_DICE, SOURCE_SETUP = 0, 1
RESOURCE_RATE = 4       # docs/rules.md, Base game: maritime trade without a harbour


@jitted
def kind_supply(st, params, k):
    """Cards of hand kind k in the game: resources `bank.resource_supply`, commodities as
    their variant declares (simcore.engine.cards.pack_card_kinds)."""
    return params[P_RESOURCE_SUPPLY] if k < N_RESOURCES else params[P_KIND_SUPPLY + commodity_slot(st, k)]


@jitted
def kind_rate(st, params, k):
    """Maritime rate of hand kind k without a harbour: 4 for resources, as declared for
    commodities (0 = the bank does not trade it)."""
    return RESOURCE_RATE if k < N_RESOURCES else params[P_KIND_RATE + commodity_slot(st, k)]


@jitted
def init_card_kinds(st, params):
    """The bank holds the supply of each card kind, everyone trades at its base rate."""
    for k in range(st.bank.shape[0]):
        st.bank[k] = kind_supply(st, params, k)
        for p in range(st.trade_rate.shape[0]):
            st.trade_rate[p, k] = kind_rate(st, params, k)


@jitted
def can_afford(st, p, cost):
    for r in range(st.hand.shape[1]):
        if st.hand[p, r] < cost[r]:
            return False
    return True


@jitted
def pay(st, p, cost, stat):
    """Hand -> bank, counted under the spend column `stat`."""
    for r in range(st.hand.shape[1]):
        st.hand[p, r] -= cost[r]
        st.bank[r] += cost[r]
        st.stats[p, stat] += cost[r]


@jitted
def give(st, p, r, n, stat):
    """Bank -> hand (the caller checked the bank), counted under the gain column `stat`."""
    st.bank[r] -= n
    st.hand[p, r] += n
    st.stats[p, stat] += n


@jitted
def produce(st, number):
    """Every hex with `number` and without the robber pays 1 per settlement and 2 per
    city (owe_dice), as the variants change it (hook owe), under the bank-shortage
    rule (pay_dice)."""
    owe_dice(st, number)
    hooks.owe(st, number)
    pay_dice(st, number)


@jitted
def owe_dice(st, number):
    """st.owed[p, k]: the cards of each kind the roll of `number` owes each player
    (docs/rules.md, Base game: resources of the hexes; a variant adds its commodities to st.owed
    before pay_dice)."""
    owed = st.owed
    owed[:] = 0
    for i in range(2):
        h = st.number_hexes[number, i]
        if h < 0 or h == st.robber:
            continue
        for k in range(6):
            c = HEX_CORNERS[h, k]
            if st.corner_owner[c] >= 0:
                owed[st.corner_owner[c], st.hex_resource[h]] += st.corner_level[c]


@jitted
def bank_pays(st, k):
    """docs/rules.md, Base game: bank shortage, per card kind: if the bank cannot pay kind k to
    everyone owed it (st.owed), nobody gets it, unless only one player is owed it:
    that player gets what is left."""
    total = 0
    claimants = 0
    for p in range(st.players):
        total += st.owed[p, k]
        if st.owed[p, k] > 0:
            claimants += 1
    return total > 0 and (total <= st.bank[k] or claimants == 1)


@jitted
def pay_dice(st, number):
    """Pay st.owed for the roll of `number`, kind by kind as the bank allows: resources
    hex by hex as the buildings earn them (the log names the hex), then what a variant
    owes beyond that and the other kinds per player (pay_rest)."""
    owed = st.owed
    for r in range(owed.shape[1]):
        if not bank_pays(st, r):
            continue
        if r < N_RESOURCES:   # hex by hex (in full, or what is left to the single claimant)
            for i in range(2):
                h = st.number_hexes[number, i]
                if h < 0 or h == st.robber or st.hex_resource[h] != r:
                    continue
                for k in range(6):
                    c = HEX_CORNERS[h, k]
                    p = st.corner_owner[c]
                    if 0 <= p < st.players:  # seats only (not Robin Hood's neutral colour)
                        n = min(st.corner_level[c], owed[p, r], st.bank[r])
                        if n > 0:
                            give(st, p, r, n, R.S_GAIN_DICE)
                            owed[p, r] -= n
                            log_event(st, E_PAYOUT, p, r, n, h, SOURCE_DICE)
        pay_rest(st, r)


@hooks.only_with("owe")
def pay_rest(st, r):
    """What st.owed still holds of kind r after the hexes paid (what an `owe` hook added,
    the kinds no hex pays), per player as far as the bank holds it (hex -1 in the log).
    Without an owe hook the hexes paid all there is, or the bank ran out: compiled out."""
    for p in range(st.players):
        n = min(st.owed[p, r], st.bank[r])
        if n > 0:
            give(st, p, r, n, R.S_GAIN_DICE)
            log_event(st, E_PAYOUT, p, r, n, -1, SOURCE_DICE)


@jitted
def bank_trade(st, p, give_r, get_r):
    """Maritime trade at the player's best rate for `give_r` (4:1, 3:1 or 2:1)."""
    rate = st.trade_rate[p, give_r]
    st.hand[p, give_r] -= rate
    st.bank[give_r] += rate
    st.stats[p, R.S_SPEND_TRADE] += rate
    give(st, p, get_r, 1, R.S_GAIN_TRADE)
    log_event(st, E_TRADE, p, give_r, rate, get_r, 1)


@jitted
def domestic_trade(st, p, q, give_r, get_r):
    """p gives q one `give_r` for one `get_r` (trade.domestic)."""
    st.hand[p, give_r] -= 1
    st.hand[q, give_r] += 1
    st.hand[q, get_r] -= 1
    st.hand[p, get_r] += 1
    st.stats[p, R.S_SPEND_TRADE] += 1
    st.stats[p, R.S_GAIN_TRADE] += 1
    st.stats[q, R.S_SPEND_TRADE] += 1
    st.stats[q, R.S_GAIN_TRADE] += 1
    st.stats[p, R.S_DOMESTIC_TRADES] += 1
    st.stats[q, R.S_DOMESTIC_TRADES] += 1


@jitted
def can_bank_trade(st, p, give_r, get_r):
    """Kinds the bank trades have a rate (trade_rate > 0), given and taken alike."""
    rate = st.trade_rate[p, give_r]
    return (give_r != get_r and rate > 0 and st.hand[p, give_r] >= rate and st.bank[get_r] > 0
            and st.trade_rate[p, get_r] > 0)


@jitted
def discard(st, p, r, n):
    st.hand[p, r] -= n
    st.bank[r] += n
    st.stats[p, R.S_SPEND_DISCARDS] += n
    log_event(st, E_DISCARD, p, r, n, 0, 0)


@jitted
def random_card(st, p):
    """A uniformly random card from p's hand (p holds at least one)."""
    k = randint(st.hand[p].sum())
    width = st.hand.shape[1]
    for r in range(width):
        if k < st.hand[p, r]:
            return r
        k -= st.hand[p, r]
    return width - 1


@jitted
def steal(st, thief, victim):
    """One random card from victim to thief; nothing if the victim has none, or in a look-ahead
    (st.looking: which card it would be is the victim's secret)."""
    if st.hand[victim].sum() == 0 or st.looking:
        return -1
    r = random_card(st, victim)
    st.hand[victim, r] -= 1
    st.hand[thief, r] += 1
    st.stats[victim, R.S_SPEND_STOLEN] += 1
    st.stats[thief, R.S_GAIN_STEAL] += 1
    log_event(st, E_STEAL, thief, victim, r, 0, 0)
    return r
