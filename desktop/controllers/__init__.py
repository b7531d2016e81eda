"""Controllers (presenters): each screen's state, validation and RPC choreography, without widgets.

A controller takes plain values from its screen (texts, numbers, choices), checks them, calls the
services through an :class:`desktop.rpc.RpcClient` and tells the screen what to show through
signals. The screen only lays out widgets and binds them to the controller, so the behaviour is
unit-tested without any widget (``tests/desktop/test_controllers.py``). See
``docs/decisions/desktop-controllers.md``.
"""
