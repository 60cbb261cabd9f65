package org.praefectus.api.executor;

import static java.util.Objects.requireNonNull;

import org.praefectus.api.protocol.SemanticTargetRef;

/** A target after the executor checked its fence against the live desktop or page. */
public sealed interface ResolvedTarget {

    /**
     * A screen point from a still-current coordinate observation.
     *
     * @param x horizontal position in desktop coordinates
     * @param y vertical position in desktop coordinates
     */
    record Point(long x, long y) implements ResolvedTarget {}

    /**
     * A semantic element whose fence the executor re-checks at dispatch.
     *
     * @param target the fenced reference
     */
    record Semantic(SemanticTargetRef target) implements ResolvedTarget {
        public Semantic {
            requireNonNull(target, "target");
        }
    }

    /**
     * A backend-specific resolved element (an accessibility object, a DOM node id). Only the executor
     * that produced it may interpret it; the engine passes it back to the same executor unchanged.
     *
     * @param handle the executor's own object
     */
    record Native(Object handle) implements ResolvedTarget {
        public Native {
            requireNonNull(handle, "handle");
        }

        @Override
        public String toString() {
            return "Native[handle=[redacted]]";
        }
    }

    /** No target: only the auxiliary host-level actions. */
    record None() implements ResolvedTarget {}
}
