"""The bots of Autarkie (RULES.md §2): bots.py is its policy module."""
