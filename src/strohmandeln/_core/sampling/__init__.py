"""The sampler of hidden cards (determinization): the models of a view and their draws.

:mod:`strohmandeln.sampling` is its public face and says what is sampled and how. The modules:

* :mod:`.model` — the entry points: the model of a view (kept on it), its count, its records;
* :mod:`.constraints` — one pass over a view's public history: what it says about each seat's
  hidden cards (R7, R12, R14, R17), and the cards each kind of free place may take;
* :mod:`.places` — the places of a deal (R6's deck positions) or of a position (its set-up,
  worked out from the view), and which of them are free;
* :mod:`.leaves` and :mod:`.exact` — a player's view: one unknown hand, counted with binomials
  and drawn exactly uniformly;
* :mod:`.spread` and :mod:`.spectator` — a spectator's view: two unknown hands, counted exactly
  over types of cards and groups of places, and drawn exactly uniformly;
* :mod:`.position` — a view of a position: the same models over the places of its set-up;
* :mod:`.assemble` — a drawn sample as a record (assembled, or replayed through the rules);
* :mod:`.draw` — uniform draws with the caller's generator.
"""
