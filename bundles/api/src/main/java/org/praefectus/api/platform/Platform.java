package org.praefectus.api.platform;

import org.osgi.annotation.versioning.ProviderType;
import org.praefectus.api.protocol.Capabilities;

/**
 * The facts of the operating system this framework runs on. Exactly one platform bundle resolves on a
 * given OS (each carries an {@code osgi.native} requirement), so at most one {@code Platform} service is
 * registered. Implemented by the Praefectus platform bundles.
 */
@ProviderType
public interface Platform {

    /** Service property naming the operating system family: {@code linux}, {@code macos} or {@code windows}. */
    String OS_PROPERTY = "praefectus.platform.os";

    /**
     * Probes the platform now. Nothing is cached: displays, buses and permissions come and go while the
     * framework runs.
     *
     * @return the platform's current capabilities; never null
     * @throws IllegalStateException when this service has already been withdrawn
     */
    Capabilities capabilities();
}
