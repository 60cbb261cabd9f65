package org.praefectus.engine.ledger;

import static java.util.Objects.requireNonNull;

/** The operation ledger cannot be used, or refuses a claim. Messages are fixed texts. */
public final class LedgerException extends Exception {

    private static final long serialVersionUID = 1L;

    /** Why. */
    public enum Reason {
        /** Same operation ID, different action hash. */
        CONFLICT,
        /** A complete line that is not a valid record: the ledger fails closed and is left untouched. */
        CORRUPT,
        /** The ledger or its directory is not private (owner, mode, symlink). */
        NOT_PRIVATE,
        /** Reading, locking, writing or fsync failed. */
        IO,
        /** No file at the ledger's path (a reader never creates one). */
        MISSING,
        /** The ledger or its directory is a symbolic link, which ledgers never follow. */
        SYMLINK,
        /** The file is not a ledger: not a regular file, or no valid record before its first invalid line. */
        NOT_A_LEDGER
    }

    private final Reason reason;

    LedgerException(Reason reason, String message, Throwable cause) {
        super(requireNonNull(message, "message"), cause);
        this.reason = requireNonNull(reason, "reason");
    }

    /** Why. */
    public Reason reason() {
        return reason;
    }
}
