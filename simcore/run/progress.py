"""Progress on stderr as games complete: a live line on a terminal (games done of the whole job,
games/s, time left), one final line always."""
import os
import sys
import textwrap
import threading
import time


def _clock(seconds):
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


class Progress:
    def __init__(self, total, done=0, live=True, stream=None):
        self.stream = stream or sys.stderr
        self.total, self.done, self.start_done = total, done, done
        self.live = live and self.stream.isatty()
        self.t0 = self.last = time.perf_counter()
        self.compiled = 0.0   # seconds spent compiling before the games (not in games/s)

    def restart(self):
        """Count time from now (after the engine was compiled or loaded)."""
        self.t0 = self.last = time.perf_counter()

    @property
    def rate(self):
        """Games per second played in this session."""
        return (self.done - self.start_done) / max(time.perf_counter() - self.t0, 1e-9)

    def line(self):
        """'120,000/1,200,000 games (10%)  14,000 games/s  ETA 1:17'."""
        share = self.done / self.total if self.total else 1.0
        text = f"{self.done:,}/{self.total:,} games ({100 * share:.0f}%)  {rate_text(self.rate)} games/s"
        if self.rate > 0 and self.done < self.total:
            text += f"  ETA {_clock((self.total - self.done) / self.rate)}"
        return text

    def update(self, games):
        self.done += games
        now = time.perf_counter()
        if self.live and now - self.last >= 0.1:
            self.last = now
            self.stream.write(f"\r{self.line()} \033[K")
            self.stream.flush()

    def say(self, text):
        """A line that stays (e.g. a finished sweep setting), the live line redrawn below it."""
        self.stream.write(("\r\033[K" if self.live else "") + text + "\n")
        if self.live:
            self.stream.write(f"\r{self.line()} \033[K")
        self.stream.flush()

    def finish(self, text):
        """Clear the live line and print `text` as the one line that stays."""
        elapsed = time.perf_counter() - self.t0
        played = self.done - self.start_done
        compiled = f"; compiling the engine took {self.compiled:.1f} s more" if self.compiled else ""
        line = f"{played:,} games in {elapsed:.1f} s ({rate_text(self.rate)} games/s{compiled}){text}"
        self.stream.write(("\r\033[K" if self.live else "") + line + "\n")
        self.stream.flush()


def _columns(stream):
    """The terminal's width for `stream`: $COLUMNS when set, else the terminal's own, else 80."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        return 80


class CompileNotice:
    """A line saying the engine compiles: shown after `after` seconds (0: at once; None: never),
    on a terminal with the seconds so far, redrawn every second, and how long it took at the end.
    A notice wider than the terminal is printed once, wrapped, and the seconds are redrawn on a
    short line below it (a redrawn line that wraps would leave a new line behind every second)."""

    def __init__(self, stream, text, after):
        self.stream, self.text, self.shown = stream, text, False
        self.live = hasattr(stream, "isatty") and stream.isatty()
        self.label = text
        self.t0 = time.perf_counter()
        self._stop = threading.Event()
        self._thread = None
        if after is not None:
            self._thread = threading.Thread(target=self._run, args=(after,), daemon=True)
            self._thread.start()

    def _run(self, after):
        if self._stop.wait(after):
            return
        self.shown = True
        if not self.live:
            self.stream.write(self.text + "\n")
            self.stream.flush()
            return
        width = _columns(self.stream)
        if len(self.text) + len(": done in 999.9 s ") >= width:
            self.stream.write(textwrap.fill(self.text, max(width - 1, 20)) + "\n")
            self.label = "compiling"
        while True:
            self.stream.write(f"\r{self.label}: {time.perf_counter() - self.t0:.0f} s \033[K")
            self.stream.flush()
            if self._stop.wait(1.0):
                return

    def stop(self):
        """End the notice; return the seconds since it began."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        seconds = time.perf_counter() - self.t0
        if self.shown and self.live:
            self.stream.write(f"\r{self.label}: done in {seconds:.1f} s \033[K\n")
            self.stream.flush()
        return seconds


def rate_text(rate):
    """'14,000', '12', '0.27': whole games per second, two significant digits below 10 (rollout seats)."""
    return f"{rate:,.0f}" if rate >= 10 or rate == 0 else f"{rate:.2g}"
