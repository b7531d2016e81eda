"""What every Nameko service stands on: settings, RPC conventions, heartbeats and status."""
