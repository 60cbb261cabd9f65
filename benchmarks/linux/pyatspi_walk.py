#!/usr/bin/python3
"""The independent oracle: walk one application's window with pyatspi (libatspi), reading the same fields
the executor reads for every node (role, name, states, screen extents), RUNS times; print the median.
   /usr/bin/python3 pyatspi_walk.py WINDOW_ROLE_OR_NAME_PART RUNS
With --serve, walk once per line read from stdin and answer each with "NODES MILLISECONDS" (the paired
benchmark alternates these walks with the executor's observations):
   /usr/bin/python3 pyatspi_walk.py --serve WINDOW_ROLE_OR_NAME_PART
"""
import statistics
import sys
import time

import pyatspi


def window_of(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        for window in app or []:
            if window is not None and (window.getRoleName() == name or name in (window.name or "")):
                return window
    raise SystemExit("no window named like %s" % name)


def walk(node, depth=0):
    count = 1
    node.getRoleName()
    node.name
    node.getState().getStates()
    try:
        node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    except NotImplementedError:
        pass
    if depth < 64:
        for child in node:
            if child is not None:
                count += walk(child, depth + 1)
    return count


def serve(name):
    window = window_of(name)
    for _ in range(3):
        walk(window)
    print("ready", flush=True)
    for _ in sys.stdin:
        start = time.perf_counter()
        nodes = walk(window)
        print("%d %.4f" % (nodes, (time.perf_counter() - start) * 1000), flush=True)


def main():
    if sys.argv[1] == "--serve":
        serve(sys.argv[2])
        return
    name, runs = sys.argv[1], int(sys.argv[2])
    window = window_of(name)
    for _ in range(3):
        walk(window)
    times = []
    nodes = 0
    for _ in range(runs):
        start = time.perf_counter()
        nodes = walk(window)
        times.append((time.perf_counter() - start) * 1000)
    print("pyatspi nodes=%d median_ms=%.2f min_ms=%.2f max_ms=%.2f" % (nodes, statistics.median(times), min(times),
                                                                      max(times)))


main()
