#!/usr/bin/python3
# The independent oracle of the workflow desktop tests: pyatspi (not the project's AT-SPI reader).
#   text TITLE        prints the text of the first editable text in the window titled TITLE (exit 2: none)
#   checked PID NAME  prints true/false: whether the control named NAME of process PID is checked (exit 2: none)
import sys
import pyatspi

def walk(node, depth=0):
    if node is None or depth > 40:
        return
    yield node
    for i in range(node.childCount):
        yield from walk(node.getChildAtIndex(i), depth + 1)

mode = sys.argv[1]
for app in pyatspi.Registry.getDesktop(0):
    if app is None:
        continue
    if mode == "checked" and app.get_process_id() != int(sys.argv[2]):
        continue
    for window in app:
        if window is None:
            continue
        if mode == "text" and window.name != sys.argv[2]:
            continue
        for node in walk(window):
            if mode == "text" and node.getRoleName() == "text" and node.getState().contains(pyatspi.STATE_EDITABLE):
                print(node.queryText().getText(0, -1))
                sys.exit(0)
            if mode == "checked" and node.name == sys.argv[3]:
                print("true" if node.getState().contains(pyatspi.STATE_CHECKED) else "false")
                sys.exit(0)
sys.exit(2)
