package org.praefectus.linux.atspi;

import java.util.HashMap;
import java.util.Map;

/**
 * Recognizes bounds changes that change nothing. GTK repeats an object's bounds at every allocation, by the
 * hundred per second in an animated window, mostly unchanged: a {@code BoundsChanged} that repeats the rectangle
 * the previous event gave for that object changes nothing a reader who heard that event could have seen. Every
 * other event, and a bounds change whose rectangle cannot be read, is a change. Kept once per connection, for
 * the events one subscription delivers ({@link AtspiBus#onChange}); forgotten when the subscription ends, since
 * events missed meanwhile are unknown. Memory is bounded: past {@link #MAX_TRACKED} objects it forgets them all,
 * and the next events count as changes once more.
 */
final class RepeatedBounds {

    static final int MAX_TRACKED = 16_384;

    /** The last rectangle a bounds change gave per object. */
    private final Map<String, String> last = new HashMap<>();

    /** Whether {@code change} only repeats the last rectangle of its object (and so is no change). */
    synchronized boolean repeats(AtspiBus.Change change) {
        if (!"BoundsChanged".equals(change.member()) || change.detail() == null) {
            return false;
        }
        if (change.detail().equals(last.put(change.objectId(), change.detail()))) {
            return true;
        }
        if (last.size() > MAX_TRACKED) {
            last.clear();
        }
        return false;
    }

    /** Forgets every rectangle: the next bounds change of each object is a change. */
    synchronized void clear() {
        last.clear();
    }
}
