package org.praefectus.linux.atspi;

import static java.util.Objects.requireNonNull;

/**
 * One accessible object: the unique bus name of the application connection that owns it and its object
 * path. Only unique names ({@code :1.42}) are accepted, so a well-known name can never be swapped in.
 *
 * @param busName the owner's unique bus name
 * @param path    the object path
 */
public record AtspiObject(String busName, String path) {

    public AtspiObject {
        requireNonNull(busName, "busName");
        requireNonNull(path, "path");
    }

    /** Whether both parts are well formed: a unique bus name and an absolute object path, bounded. */
    public boolean valid() {
        return busName.length() <= 255 && busName.matches(":[0-9A-Za-z_.-]+") && path.length() <= 1_792
                && path.matches("/([A-Za-z0-9_]+(/[A-Za-z0-9_]+)*)?");
    }

    /** The backend identity {@code bus:path}, as the reference forms it. */
    public String id() {
        return busName + ":" + path;
    }

    /** The null reference AT-SPI uses for "no object". */
    public boolean isNull() {
        return path.equals("/org/a11y/atspi/null");
    }
}
