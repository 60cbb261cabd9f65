package org.praefectus.remote.api;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One desktop host's executor as a remote service. Each method mirrors the same method of {@code
 * org.praefectus.api.executor.Executor}; arguments are the protocol's JSON ({@code ProtocolJson.encode}),
 * answers are the envelope {@code {"ok":true,"data":…}} or {@code {"ok":false,"error":{"code":…,
 * "message":…,"effect":…}}} ({@code effect} only for a dispatch). A resolved target stays on the desktop
 * host: {@link #resolve} answers an opaque handle that {@link #dispatch} takes back.
 *
 * <p>Implementations never throw: a failure of the executor is an error envelope. A failure of the
 * distribution itself (a refused or lost connection) is what the caller sees as an exception of its
 * Remote Services implementation.
 */
@ProviderType
public interface RemoteExecutor {

    /** Service property: the desktop host's name in the fleet (also on the imported service). */
    String DESKTOP_PROPERTY = "praefectus.desktop.id";

    /** {@code data}: the executor's capabilities. */
    String capabilities();

    /** {@code data}: the session isolation as its snake_case name. */
    String sessionIsolation();

    /** {@code data}: the shared-desktop context hash. */
    String sharedDesktopContextHash(long deadlineAtMs);

    /** {@code data}: {@code {"evidence":…,"state":…}} of the target ({@code target}: a TargetRef). */
    String observe(String target, long deadlineAtMs);

    /** {@code data}: {@code {"handle":…}} for the resolved target, valid until the deadline. */
    String resolve(String target, long deadlineAtMs);

    /**
     * Dispatches once. {@code data}: {@code {"backend":…,"fallback_chain":[…]}}; an error carries
     * {@code effect} ({@code no_effect}, {@code unknown}, {@code cancelled_before_effect},
     * {@code expired_before_effect}).
     */
    String dispatch(String action, String handle, String verification, long deadlineAtMs);

    /** {@code data}: a semantic observation of the active surface. */
    String observeSemantic(long deadlineAtMs);

    /** {@code data}: an array of surface descriptors. */
    String listSurfaces(long deadlineAtMs);

    /** {@code data}: a semantic observation of the surface with this id. */
    String observeSurface(String surfaceId, long deadlineAtMs);

    /** {@code data}: a coordinate observation. */
    String observeCoordinates(long deadlineAtMs);
}
