"""The command line's parts beside cli.py (its layer: the top, above the reports): the options several
commands share, the one-line errors, and what a command does with the run layer, the studies and the
reports together (a results folder's report, robust's, tune's and train's studies)."""
