package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

/**
 * An opaque reference to one native surface (window), from a surface listing.
 *
 * @param id the opaque identity
 */
public record SurfaceRef(String id) {
    public SurfaceRef {
        present(id, "id");
    }
}
