"""PettingZoo's versioned module: `env`, `raw_env`, `parallel_env` (see `potager.rl`)."""

from functools import partial

from potager import rl

env = partial(rl.env, "pas-de-haricots")
raw_env = partial(rl.raw_env, "pas-de-haricots")
parallel_env = partial(rl.parallel_env, "pas-de-haricots")
