"""`potager.engine.ascending` is `bisect` for the rules' ascending lists of actions."""

from __future__ import annotations

import bisect

from hypothesis import given
from hypothesis import strategies as st

from potager.engine.ascending import holds, insert, position

ascending_lists = st.lists(st.integers(-50, 50), max_size=30).map(sorted)


@given(ascending_lists, st.integers(-60, 60))
def test_position_holds_and_insert_are_bisect_s(ascending: list[int], action: int) -> None:
    assert position(ascending, action) == bisect.bisect_left(ascending, action)
    assert holds(ascending, action) == (action in ascending)
    expected = ascending[:]
    bisect.insort(expected, action)
    insert(ascending, action)
    assert ascending == expected
