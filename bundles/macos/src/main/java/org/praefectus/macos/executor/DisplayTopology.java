package org.praefectus.macos.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.Rect;
import org.praefectus.macos.quartz.Display;

/**
 * The display topology: every active display's bounds in points and size in pixels (so a scale change is a
 * topology change), hashed into every provenance.
 */
record DisplayTopology(List<Display> displays) {

    DisplayTopology {
        displays = List.copyOf(displays);
    }

    static DisplayTopology of(List<Display> displays) throws ExecutorException {
        if (displays.isEmpty()) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "no active display");
        }
        return new DisplayTopology(displays);
    }

    String hash() {
        List<JsonValue> entries = new ArrayList<>();
        for (Display display : displays) {
            entries.add(new JsonValue.JsonArray(List.of(
                    JsonValue.JsonNumber.of(display.displayId()),
                    JsonValue.JsonNumber.of(display.x()),
                    JsonValue.JsonNumber.of(display.y()),
                    JsonValue.JsonNumber.of(display.width()),
                    JsonValue.JsonNumber.of(display.height()),
                    JsonValue.JsonNumber.of(display.pixelWidth()),
                    JsonValue.JsonNumber.of(display.pixelHeight()))));
        }
        return CanonicalJson.hash(new JsonValue.JsonArray(entries));
    }

    List<DisplayGeometry> geometries() {
        return displays.stream()
                .map(d -> new DisplayGeometry(Long.toString(d.displayId()), d.x(), d.y(), d.width(), d.height()))
                .toList();
    }

    /** Whether any part of the rectangle lies on a display. */
    boolean shows(Rect rect) {
        for (Display d : displays) {
            if (rect.x() < d.x() + d.width()
                    && d.x() < rect.x() + rect.width()
                    && rect.y() < d.y() + d.height()
                    && d.y() < rect.y() + rect.height()) {
                return true;
            }
        }
        return false;
    }
}
