"""Names of the card kinds (no numba: the declarations and the reports read them)."""
RESOURCE_NAMES = ("lumber", "brick", "wool", "grain", "ore")
DEV_NAMES = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
