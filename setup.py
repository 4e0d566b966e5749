"""Build hook: compile `potager.compiled.MODULES` with mypyc (the rest of the metadata is in
pyproject.toml). ``POTAGER_PURE=1`` skips it; so does a machine without a C compiler, with a
warning, and Potager then runs as plain Python."""

from __future__ import annotations

import os
import runpy
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """`build_ext` that falls back to plain Python when compiling fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any compiler failure: run the source
            print(
                f"warning: Potager runs uncompiled (mypyc build failed: {error})", file=sys.stderr
            )


def ext_modules() -> list:
    if os.environ.get("POTAGER_PURE"):
        return []
    from mypyc.build import mypycify

    compiled = runpy.run_path(os.path.join("potager", "compiled.py"))
    paths = [m.replace(".", "/") + ".py" for m in compiled["MODULES"]]
    return mypycify(paths, opt_level="3", group_name=compiled["GROUP"])


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
