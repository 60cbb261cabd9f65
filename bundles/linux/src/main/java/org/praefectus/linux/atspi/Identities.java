package org.praefectus.linux.atspi;

import java.util.List;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.HashMemo;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.Rect;

/**
 * The hashes that fence AT-SPI targets, each SHA-256 over canonical JSON as the reference's
 * {@code semantic_fingerprint} forms them: window identity, surface and element fingerprints, surface
 * references.
 */
public final class Identities {

    /** The backend name in provenance, receipts and surface descriptors. */
    public static final String BACKEND = "praefectus-atspi2";

    private Identities() {}

    /** The window identity: the hash of the window object's backend identity as a JSON string. */
    public static String windowId(AtspiObject window) {
        return CanonicalJson.hash(new JsonValue.JsonString(window.id()));
    }

    /** What a surface is: object, role, name, bounds and the states that make it a visible surface. */
    public static String surfaceFingerprint(AccessibleNode window, String roleName, Rect bounds) {
        return CanonicalJson.hash(JsonValue.JsonObject.builder()
                .put("backend_id", window.object().id())
                .put("role_code", window.roleCode())
                .put("role", roleName)
                .put("name", window.name().isEmpty() ? null : window.name())
                .put("bounds", bounds == null ? JsonValue.NULL : ProtocolJson.encode(bounds))
                .put("states", window.state().surface())
                .build());
    }

    /** What an element is: object, role, name, bounds, actionability states, interfaces and actions. */
    public static String elementFingerprint(AccessibleNode node, String roleName, NodeDetails details) {
        return ELEMENTS.hash(new Element(
                node.object().id(),
                roleName,
                // a combo box's name is the item it shows chosen: its value (fenced by value_hash), not its identity
                node.choice() ? "" : node.name(),
                details.bounds(),
                node.state().relevant(),
                node.interfaces(),
                details.actions()));
    }

    /** Everything an element fingerprint covers. */
    private record Element(
            String backendId,
            String role,
            String name,
            Rect bounds,
            long relevantStates,
            List<String> interfaces,
            List<String> actions) {}

    /**
     * Element fingerprints already hashed: an observation fingerprints every element of a window, and most are
     * as they were at the observation before (hashing them took a tenth of the observing thread's samples, JFR).
     */
    private static final HashMemo<Element> ELEMENTS = new HashMemo<>(
            4_096,
            element -> JsonValue.JsonObject.builder()
                    .put("backend_id", element.backendId())
                    .put("role", element.role())
                    .put("name", element.name().isEmpty() ? null : element.name())
                    .put("bounds", element.bounds() == null ? JsonValue.NULL : ProtocolJson.encode(element.bounds()))
                    .put("relevant_states", element.relevantStates())
                    .put("interfaces", strings(element.interfaces()))
                    .put("actions", strings(element.actions()))
                    .build());

    /** The opaque surface reference: bound to object, process generation, identity and display topology. */
    public static String surfaceId(SurfaceWindow window, String displayGeometryHash) {
        AtspiObject object = window.node().object();
        return CanonicalJson.hash(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString(BACKEND),
                JsonValue.JsonObject.builder()
                        .put("bus_name", object.busName())
                        .put("path", object.path())
                        .build(),
                JsonValue.JsonNumber.of(window.application().processId()),
                new JsonValue.JsonString(window.application().processGeneration()),
                new JsonValue.JsonString(window.windowId()),
                new JsonValue.JsonString(window.fingerprintHash()),
                new JsonValue.JsonString(displayGeometryHash))));
    }

    private static JsonValue strings(List<String> values) {
        return new JsonValue.JsonArray(values.stream()
                .map(value -> (JsonValue) new JsonValue.JsonString(value))
                .toList());
    }
}
