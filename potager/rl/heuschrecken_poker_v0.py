"""PettingZoo's versioned module: `env`, `raw_env`, `parallel_env` (see `potager.rl`)."""

from functools import partial

from potager import rl

env = partial(rl.env, "heuschrecken-poker")
raw_env = partial(rl.raw_env, "heuschrecken-poker")
parallel_env = partial(rl.parallel_env, "heuschrecken-poker")
