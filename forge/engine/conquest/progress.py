"""What a list of saved games shows of a game of CONQUEST OF THE EMPIRE II in progress."""
from __future__ import annotations


def progress(state: dict) -> dict:
    """What the resume list shows of a game of CONQUEST OF THE EMPIRE II: season, round, phase
    and whose turn (or who bids, or the winners once it is over)."""
    phase = state.get("phase")
    progress = {"season": state.get("season"), "seasons": state.get("seasons"),
                "round": state.get("round"), "phase": phase, "player": None}
    turn = state.get("turn")
    if phase == "actions" and turn:
        progress["player"] = state["order"][turn["index"]]
    elif phase == "auction" and state.get("auction"):
        progress["player"] = state["auction"].get("bidder")
    elif phase == "over":
        progress["winners"] = list((state.get("result") or {}).get("winners") or [])
    return progress
