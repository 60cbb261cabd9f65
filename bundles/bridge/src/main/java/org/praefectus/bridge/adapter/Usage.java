package org.praefectus.bridge.adapter;

/**
 * Token usage and cost as far as the CLI reported them; null when it did not.
 *
 * @param inputTokens  input tokens (cached ones included)
 * @param outputTokens output tokens
 * @param costUsd      the CLI's own cost estimate in USD
 */
public record Usage(Long inputTokens, Long outputTokens, Double costUsd) {

    public static final Usage NONE = new Usage(null, null, null);

    public boolean available() {
        return inputTokens != null || outputTokens != null || costUsd != null;
    }
}
