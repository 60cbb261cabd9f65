package org.praefectus.linux;

import java.util.List;
import java.util.Optional;

/**
 * What an X server told us when we connected to it.
 *
 * @param name       the display name connected to, for example {@code :99}
 * @param extensions the extensions the probe asked about that the server has, in the order asked
 * @param screens    width and height of every screen's root window, in screen order
 */
record X11Display(String name, List<String> extensions, List<Screen> screens) {

    record Screen(int width, int height) {}

    X11Display {
        extensions = List.copyOf(extensions);
        screens = List.copyOf(screens);
    }

    boolean has(String extension) {
        return extensions.contains(extension);
    }

    /** The result of probing a display that could not be opened. */
    static Optional<X11Display> unreachable() {
        return Optional.empty();
    }
}
