"""A policy trained with another library and exported to ONNX, as a bot (bot level ``onnx:PATH``).

The model's contract (docs/rl.md): its first input is a float32 batch of observations
``[batch, size]``, encoded from the seat's view by `potager.rl.encoding` (what the environments
give as ``observation["observation"]``); an input named ``action_mask``, if it has one, gets the
legal actions as 1s (of that input's type); its first output is one score a legal or illegal
action ``[batch, num_actions]`` (logits or probabilities). The bot plays the legal action of the
highest score, from its own seat's view only. The model's metadata key ``potager`` (a JSON object:
``game``, ``players``, ``variant``) says what it was trained for, and `label` writes it; a model
without it, or trained for another game or configuration, is refused with a message.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from potager.engine import Game

from .policy import EncodedPolicy

LEVEL_PREFIX = "onnx:"
"""A bot level ``onnx:PATH`` plays the ONNX model at PATH (`agents.make`)."""
METADATA_KEY = "potager"
"""The model's metadata entry naming the game, player count and variant it was trained for."""
MASK_INPUT = "action_mask"
"""The name of the optional input that receives the legal actions."""
_FLOATS: dict[str, type[np.generic]] = {"tensor(float)": np.float32, "tensor(double)": np.float64}
_MASKS: dict[str, type[np.generic]] = {
    **_FLOATS,
    "tensor(bool)": np.bool_,
    "tensor(int8)": np.int8,
    "tensor(int32)": np.int32,
    "tensor(int64)": np.int64,
}


def label(
    path: str | Path, game: Game, players: int, variant: Mapping[str, Any] | None = None
) -> None:
    """Write into the ONNX model at ``path`` what it was trained for (needs the ``onnx`` package,
    which exporters bring)."""
    import onnx

    model = onnx.load(str(path))
    trained = {"game": game.name, "players": players, "variant": game.resolve_variant(variant)}
    kept = [p for p in model.metadata_props if p.key != METADATA_KEY]
    del model.metadata_props[:]
    model.metadata_props.extend(kept)
    onnx.helper.set_model_props(model, {METADATA_KEY: json.dumps(trained)})
    onnx.save(model, str(path))


class OnnxPolicy(EncodedPolicy):
    """A bot that plays an ONNX model greedily over the legal actions of its own view."""

    def __init__(self, path: str, game: Game) -> None:
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = options.inter_op_num_threads = 1  # a bot uses one core
        try:
            session = onnxruntime.InferenceSession(
                path, options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # onnxruntime's own error types, one per failure
            raise ValueError(f"cannot load an ONNX policy from {path!r}: {exc}") from None
        text = session.get_modelmeta().custom_metadata_map.get(METADATA_KEY)
        if text is None:
            raise ValueError(
                f"the ONNX model {path!r} does not say what it was trained for: write it with "
                "potager.rl.onnx_policy.label(path, game, players, variant)"
            )
        super().__init__(game, json.loads(text), f"{LEVEL_PREFIX}{path}")
        self.session = session
        first, *others = session.get_inputs()
        size = self.encoder.layout.size
        if first.type not in _FLOATS or len(first.shape) != 2 or first.shape[1] not in (size, None):
            raise ValueError(
                f"the ONNX model {path!r} takes {first.type} {first.shape} as {first.name!r}; "
                f"a policy takes float [batch, {size}] observations"
            )
        self.feeds = {first.name: _FLOATS[first.type]}
        for extra in others:
            if extra.name != MASK_INPUT or extra.type not in _MASKS:
                raise ValueError(
                    f"the ONNX model {path!r} has an input {extra.name!r} of {extra.type}: a "
                    f"policy takes the observation and, optionally, {MASK_INPUT!r} (numbers)"
                )
            self.feeds[extra.name] = _MASKS[extra.type]
        self.output = session.get_outputs()[0].name

    def scores(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        feed = {}
        for name, dtype in self.feeds.items():
            value = mask if name == MASK_INPUT else observation
            feed[name] = value[None, :].astype(dtype, copy=False)
        (scores,) = self.session.run([self.output], feed)
        row = np.asarray(scores)[0]
        if row.shape != (self.num_actions,):
            raise ValueError(
                f"the ONNX policy {self.name} gave {row.shape[0]} scores, not one for each of "
                f"the {self.num_actions} actions"
            )
        return row
