"""The bots of Cities & Knights (RULES.md §4): bots.py is its policy module."""
