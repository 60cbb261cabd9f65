package org.praefectus.api.engine;

import static java.util.Objects.requireNonNull;

import org.praefectus.api.protocol.ProtocolError;
import org.praefectus.api.protocol.ProtocolErrorCode;

/**
 * A request the engine refused before any claim, or a ledger it could not use. Messages are fixed texts
 * without request content.
 */
public final class EngineException extends Exception {

    private static final long serialVersionUID = 1L;

    private final EngineError error;
    private final ProtocolErrorCode protocolCode;

    /**
     * @param error   why
     * @param message a fixed text without request content
     */
    public EngineException(EngineError error, String message) {
        this(error, null, message, null);
    }

    /**
     * @param error        why
     * @param protocolCode the strict parser's or validator's detail, or {@code null}
     * @param message      a fixed text without request content
     * @param cause        the underlying failure, or {@code null}
     */
    public EngineException(EngineError error, ProtocolErrorCode protocolCode, String message, Throwable cause) {
        super(requireNonNull(message, "message"), cause);
        this.error = requireNonNull(error, "error");
        this.protocolCode = protocolCode;
    }

    /** Why the request was refused. */
    public EngineError error() {
        return error;
    }

    /** The parser's or validator's detail for {@link EngineError#INVALID_REQUEST}, or {@code null}. */
    public ProtocolErrorCode protocolCode() {
        return protocolCode;
    }

    /** The refusal as an envelope value: the protocol detail code when there is one, else the engine code. */
    public ProtocolError toProtocolError() {
        return new ProtocolError(protocolCode != null ? protocolCode.code() : error.code(), getMessage());
    }
}
