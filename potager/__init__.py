"""Potager: four garden-themed tabletop games on one engine.

>>> from potager import games
>>> sorted(games.names())
['garden-rush', 'heuschrecken-poker', 'kraut-und-rueben', 'pas-de-haricots']
"""

__version__ = "0.3.0"
