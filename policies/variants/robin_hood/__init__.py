"""The bots of the Robin Hood solo mode (docs/rules.md, Robin Hood): bots.py is its policy module."""
