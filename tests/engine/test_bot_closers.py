"""Helpers a search keeps (worker pools) stop when the app closes: every registered closer runs once,
newest first, even when one of them fails."""

from bauhausbox.engine.bots import runner


def test_close_all_runs_each_closer_once_newest_first_despite_failures() -> None:
    calls: list[str] = []

    def first() -> None:
        calls.append("first")

    def failing() -> None:
        calls.append("failing")
        raise RuntimeError("already gone")

    def last() -> None:
        calls.append("last")

    for closer in (first, failing, last, first):  # registering twice keeps one
        runner.on_close(closer)
    runner.close_all()
    runner.close_all()  # nothing left to close
    assert calls == ["last", "failing", "first"]
