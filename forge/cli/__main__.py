"""`python -m forge.cli`: the forge command."""
from forge.cli import main

main(prog_name="forge")
