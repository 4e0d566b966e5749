"""PettingZoo's versioned module: `env`, `raw_env`, `parallel_env` (see `potager.rl`)."""

from functools import partial

from potager import rl

env = partial(rl.env, "kraut-und-rueben")
raw_env = partial(rl.raw_env, "kraut-und-rueben")
parallel_env = partial(rl.parallel_env, "kraut-und-rueben")
