package org.praefectus.linux.atspi;

import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;

/**
 * One visible top-level accessible window.
 *
 * @param application     the application that owns it
 * @param node            the window object as cached
 * @param roleName        its role name
 * @param bounds          its screen extents, or {@code null}
 * @param windowId        {@link Identities#windowId}
 * @param fingerprintHash {@link Identities#surfaceFingerprint}
 */
public record SurfaceWindow(
        ApplicationTree application,
        AccessibleNode node,
        String roleName,
        Rect bounds,
        String windowId,
        String fingerprintHash) {

    static SurfaceWindow of(ApplicationTree application, AccessibleNode node, String roleName, Rect bounds) {
        return new SurfaceWindow(
                application,
                node,
                roleName,
                bounds,
                Identities.windowId(node.object()),
                Identities.surfaceFingerprint(node, roleName, bounds));
    }

    /** The same window in {@code tree}, a later read of its application (with its rows and cells, say). */
    SurfaceWindow in(ApplicationTree tree) {
        return new SurfaceWindow(tree, node, roleName, bounds, windowId, fingerprintHash);
    }

    /** The bounded, opaque description a host may select. */
    public SurfaceDescriptor descriptor(String displayGeometryHash) {
        return new SurfaceDescriptor(
                Protocol.PROTOCOL_VERSION,
                new SurfaceRef(Identities.surfaceId(this, displayGeometryHash)),
                Identities.BACKEND,
                application.processId(),
                application.processGeneration(),
                windowId,
                displayGeometryHash,
                bounds);
    }

    /** Whether the window is the active one. */
    public boolean active() {
        return node.state().has(AtspiState.ACTIVE);
    }
}
