package org.praefectus.macos.executor;

import java.util.List;

/**
 * How the macOS executor finds an observed element again: its index path from the window through
 * {@link AxTraversal}, and its fingerprint at observation time.
 */
record ElementPath(List<Integer> path, String fingerprint) {
    ElementPath {
        path = List.copyOf(path);
    }
}
