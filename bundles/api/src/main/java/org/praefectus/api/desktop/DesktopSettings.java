package org.praefectus.api.desktop;

import java.io.IOException;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The desktop bundle's settings as a host of the same runtime changes them: typed, and written by the bundle that
 * owns them, so no other bundle spells its configuration keys. Each change applies to the next call of the
 * desktop verbs or the executor; it lives as long as the runtime's configurations do.
 */
@ProviderType
public interface DesktopSettings {

    /**
     * The desktop verbs' element cache.
     *
     * @param ttlMs how long an answer is kept, in milliseconds; 0 keeps nothing
     * @param events whether the desktop's accessibility events forget an answer before its lifetime ends
     * @throws IOException when the configuration cannot be written
     */
    void elementCache(long ttlMs, boolean events) throws IOException;

    /**
     * Whether the executor that may send input grabs the operator's emergency-stop hotkey.
     *
     * @throws IOException when the configuration cannot be written
     */
    void emergencyHotkey(boolean grab) throws IOException;

    /**
     * Points the executor at a desktop session found outside this process's environment (a client started the
     * runtime without it). Values someone configured are kept.
     *
     * @param display the display name, when found
     * @param sessionBus the session bus address, when found
     * @return whether anything changed
     * @throws IOException when the configuration cannot be written
     */
    boolean adoptSession(Optional<String> display, Optional<String> sessionBus) throws IOException;

    /**
     * Lends the executor to a private desktop session for as long as the lease is open (a demo's own desktop);
     * closing the lease removes the configuration it made, which restores the executor exactly.
     *
     * @throws IllegalStateException when a host of this runtime configured the executor: it serves that host
     * @throws IOException when the configuration cannot be written
     */
    SessionLease lendSession(String display, String sessionBus) throws IOException;

    /** A private desktop session lent to the executor; closing it gives the executor back. */
    interface SessionLease extends AutoCloseable {

        /** The executor service filter that selects the executor serving the lent session. */
        String executorFilter();

        @Override
        void close() throws IOException;
    }
}
