package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

import java.util.List;

/**
 * Where a semantic observation came from; hashed into every target's provenance hash, so a target taken
 * under other provenance (another process generation, window, display or opt-in) never resolves.
 *
 * @param backend             tree kind
 * @param backendName         backend name, 1..128 bytes of text
 * @param processId           observed process, positive u32
 * @param processGeneration   process generation, 1..256 bytes
 * @param windowId            window identity, 1..512 bytes
 * @param documentId          DOM document identity (DOM only, 1..512 bytes), {@code null} for accessibility
 * @param displayGeometryHash the display topology, 64 hex digits
 * @param hostOptIns          accessibility opt-ins the host applied, strictly sorted, at most
 *                            {@link #MAX_HOST_OPT_INS}, each 1..128 ASCII letters, digits or '_'
 */
public record SemanticProvenance(
        SemanticBackend backend,
        String backendName,
        long processId,
        String processGeneration,
        String windowId,
        String documentId,
        String displayGeometryHash,
        List<String> hostOptIns) {

    /** Most host opt-ins a provenance may record. */
    public static final int MAX_HOST_OPT_INS = 8;

    public SemanticProvenance {
        present(backend, "backend");
        present(backendName, "backend_name");
        Checks.u32(processId, "process_id");
        present(processGeneration, "process_generation");
        present(windowId, "window_id");
        present(displayGeometryHash, "display_geometry_hash");
        hostOptIns = Checks.list(hostOptIns, "host_opt_ins");
        boolean documentFits =
                backend == SemanticBackend.ACCESSIBILITY ? documentId == null : Checks.isText(documentId, 1, 512);
        if (processId == 0
                || !Checks.isText(backendName, 1, 128)
                || !Checks.isText(processGeneration, 1, 256)
                || !Checks.isText(windowId, 1, 512)
                || !org.praefectus.api.canonical.Sha256.isHash(displayGeometryHash)
                || !documentFits
                || !validOptIns(hostOptIns)) {
            throw new ProtocolViolation(ProtocolErrorCode.INVALID_OBSERVATION, "invalid semantic provenance");
        }
    }

    private static boolean validOptIns(List<String> optIns) {
        if (optIns.size() > MAX_HOST_OPT_INS) {
            return false;
        }
        for (int i = 0; i < optIns.size(); i++) {
            String optIn = optIns.get(i);
            if (!Checks.isText(optIn, 1, 128)
                    || !optIn.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || c == '_'))) {
                return false;
            }
            // strictly ascending: sorted and no duplicates, so one opt-in set has one hash
            if (i > 0 && optIns.get(i - 1).compareTo(optIn) >= 0) {
                return false;
            }
        }
        return true;
    }
}
