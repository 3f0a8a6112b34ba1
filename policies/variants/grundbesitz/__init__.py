"""The bots of Grundbesitz (docs/rules.md, Grundbesitz): bots.py is its policy module."""
