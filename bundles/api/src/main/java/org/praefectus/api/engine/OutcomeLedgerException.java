package org.praefectus.api.engine;

import static java.util.Objects.requireNonNull;

/** A host outcome ledger that cannot answer or record. Before dispatch the engine then refuses to dispatch. */
public final class OutcomeLedgerException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * @param message a fixed text
     * @param cause   the storage failure, or {@code null}
     */
    public OutcomeLedgerException(String message, Throwable cause) {
        super(requireNonNull(message, "message"), cause);
    }
}
