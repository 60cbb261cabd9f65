"""The independent oracle for AT-SPI state bits: pyatspi's getState() of every object of one process.

Prints one line per object, "PATH<TAB>state-nick,state-nick,...", states in number order.
Run with /usr/bin/python3 (Debian's python3-pyatspi); argv[1] is the process id.
"""
import sys

import pyatspi
from gi.repository import Atspi

pid = int(sys.argv[1])
desktop = pyatspi.Registry.getDesktop(0)
for app in desktop:
    if app is None or app.get_process_id() != pid:
        continue
    stack = [app]
    seen = set()
    while stack:
        node = stack.pop()
        if node is None or node.path in seen:
            continue
        seen.add(node.path)
        states = sorted(int(state) for state in node.getState().getStates())
        print(node.path + "\t" + ",".join(Atspi.StateType(state).value_nick for state in states))
        stack.extend(child for child in node)
