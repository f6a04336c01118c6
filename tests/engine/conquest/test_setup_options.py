"""Set-ups the rules refuse (setup-refusals.yaml, in the case files' format): each must be
refused with its reason, as a clean refusal of the door or of the rules, and never set up."""
from pathlib import Path

import pytest
import yaml

from forge.engine.conquest import RULES
from forge.engine.core import ActionError, Session

FILE = Path(__file__).with_name("setup-refusals.yaml")
CASES = yaml.safe_load(FILE.read_text(encoding="utf-8"))["cases"]
PLAYERS = ["angela", "bernardo", "carlos", "david"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_set_up_is_refused(case):
    assert case.get("ref"), "every case names where the rulebook says it"
    options = {"players": list(PLAYERS), "first": PLAYERS[0], **case["options"]}
    with pytest.raises(ActionError) as err:
        Session(RULES, options, seed=None)
    assert case["expect"]["rejected"] in str(err.value)
