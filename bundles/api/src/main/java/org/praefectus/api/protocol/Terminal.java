package org.praefectus.api.protocol;

import static org.praefectus.api.protocol.Checks.present;

/** How an operation ended; JSON tagged by {@code kind}. Only {@link Succeeded} is success. */
public sealed interface Terminal {

    /** The wire {@code kind}. */
    String kind();

    /**
     * The code every surface reports for this terminal when it is not {@code succeeded} (the CLI's, the socket's and
     * MCP's {@code error.code}, gRPC's message): a rejection's or failure's own code ({@code invalid_request},
     * {@code stale_target}…), else the kind ({@code outcome_unknown}, {@code cancelled_before_effect},
     * {@code expired_before_effect}); {@code null} for {@code succeeded}.
     */
    default String errorCode() {
        if (this instanceof Rejected rejected) {
            return rejected.code().name().toLowerCase(java.util.Locale.ROOT);
        }
        if (this instanceof Failed failed) {
            return failed.code().name().toLowerCase(java.util.Locale.ROOT);
        }
        return this instanceof Succeeded ? null : kind();
    }

    /**
     * The action ran and its receipt says what is proven.
     *
     * @param receipt the receipt
     */
    record Succeeded(Receipt receipt) implements Terminal {
        public Succeeded {
            present(receipt, "receipt");
        }

        @Override
        public String kind() {
            return "succeeded";
        }
    }

    /**
     * Refused before any effect.
     *
     * @param code    why
     * @param message a fixed message without request content
     */
    record Rejected(FailureCode code, String message) implements Terminal {
        public Rejected {
            present(code, "code");
            present(message, "message");
        }

        @Override
        public String kind() {
            return "rejected";
        }
    }

    /**
     * Failed without an effect.
     *
     * @param code    why
     * @param message a fixed message without request content
     */
    record Failed(FailureCode code, String message) implements Terminal {
        public Failed {
            present(code, "code");
            present(message, "message");
        }

        @Override
        public String kind() {
            return "failed";
        }
    }

    /** Cancellation was observed before any effect. */
    record CancelledBeforeEffect() implements Terminal {
        @Override
        public String kind() {
            return "cancelled_before_effect";
        }
    }

    /** The deadline or grant expiry passed before any effect. */
    record ExpiredBeforeEffect() implements Terminal {
        @Override
        public String kind() {
            return "expired_before_effect";
        }
    }

    /**
     * Something may have happened and nothing proves what: never success, never retried automatically.
     *
     * @param receipt what is known
     * @param message why the outcome is unknown, for example {@link Protocol#INTERRUPTED_OUTCOME_MESSAGE}
     */
    record OutcomeUnknown(Receipt receipt, String message) implements Terminal {
        public OutcomeUnknown {
            present(receipt, "receipt");
            present(message, "message");
        }

        @Override
        public String kind() {
            return "outcome_unknown";
        }
    }
}
