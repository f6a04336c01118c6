"""Tetrarchia's own art: its board (layout and painting), its emperor summary sheets, its icons."""
