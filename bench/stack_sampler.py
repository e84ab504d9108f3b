#!/usr/bin/env python
"""A Daphne under an in-process stack sampler: py-spy's `record --format raw` for when py-spy is not
installed (it is not a dependency of the project, and the shared venv is not ours to change).

A thread reads every other thread's stack every STACK_SAMPLER_INTERVAL_MS (default 10) ms
(sys._current_frames) and counts the collapsed stacks; at exit they are appended to OUT (a restarted
process adds its samples) in py-spy's raw format (`frame;frame;... count`, root first, the thread's
name as the root), which flame-graph tools and `--top` read. A sample is taken
only when the sampler gets the GIL, so a thread holding it for long is under-sampled: read the shares
as where the process spends its Python time, not as exact CPU.

    .venv/bin/python bench/stack_sampler.py OUT -- daphne -b 127.0.0.1 -p 8001 server.config.asgi:application
    .venv/bin/python bench/stack_sampler.py --top OUT [--match TEXT] [--limit 40]

`--top`: the frames with the most samples (inclusive: a frame counts once per sample it is on),
among the samples that were not waiting (the event loop's select, idle worker threads).
"""

from __future__ import annotations

import argparse
import atexit
import collections
import os
import sys
import threading
import time
from pathlib import Path
from types import FrameType

# A sample whose innermost frame is one of these is a thread waiting, not working.
IDLE = ("select", "poll", "epoll", "wait", "_worker", "acquire", "sleep", "get", "_wait_for_tstate_lock")


def frame_name(code_file: str, name: str, line: int) -> str:
    short = code_file.split("site-packages/")[-1]
    root = str(Path(__file__).resolve().parent.parent) + "/"
    return f"{name} ({short.removeprefix(root)}:{line})"


def sample(out: Path, interval: float) -> None:
    counts: collections.Counter[str] = collections.Counter()

    def loop() -> None:
        me = threading.get_ident()
        while True:
            time.sleep(interval)
            names = {thread.ident: thread.name for thread in threading.enumerate()}
            for ident, top_frame in sys._current_frames().items():
                if ident == me:
                    continue
                stack = []
                frame: FrameType | None = top_frame
                while frame is not None:
                    stack.append(frame_name(frame.f_code.co_filename, frame.f_code.co_name, frame.f_lineno))
                    frame = frame.f_back
                stack.append(names.get(ident, "thread"))
                counts[";".join(reversed(stack))] += 1

    def write() -> None:
        with out.open("a") as lines:
            for stack, count in counts.most_common():
                lines.write(f"{stack} {count}\n")

    atexit.register(write)
    threading.Thread(target=loop, name="stack-sampler", daemon=True).start()


def top(path: Path, match: str, limit: int) -> None:
    inclusive: collections.Counter[str] = collections.Counter()
    busy = total = 0
    for line in path.read_text().splitlines():
        stack, _, samples = line.rpartition(" ")
        frames, count = stack.split(";"), int(samples)
        total += count
        if frames[-1].split(" (")[0] in IDLE:
            continue
        if match and not any(match in f for f in frames):
            continue
        busy += count
        for frame in set(frames):
            inclusive[frame] += count
    print(f"{busy} busy samples of {total}")
    for frame, count in inclusive.most_common(limit):
        print(f"{count * 100 / max(busy, 1):5.1f} %  {count:6d}  {frame}")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--top":
        parser = argparse.ArgumentParser()
        parser.add_argument("--top", type=Path)
        parser.add_argument("--match", default="")
        parser.add_argument("--limit", type=int, default=40)
        args = parser.parse_args()
        top(args.top, args.match, args.limit)
        return
    out, separator, *command = sys.argv[1:]
    if separator != "--" or not command:
        raise SystemExit(__doc__)
    sample(Path(out), float(os.environ.get("STACK_SAMPLER_INTERVAL_MS", "10")) / 1000)
    program = Path(command[0]).name
    sys.argv = [program, *command[1:]]
    if program != "daphne":
        raise SystemExit("stack_sampler: only daphne is run in-process")
    from daphne.cli import CommandLineInterface

    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
