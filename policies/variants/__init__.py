"""Each variant's bots: policies/variants/<name>/bots.py is its declaration's `policy` module
(policy hooks and choice points, policies.dispatch), beside the modules it dispatches to."""
