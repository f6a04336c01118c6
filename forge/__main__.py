"""`python -m forge`: the forge command."""
from forge.cli import main

main(prog_name="forge")
