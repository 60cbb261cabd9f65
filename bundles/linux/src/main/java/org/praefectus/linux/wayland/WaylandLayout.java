package org.praefectus.linux.wayland;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.linux.capture.ScreenLayout;

/**
 * The compositor's outputs, in stage coordinates (logical pixels), sorted by their registry name so one
 * layout has one hash.
 *
 * @param outputs the outputs with a current mode
 */
public record WaylandLayout(List<Output> outputs) implements ScreenLayout {

    /**
     * One output.
     *
     * @param global its {@code wl_registry} name
     * @param x      left edge on the stage
     * @param y      top edge on the stage
     * @param width  logical width
     * @param height logical height
     */
    public record Output(long global, int x, int y, int width, int height) {}

    public WaylandLayout {
        outputs = outputs.stream()
                .sorted(Comparator.comparingLong(Output::global))
                .toList();
    }

    @Override
    public String hash() {
        List<JsonValue> entries = new ArrayList<>();
        for (Output output : outputs) {
            entries.add(JsonValue.JsonObject.builder()
                    .put("output", output.global())
                    .put("x", output.x())
                    .put("y", output.y())
                    .put("width", output.width())
                    .put("height", output.height())
                    .build());
        }
        return CanonicalJson.hash(JsonValue.JsonObject.builder()
                .put("wayland_outputs", new JsonValue.JsonArray(entries))
                .build());
    }

    /** The outputs as the protocol describes displays; the display ID is {@code wayland-output-N}. */
    @Override
    public List<DisplayGeometry> geometry() {
        return outputs.stream()
                .map(output -> new DisplayGeometry(
                        "wayland-output-" + output.global(), output.x(), output.y(), output.width(), output.height()))
                .toList();
    }
}
