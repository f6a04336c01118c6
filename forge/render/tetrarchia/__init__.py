"""Tetrarchia's own art: its board, its emperor summary sheets and its icons."""
