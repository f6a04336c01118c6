"""PAX ROMANA's own pieces: the player aids, the combat tables, the event cards and the tracks."""
