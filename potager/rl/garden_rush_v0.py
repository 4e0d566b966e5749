"""PettingZoo's versioned module: `env`, `raw_env`, `parallel_env` (see `potager.rl`)."""

from functools import partial

from potager import rl

env = partial(rl.env, "garden-rush")
raw_env = partial(rl.raw_env, "garden-rush")
parallel_env = partial(rl.parallel_env, "garden-rush")
