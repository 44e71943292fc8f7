"""The one group-commit writer both backends share (``bot.store.base.GroupCommitWriter``),
on a backend of its own that keeps its transactions in a list: what the loop promises whatever
database is behind it. The real backends are tested in ``test_store.py``."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import Batch, check
from bot.store.base import GroupCommitWriter


class Refused(Exception):
    """What the fake database says to a batch it will not take."""


class ListWriter(GroupCommitWriter):
    """Writes a transaction by appending its batches' codes to ``written``; a batch holding
    ``"bad"`` is refused (a batch error), one holding ``"crash"`` breaks the writer itself."""

    BATCH_ERRORS = (Refused,)

    def __init__(self) -> None:
        super().__init__()
        self.written: list[list[str]] = []
        self.after: list[int] = []
        #: when set, a transaction waits for it before it is written (or breaks)
        self.gate: asyncio.Event | None = None

    async def _write_transaction(self, batches: list[Batch]) -> None:
        codes = [row[3] for batch in batches for row in batch.actions]
        if self.gate is not None:
            await self.gate.wait()
        if "crash" in codes:
            raise RuntimeError("the disk went away")
        if "bad" in codes:
            raise Refused("no")
        self.written.append(codes)

    def _written(self, batches: int) -> None:
        self.after.append(batches)


def move(code: str) -> Batch:
    return Batch(actions=[(1, 1, 0, code, "act", 0.0)])


@pytest.fixture
async def writer() -> ListWriter:
    w = ListWriter()
    w._start_writer()
    return w


async def test_batches_queued_together_share_one_transaction(writer: ListWriter) -> None:
    queued = [writer.submit(move(code)) for code in "abc"]
    assert len({q.commit for q in queued}) == 1 and [q.slot for q in queued] == [0, 1, 2]
    for done, index in queued:
        check(await done, index)
    await writer.commit(move("d"))  # alone: its own transaction
    assert writer.written == [["a", "b", "c"], ["d"]]
    assert (writer.transactions, writer.batches, writer.after) == (2, 4, [3, 1])
    await writer._stop_writer()


async def test_a_refused_batch_fails_alone(writer: ListWriter) -> None:
    queued = [writer.submit(move(code)) for code in ("a", "bad", "c")]
    failures = await queued[0].commit
    assert set(failures) == {1} and isinstance(failures[1], Refused)
    assert writer.written == [["a"], ["c"]]  # the merged transaction, retried batch by batch
    with pytest.raises(Refused):
        await writer.commit(move("bad"))
    await writer._stop_writer()


async def test_a_broken_writer_tells_every_waiter_and_refuses_more(writer: ListWriter) -> None:
    queued = [writer.submit(move(code)) for code in ("a", "crash")]
    with pytest.raises(RuntimeError, match="disk"):
        await queued[0].commit
    with pytest.raises(RuntimeError, match="disk"):
        await writer._stop_writer()  # the writer task ended with the error
    with pytest.raises(RuntimeError, match="closed"):
        writer.submit(move("b"))
    assert writer.written == []


async def test_stopping_writes_what_is_queued_first(writer: ListWriter) -> None:
    queued = [writer.submit(move(code)) for code in "ab"]
    async with asyncio.timeout(10):
        await writer._stop_writer()
    for done, index in queued:
        check(await done, index)
    assert writer.written == [["a", "b"]]
    with pytest.raises(RuntimeError, match="closed"):
        writer.submit(move("c"))


async def test_a_batch_queued_while_the_writer_breaks_is_told_too(writer: ListWriter) -> None:
    """The group queued behind the one that breaks the writer (a lost lease, a dead disk) is
    answered with the same error: it used to wait forever, and so did whoever awaited it (a
    turn timer's move, then the bot's close)."""
    writer.gate = asyncio.Event()
    first = writer.submit(move("crash"))
    await asyncio.sleep(0)  # the writer has taken the first group and is writing it
    second = writer.submit(move("b"))
    writer.gate.set()
    # a Commit cannot be cancelled (a timeout would wait for it): wait for it with a limit
    done, _ = await asyncio.wait({first.commit, second.commit}, timeout=10)
    assert len(done) == 2, "the batch queued behind the broken one was never answered"
    for queued in (first, second):
        with pytest.raises(RuntimeError, match="disk"):
            queued.commit.result()
    with pytest.raises(RuntimeError, match="disk"):
        await writer._stop_writer()
