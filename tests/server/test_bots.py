"""The bot workers: shared fairly between owners, and stopped at once even mid-thought."""

from __future__ import annotations

import asyncio
import time

from potager.server.bots import BotPool, FairGate


def test_one_owner_with_many_jobs_does_not_starve_another() -> None:
    async def scenario() -> list[str]:
        gate, started = FairGate(1), []

        async def job(name: str) -> None:
            async def work() -> None:
                started.append(name)
                await asyncio.sleep(0.01)

            await gate.run(name[0], work)

        tasks = [asyncio.create_task(job(f"a{i}")) for i in range(5)]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(job("b0")))
        await asyncio.gather(*tasks)
        return started

    started = asyncio.run(scenario())
    # First come first served would run b0 last; in turn, it runs after one more of a's.
    assert started.index("b0") == 2
    assert sorted(started) == ["a0", "a1", "a2", "a3", "a4", "b0"]


def test_a_cancelled_waiter_gives_its_turn_on() -> None:
    async def scenario() -> list[str]:
        gate, started = FairGate(1), []
        release = asyncio.Event()

        async def hold() -> None:
            started.append("holder")
            await release.wait()

        async def quick(name: str) -> None:
            async def work() -> None:
                started.append(name)

            await gate.run(name, work)

        holder = asyncio.create_task(gate.run("h", hold))
        await asyncio.sleep(0)
        doomed, after = asyncio.create_task(quick("x")), asyncio.create_task(quick("y"))
        await asyncio.sleep(0)
        doomed.cancel()
        release.set()
        await asyncio.gather(holder, after)
        return started

    assert asyncio.run(scenario()) == ["holder", "y"]


def test_closing_stops_a_worker_in_the_middle_of_a_decision() -> None:
    async def scenario() -> float:
        pool = BotPool("process", 1, 60)
        thinking = asyncio.ensure_future(pool.run("owner", time.sleep, 60))
        await asyncio.sleep(1.5)  # the worker has started and is deep in thought
        processes = list(pool._executor._processes.values())  # type: ignore[attr-defined]
        assert processes and all(p.is_alive() for p in processes)
        start = time.monotonic()
        pool.close()
        for process in processes:
            process.join(10)
        assert not any(p.is_alive() for p in processes)
        thinking.cancel()
        return time.monotonic() - start

    assert asyncio.run(scenario()) < 10
