"""The independent oracle for one process's editable text: pyatspi (libatspi), never Praefectus's own bus code.

argv: PID COMMAND [ARG]. Acts on the process's first object with the role "text" and the EditableText interface:
  read          prints the whole text (Text.getText(0, -1))
  caret OFFSET  moves the caret (Text.setCaretOffset) and prints the caret read back
  where         prints the caret (Text.caretOffset) without moving it
  states        prints "focused" and "editable" lines for the states it has
Run with /usr/bin/python3 (Debian's python3-pyatspi).
"""
import sys

import pyatspi

pid, command = int(sys.argv[1]), sys.argv[2]


def texts():
    for app in pyatspi.Registry.getDesktop(0):
        if app is None or app.get_process_id() != pid:
            continue
        stack = [app]
        while stack:
            node = stack.pop(0)
            if node is None:
                continue
            if node.getRoleName() == "text" and "EditableText" in pyatspi.listInterfaces(node):
                yield node
            stack.extend(child for child in node)


node = next(texts())
text = node.queryText()
if command == "read":
    sys.stdout.write(text.getText(0, -1))
elif command == "caret":
    text.setCaretOffset(int(sys.argv[3]))
    print(text.caretOffset)
elif command == "where":
    print(text.caretOffset)
elif command == "states":
    states = node.getState()
    for name, state in (("focused", pyatspi.STATE_FOCUSED), ("editable", pyatspi.STATE_EDITABLE)):
        if states.contains(state):
            print(name)
