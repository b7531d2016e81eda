"""The monitor: heartbeats, state and recent warnings of every service instance."""
