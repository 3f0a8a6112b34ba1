"""Progress: a live line only on a terminal, one final line always."""
import io

from simcore.run.progress import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_live_on_a_terminal():
    stream = Terminal()
    bar = Progress(100, done=20, live=True, stream=stream)
    bar.last = -1.0                     # let the first update through at once
    bar.update(30)
    bar.finish(" -> out")
    text = stream.getvalue()
    assert text.startswith("\r50/100 games")
    final = text.rsplit("\r", 1)[1]
    assert final.startswith("\033[K30 games in ") and final.endswith(" -> out\n")


def test_only_the_final_line_elsewhere():
    for stream, live in [(io.StringIO(), True), (Terminal(), False)]:   # not a TTY, or --quiet
        bar = Progress(10, live=live, stream=stream)
        bar.last = -1.0
        bar.update(10)
        bar.finish("")
        assert stream.getvalue().count("\n") == 1 and stream.getvalue().startswith("10 games in ")
