"""Harvest definitions: domains, seed lists, configurations, crawl profiles, schedules, harvest
definitions, crawler traps and channels (the ``definitions`` service), on the harvest database."""
