package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;

/**
 * The hashes that fence a browser target, each the SHA-256 of a canonical JSON array as the reference builds them
 * ({@code semantic_fingerprint} of a tuple), so identities agree with the Rust executor.
 */
final class Fingerprints {

    /** The backend name in provenance and receipts, as the reference spells it. */
    static final String BACKEND_NAME = "praefectus-chromium-cdp";

    private Fingerprints() {}

    /** The document identity: backend, target, root frame and its loader (a new loader is a new document). */
    static String documentId(String targetId, String frameId, String loaderId) {
        return hash(str(BACKEND_NAME), str(targetId), str(frameId), str(loaderId));
    }

    /** The observation identity. */
    static String observationId(String targetId, String documentId, long generation, long observedAtMs) {
        return hash(
                str(BACKEND_NAME),
                str(targetId),
                str(documentId),
                JsonValue.JsonNumber.of(generation),
                JsonValue.JsonNumber.of(observedAtMs));
    }

    /** The element fingerprint: the document, the exact DOM node, its role and name. */
    static String element(String documentId, long backendNodeId, String role, String name) {
        return hash(
                str(documentId),
                JsonValue.JsonNumber.of(backendNodeId),
                str(role),
                name == null ? JsonValue.NULL : str(name));
    }

    /** A JavaScript dialog's fingerprint: its document, its number on the page, its type and message. */
    static String dialog(String documentId, long sequence, String type, String message) {
        return hash(str(documentId), str("dialog"), JsonValue.JsonNumber.of(sequence), str(type), str(message));
    }

    /** The geometry of a page hidden behind a dialog: no viewport can be read, so the dialog itself stands for it. */
    static String dialogGeometry(long sequence) {
        return hash(str(BACKEND_NAME), str("dialog"), JsonValue.JsonNumber.of(sequence));
    }

    /**
     * The display geometry: the CSS visual viewport (offset, page scroll, client size, scale, zoom) with keys sorted.
     * Fractions are written as Jackson reads them; the hash is compared only with itself, never across executors.
     */
    static String viewport(JsonNode viewport) {
        Map<String, String> sorted = new TreeMap<>();
        viewport.fields()
                .forEachRemaining(
                        field -> sorted.put(field.getKey(), field.getValue().toString()));
        StringBuilder json = new StringBuilder("{");
        sorted.forEach((key, value) -> json.append(json.length() > 1 ? "," : "")
                .append('"')
                .append(key)
                .append("\":")
                .append(value));
        return Sha256.hex(json.append('}').toString().getBytes(StandardCharsets.UTF_8));
    }

    private static JsonValue str(String value) {
        return new JsonValue.JsonString(value);
    }

    private static String hash(JsonValue... values) {
        return CanonicalJson.hash(new JsonValue.JsonArray(List.of(values)));
    }
}
