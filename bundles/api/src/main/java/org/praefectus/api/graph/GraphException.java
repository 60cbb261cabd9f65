package org.praefectus.api.graph;

/**
 * A graph call that ends without a result: a snake_case code for every surface's error ({@code invalid_query},
 * {@code invalid_event}, {@code invalid_graph}, {@code invalid_key}, {@code desktop_unavailable},
 * {@code graph_unavailable}) and a fixed message that never quotes labels, payloads or stored values.
 */
public final class GraphException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String code;

    public GraphException(String code, String message) {
        super(message, null, false, false);
        if (code == null || !code.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("error codes are snake_case");
        }
        this.code = code;
    }

    public String code() {
        return code;
    }

    /** Whether the request itself is wrong (a surface's usage error) rather than the desktop or the store. */
    public boolean invalidRequest() {
        return code.startsWith("invalid_");
    }
}
