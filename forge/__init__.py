"""forge: board-game rules as data, turned into print-and-play kits and a table companion."""

__version__ = "0.1.0"
