package org.praefectus.windows.executor;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.Rect;
import org.praefectus.windows.uia.Monitor;

/** The monitors with their DPI: a moved, resized or rescaled monitor changes the hash every target carries. */
record DisplayTopology(List<Monitor> monitors) {

    DisplayTopology {
        monitors = List.copyOf(monitors);
    }

    static DisplayTopology of(List<Monitor> monitors) throws ExecutorException {
        if (monitors.isEmpty()) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "no display monitor");
        }
        return new DisplayTopology(monitors);
    }

    String hash() {
        List<JsonValue> entries = new ArrayList<>();
        for (Monitor m : monitors) {
            entries.add(new JsonValue.JsonArray(List.of(
                    new JsonValue.JsonString(m.name()),
                    JsonValue.JsonNumber.of(m.x()),
                    JsonValue.JsonNumber.of(m.y()),
                    JsonValue.JsonNumber.of(m.width()),
                    JsonValue.JsonNumber.of(m.height()),
                    JsonValue.JsonNumber.of(m.dpi()))));
        }
        return CanonicalJson.hash(new JsonValue.JsonArray(entries));
    }

    List<DisplayGeometry> geometries() {
        return monitors.stream()
                .map(m -> new DisplayGeometry(m.name(), m.x(), m.y(), m.width(), m.height()))
                .toList();
    }

    boolean shows(Rect rect) {
        for (Monitor m : monitors) {
            if (rect.x() < m.x() + m.width()
                    && m.x() < rect.x() + rect.width()
                    && rect.y() < m.y() + m.height()
                    && m.y() < rect.y() + rect.height()) {
                return true;
            }
        }
        return false;
    }
}
