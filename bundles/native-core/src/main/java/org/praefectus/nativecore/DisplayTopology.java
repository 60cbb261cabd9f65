package org.praefectus.nativecore;

import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.Rect;

/**
 * The display topology: every display's identity, bounds and scale, hashed into every provenance, so a moved,
 * resized or rescaled display makes every target taken before it stale.
 */
public record DisplayTopology(List<Screen> screens) {

    public DisplayTopology {
        screens = List.copyOf(screens);
    }

    /** The topology of these screens; none at all is unavailable (a headless or locked session). */
    public static DisplayTopology of(List<Screen> screens) throws ExecutorException {
        if (screens.isEmpty()) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "no active display");
        }
        return new DisplayTopology(screens);
    }

    /** SHA-256 of {@code [[identity, x, y, width, height, scale…], …]} in canonical JSON. */
    public String hash() {
        List<JsonValue> entries = new ArrayList<>();
        for (Screen screen : screens) {
            DisplayGeometry g = screen.geometry();
            List<JsonValue> entry = new ArrayList<>(List.of(
                    screen.identity(),
                    JsonValue.JsonNumber.of(g.x()),
                    JsonValue.JsonNumber.of(g.y()),
                    JsonValue.JsonNumber.of(g.width()),
                    JsonValue.JsonNumber.of(g.height())));
            screen.scale().forEach(n -> entry.add(JsonValue.JsonNumber.of(n)));
            entries.add(new JsonValue.JsonArray(entry));
        }
        return CanonicalJson.hash(new JsonValue.JsonArray(entries));
    }

    /** The displays as coordinate observations carry them. */
    public List<DisplayGeometry> geometries() {
        return screens.stream().map(Screen::geometry).toList();
    }

    /** Whether any part of the rectangle lies on a display. */
    public boolean shows(Rect rect) {
        for (DisplayGeometry d : geometries()) {
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
