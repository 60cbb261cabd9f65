#!/usr/bin/python3
# The independent oracle of the graph desktop tests: pyatspi (not the project's AT-SPI reader).
#   names APP ROLE         prints, one per line, the names of the showing elements with role ROLE in the windows
#                          of the application named APP
#   settext TITLE TEXT     replaces the text of the first editable text in the window titled TITLE (exit 2: none)
import sys
import pyatspi

def walk(node, depth=0):
    if node is None or depth > 40:
        return
    yield node
    for i in range(node.childCount):
        yield from walk(node.getChildAtIndex(i), depth + 1)

mode, name = sys.argv[1], sys.argv[2]
for app in pyatspi.Registry.getDesktop(0):
    if app is None or (mode == "names" and app.name != name):
        continue
    for window in app:
        if window is None or (mode == "settext" and window.name != name):
            continue
        for node in walk(window):
            if mode == "names" and node.getRoleName() == sys.argv[3] \
                    and node.getState().contains(pyatspi.STATE_SHOWING) and node.name:
                print(node.name)
            if mode == "settext" and node.getRoleName() == "text" \
                    and node.getState().contains(pyatspi.STATE_EDITABLE):
                node.queryEditableText().setTextContents(sys.argv[3])
                sys.exit(0)
if mode == "names":
    sys.exit(0)
sys.exit(2)
