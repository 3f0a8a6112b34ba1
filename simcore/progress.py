"""Progress on stderr as games complete: a live line on a terminal, one final line always."""
import sys
import time


class Progress:
    def __init__(self, total, done=0, live=True, stream=None):
        self.stream = stream or sys.stderr
        self.total, self.done, self.start_done = total, done, done
        self.live = live and self.stream.isatty()
        self.t0 = self.last = time.perf_counter()

    @property
    def rate(self):
        """Games per second played in this session."""
        return (self.done - self.start_done) / max(time.perf_counter() - self.t0, 1e-9)

    def update(self, games):
        self.done += games
        now = time.perf_counter()
        if self.live and now - self.last >= 0.1:
            self.last = now
            self.stream.write(f"\r{self.done:,}/{self.total:,} games  {self.rate:,.0f} games/s ")
            self.stream.flush()

    def finish(self, text):
        """Clear the live line and print `text` as the one line that stays."""
        elapsed = time.perf_counter() - self.t0
        played = self.done - self.start_done
        line = f"{played:,} games in {elapsed:.1f} s ({self.rate:,.0f} games/s){text}"
        self.stream.write(("\r\033[K" if self.live else "") + line + "\n")
        self.stream.flush()
