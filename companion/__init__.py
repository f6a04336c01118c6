"""The table companion: a stored game, its log and its dice for a phone at the table.

The core (store, session, dice) is pure Python and never imports Kivy; the app and its
screens are built on it.
"""
