"""Conquest of the Empire II's own art: its player reference sheets, card list and icons."""
