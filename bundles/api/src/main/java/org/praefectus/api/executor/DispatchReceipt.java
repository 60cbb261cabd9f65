package org.praefectus.api.executor;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What an executor says about a completed dispatch: backend metadata only.
 *
 * @param backend       the backend that dispatched, for example {@code praefectus-linux-atspi}
 * @param fallbackChain backends tried before it, in order
 */
public record DispatchReceipt(String backend, List<String> fallbackChain) {
    public DispatchReceipt {
        requireNonNull(backend, "backend");
        fallbackChain = List.copyOf(fallbackChain);
    }

    /** A receipt without fallbacks. */
    public static DispatchReceipt of(String backend) {
        return new DispatchReceipt(backend, List.of());
    }
}
