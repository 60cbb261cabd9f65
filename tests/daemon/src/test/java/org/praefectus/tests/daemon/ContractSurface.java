package org.praefectus.tests.daemon;

/** One surface of the daemon's desktop verbs (the CLI, the socket, gRPC, MCP), sending {@link ContractRequest}s. */
interface ContractSurface extends AutoCloseable {

    /**
     * What a surface answered, reduced to what every surface must agree on: {@code succeeded} for the terminal the
     * engine recorded as that, else the refusal's or terminal's code; {@code raw} is the wire answer, for messages.
     */
    record Answer(String code, String raw) {
        static final String SUCCEEDED = "succeeded";

        boolean succeeded() {
            return code.equals(SUCCEEDED);
        }
    }

    /** The surface's name, as tests report it. */
    String name();

    /** Sends the request in this surface's wire form and reads its answer. */
    Answer send(ContractRequest request) throws Exception;
}
