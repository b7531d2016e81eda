"""The ``nas`` command line. Each module here with a ``register(subparsers)`` adds its commands."""
