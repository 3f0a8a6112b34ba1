"""Studies over many runs: tune (a rule's value for an objective) and train (a policy's weights)."""
