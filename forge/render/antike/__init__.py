"""ANTIKE's own pieces: the progress table, the rules sheets and the victory table."""
