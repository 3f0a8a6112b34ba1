"""The presets of the Robin Hood mode's Sheriff (declared as the variant's `presets`;
policies.presets registers them): name -> (kind, weights, description).  A builder's
weights are the changes from the base builder's (policies.presets.BUILDER_BASE); as
builders they also play the base game, where the Sheriff weights do nothing."""

# the Sheriff's choices (policies.variants.robin_hood.sheriff)
SHERIFF_BASE = {"robin_vp": 1.0, "robin_block": 0.3, "robin_steal": 1.0, "evict": 1.0}

PRESETS = {
    "sheriff-greedy": ("builder", dict(SHERIFF_BASE),
                       "Robin Hood Sheriff: builds for VP like greedy, sends Robin where he hurts least"),
    "sheriff-warden": ("builder", dict(SHERIFF_BASE, fence=1.0, enclose=1.0, fence_lead=1.0, road=0.8),
                       "Robin Hood Sheriff: fences Robin's hex and camp with roads for the enclosure ending"),
}

PLAIN = ("sheriff-greedy",)   # the plain Sheriff (policies.presets.PLAIN); the warden is a style
