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
        return uniqueBusName(busName) && objectPath(path);
    }

    // checked for every object of every call and cache item, so by hand rather than by regular expression

    /** {@code :} followed by 1–254 of {@code [0-9A-Za-z_.-]}. */
    private static boolean uniqueBusName(String name) {
        if (name.length() < 2 || name.length() > 255 || name.charAt(0) != ':') {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(pathCharacter(c) || c == '.' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    /** {@code /}, or {@code /} followed by non-empty {@code [A-Za-z0-9_]} elements joined by {@code /}. */
    private static boolean objectPath(String path) {
        if (path.isEmpty() || path.length() > 1_792 || path.charAt(0) != '/') {
            return false;
        }
        if (path.length() == 1) {
            return true;
        }
        boolean elementStart = true;
        for (int i = 1; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '/') {
                if (elementStart) {
                    return false;
                }
                elementStart = true;
            } else if (pathCharacter(c)) {
                elementStart = false;
            } else {
                return false;
            }
        }
        return !elementStart;
    }

    private static boolean pathCharacter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
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
