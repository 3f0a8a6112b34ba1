"""The bots of Cities & Knights (docs/rules.md, Cities & Knights): bots.py is its policy module."""
