"""robots.txt rules for one host.

urllib.robotparser does the matching. Two archival choices on top of it: a robots.txt that
answers 4xx means "no rules" (as the robots exclusion standard says), and one that cannot be
fetched at all (5xx, network failure) blocks the host's URIs with Heritrix's -61 rather than
crawling a site whose rules are unknown.
"""
from __future__ import annotations

import urllib.robotparser


class RobotsRules:
    """Parsed robots.txt of a host; ``allows(url)`` answers for the crawler's user agent."""

    def __init__(self, text: str | None, agent: str):
        self.text = text
        self._agent = _agent_token(agent)
        self._parser: urllib.robotparser.RobotFileParser | None = None
        if text:
            parser = urllib.robotparser.RobotFileParser()
            parser.parse(text.splitlines())
            self._parser = parser

    def allows(self, url: str) -> bool:
        if self._parser is None:
            return True
        return self._parser.can_fetch(self._agent, url)


def _agent_token(user_agent: str) -> str:
    """The product token robots.txt rules are matched against: the first name in the
    user-agent string that is not 'Mozilla'."""
    for word in user_agent.replace("(", " ").replace(";", " ").split():
        name = word.split("/", 1)[0].strip("+")
        if name and name.lower() not in ("mozilla", "compatible") and not name.startswith("http"):
            return name
    return user_agent


def decode_robots(body: bytes) -> str:
    """robots.txt as text: UTF-8 with a fallback that never fails."""
    try:
        return body.decode("utf-8-sig")
    except UnicodeDecodeError:
        return body.decode("latin-1")
