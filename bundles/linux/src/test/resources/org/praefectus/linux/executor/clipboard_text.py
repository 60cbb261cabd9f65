# The clipboard oracle of the paste tests (Debian's /usr/bin/python3, GTK 3): asks the CLIPBOARD owner for
# its text as any GTK application does and prints "none" when there is none, else "text:" and the text.
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, Gtk

text = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD).wait_for_text()
sys.stdout.buffer.write(b"none" if text is None else b"text:" + text.encode("utf-8"))
