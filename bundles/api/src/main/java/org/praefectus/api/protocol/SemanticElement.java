package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

import org.praefectus.api.canonical.Sha256;

/**
 * One element of a semantic observation, addressed by its short tag ({@code e1}, {@code e2}, ...).
 *
 * @param tag             short tag: {@code e} and 1..4 digits
 * @param elementId       opaque identity, 64 hex digits
 * @param parentId        parent's identity, or {@code null} for a root
 * @param fingerprintHash fingerprint, 64 hex digits
 * @param role            role, 1..128 bytes of text
 * @param name            accessible name (at most 1,024 bytes), or {@code null}
 * @param bounds          bounds with positive area, or {@code null}
 * @param actionability   what acting on it requires
 */
public record SemanticElement(
        String tag,
        String elementId,
        String parentId,
        String fingerprintHash,
        String role,
        String name,
        Rect bounds,
        Actionability actionability) {

    public SemanticElement {
        present(tag, "tag");
        present(elementId, "element_id");
        present(fingerprintHash, "fingerprint_hash");
        present(role, "role");
        present(actionability, "actionability");
        if (!validTag(tag)
                || !Sha256.isHash(elementId)
                || !Sha256.isHash(fingerprintHash)
                || (parentId != null && !Sha256.isHash(parentId))
                || !Checks.isText(role, 1, 128)
                || (name != null && !Checks.isText(name, 0, 1_024))
                || (bounds != null && !bounds.hasArea())) {
            throw new ProtocolViolation(ProtocolErrorCode.INVALID_OBSERVATION, "invalid semantic element");
        }
    }

    /** Whether {@code tag} has the short-tag form {@code e} followed by 1..4 digits. */
    static boolean validTag(String tag) {
        if (tag.length() < 2 || tag.length() > 5 || tag.charAt(0) != 'e') {
            return false;
        }
        return tag.substring(1).chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
