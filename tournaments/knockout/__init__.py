"""Knockout cups and group stages (RULINGS.md, "Knockout cups and group stages").

Read in this order:

1. ``bracket``: pure functions of a bracket: its size, where each seed goes, which match a
   winner moves to, how many games a match of a stage has, and a whole cup played by a chooser
   of winners (what the hypothesis properties check).
2. ``groups``: pure functions of a group stage: snake seeding, the group ranking, the crossing of
   the top K of each group into the bracket.
3. ``games``: pure functions of a match's games: when a game is decided, when a match is.
4. ``formats``: the two formats (``knockout``, ``groups_knockout``) as classes, registered with
   the other pairing methods in ``pairing.factory.PAIRING_METHODS``.
5. ``draw`` and ``progress``: the services that store a cup (``Match``, ``MatchGame``) and move
   it on after every hand, correction and withdrawal, in the transaction of that change.
6. ``placings`` and ``reads``: what the pages, exports and the API show.
"""
