# The independent oracle: the text of the editable field of the application with process id argv[1], read
# over AT-SPI by pyatspi (run with Debian's /usr/bin/python3, which has python3-pyatspi).
import sys

import pyatspi

pid = int(sys.argv[1])
for app in pyatspi.Registry.getDesktop(0):
    if app is None:
        continue
    try:
        if app.get_process_id() != pid:
            continue
    except Exception:
        continue
    field = pyatspi.findDescendant(app, lambda node: node is not None and node.getState().contains(pyatspi.STATE_EDITABLE))
    if field is not None:
        print(field.queryText().getText(0, -1))
        sys.exit(0)
sys.exit(1)
