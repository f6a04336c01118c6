"""Pure rules engines: JSON-safe state, explicit actions, pure apply, sessions with a log.

Nothing under forge.engine imports rendering, the CLI, jinja2 or Kivy (tests/engine enforces
it), so the table companion can ship the engine alone.
"""
