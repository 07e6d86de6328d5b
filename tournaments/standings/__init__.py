"""Standings: computed by a worker after each change, stored, read as stored.

- ``compute``: what a change makes stale, the worker's run, the ranking order.
- ``sql``: the rules as set-based SQL (round results, bye credits, tie-breaks, ranks).
- ``cache``: the rendered public standings, served once per change.
"""
