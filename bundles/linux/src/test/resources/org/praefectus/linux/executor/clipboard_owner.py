# An independent clipboard owner for the paste tests (Debian's /usr/bin/python3, GTK 3):
#   clipboard_owner.py text TEXT   owns CLIPBOARD with TEXT
#   clipboard_owner.py image       owns CLIPBOARD with a 4x4 image only (no text form)
# Prints "owning" once GTK holds the selection, then keeps serving it until it is killed.
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import Gdk, GdkPixbuf, GLib, Gtk

clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
if sys.argv[1] == "text":
    clipboard.set_text(sys.argv[2], -1)
else:
    image = GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, False, 8, 4, 4)
    image.fill(0x3366CCFF)
    clipboard.set_image(image)
Gdk.Display.get_default().flush()


def announce():
    print("owning", flush=True)
    return False


GLib.idle_add(announce)
Gtk.main()
