"""The bots of the Robin Hood solo mode (RULES.md §3): bots.py is its policy module."""
