"""The bots of Grundbesitz (RULES.md §1): bots.py is its policy module."""
