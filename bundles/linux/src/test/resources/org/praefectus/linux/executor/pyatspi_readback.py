"""The independent oracle for read-back: pyatspi's view of every object of one process (#36).

argv: PID [set ROLE VALUE]... then prints one JSON line per object:
  {"path", "role", "text" (getText(0, 256), null without Text or for a password), "length" (characterCount),
   "value", "min", "max", "step" (Value, else null), "states" (state nicks)}
"set slider 37" sets the first object of that role's Value.currentValue; "set text abc" the first editable
object of that role's text (EditableText.setTextContents), before anything is printed.
Run with /usr/bin/python3 (Debian's python3-pyatspi).
"""
import json
import sys

import pyatspi
from gi.repository import Atspi

pid = int(sys.argv[1])
sets = [(sys.argv[i + 1], sys.argv[i + 2]) for i in range(2, len(sys.argv), 3)]


def objects():
    for app in pyatspi.Registry.getDesktop(0):
        if app is None or app.get_process_id() != pid:
            continue
        stack, seen = [app], set()
        while stack:
            node = stack.pop(0)
            if node is None or node.path in seen:
                continue
            seen.add(node.path)
            yield node
            stack.extend(child for child in node)


for role, wanted in sets:
    node = next(n for n in objects() if n.getRoleName() == role)
    if role in ("text", "password text"):
        node.queryEditableText().setTextContents(wanted)
    else:
        node.queryValue().currentValue = float(wanted)

for node in objects():
    interfaces = pyatspi.listInterfaces(node)
    entry = {"path": node.path, "role": node.getRoleName(), "text": None, "length": None,
             "value": None, "min": None, "max": None, "step": None}
    if "Text" in interfaces:
        text = node.queryText()
        entry["length"] = text.characterCount
        if node.getRole() != pyatspi.ROLE_PASSWORD_TEXT:
            entry["text"] = text.getText(0, 256)
    if "Value" in interfaces:
        value = node.queryValue()
        entry.update(value=value.currentValue, min=value.minimumValue, max=value.maximumValue,
                     step=value.minimumIncrement)
    entry["states"] = [Atspi.StateType(int(s)).value_nick for s in node.getState().getStates()]
    print(json.dumps(entry))
