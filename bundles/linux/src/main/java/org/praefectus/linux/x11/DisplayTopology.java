package org.praefectus.linux.x11;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.praefectus.api.canonical.HashMemo;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.linux.capture.ScreenLayout;

/**
 * The display topology as RandR reports it: the root window's size and every active CRTC with its outputs,
 * normalised (CRTCs and outputs sorted) so one topology has one hash.
 *
 * @param root     the root window
 * @param width    root width
 * @param height   root height
 * @param displays active CRTCs, sorted by CRTC id
 */
public record DisplayTopology(long root, int width, int height, List<Crtc> displays) implements ScreenLayout {

    /**
     * One active CRTC.
     *
     * @param crtc     its RandR id
     * @param x        left edge on the root
     * @param y        top edge on the root
     * @param width    width
     * @param height   height
     * @param rotation RandR rotation bits
     * @param outputs  the outputs it drives, sorted
     */
    public record Crtc(long crtc, int x, int y, int width, int height, int rotation, List<Long> outputs) {
        public Crtc {
            outputs = outputs.stream().sorted().toList();
        }
    }

    public DisplayTopology {
        displays =
                displays.stream().sorted(Comparator.comparingLong(Crtc::crtc)).toList();
    }

    /** Topologies already hashed: every observation hashes the topology twice, and it rarely changes. */
    private static final HashMemo<DisplayTopology> HASHES = new HashMemo<>(4, DisplayTopology::canonical);

    /** SHA-256 of the canonical JSON of the normalised topology. */
    @Override
    public String hash() {
        return HASHES.hash(this);
    }

    private JsonValue canonical() {
        List<JsonValue> crtcs = new ArrayList<>();
        for (Crtc crtc : displays) {
            crtcs.add(JsonValue.JsonObject.builder()
                    .put("crtc", crtc.crtc())
                    .put("x", crtc.x())
                    .put("y", crtc.y())
                    .put("width", crtc.width())
                    .put("height", crtc.height())
                    .put("rotation", crtc.rotation())
                    .put(
                            "outputs",
                            new JsonValue.JsonArray(crtc.outputs().stream()
                                    .map(output -> (JsonValue) JsonValue.JsonNumber.of(output))
                                    .toList()))
                    .build());
        }
        return JsonValue.JsonObject.builder()
                .put("root", root)
                .put("width", width)
                .put("height", height)
                .put("displays", new JsonValue.JsonArray(crtcs))
                .build();
    }

    /** The displays as the protocol describes them; the display ID is {@code x11-crtc-N}. */
    @Override
    public List<DisplayGeometry> geometry() {
        return displays.stream()
                .map(crtc -> new DisplayGeometry(displayId(crtc), crtc.x(), crtc.y(), crtc.width(), crtc.height()))
                .toList();
    }

    /** The protocol display ID of a CRTC. */
    public static String displayId(Crtc crtc) {
        return "x11-crtc-" + crtc.crtc();
    }
}
