"""One observation encoder per game, named after the game's package (see `potager.rl.encoding`)."""
