"""The bots of Autarkie (docs/rules.md, Fleisch / Autarkie): bots.py is its policy module."""
