package org.praefectus.api.host;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * PeekabooX's audit read-back tools ({@code capability_audit}, {@code confirmation_audit}, {@code preflight_audit}) as
 * one reader of an {@link AuditLog}: the lines of one {@link AuditLine} event, bounded the same way on every surface
 * ({@code limit}, default {@value #DEFAULT_LIMIT}, at most {@value #MAX_LIMIT}; {@code since}, the first {@code at_ms}
 * wanted), the newest lines oldest first, answered as {@code events}, {@code count} and {@code truncated}. The lines
 * are as written: names, decisions, codes, hashes and lengths, never content.
 */
public enum AuditTrail {
    /** The profile's checks: a capability, a tool or an action kind allowed or refused. */
    CAPABILITY("capability_audit", AuditLine.CAPABILITY),
    /** The person's answers: confirmed, declined, timed out, cancelled, unavailable. */
    CONFIRMATION("confirmation_audit", AuditLine.CONFIRMATION),
    /** The preflight gates checked: passed or blocked, by category. */
    PREFLIGHT("preflight_audit", AuditLine.PREFLIGHT);

    /** Lines answered when no {@code limit} is given. */
    public static final int DEFAULT_LIMIT = 100;
    /** The most lines one read answers. */
    public static final int MAX_LIMIT = 1_000;

    private final String toolName;
    private final String event;

    AuditTrail(String toolName, String event) {
        this.toolName = toolName;
        this.event = event;
    }

    /** The PeekabooX tool (and socket method) that reads this trail. */
    public String toolName() {
        return toolName;
    }

    /** The trail read by the tool or method {@code name}, if it is one of them. */
    public static Optional<AuditTrail> named(String name) {
        for (AuditTrail trail : values()) {
            if (trail.toolName.equals(name)) {
                return Optional.of(trail);
            }
        }
        return Optional.empty();
    }

    /**
     * This trail's newest {@code limit} lines of {@code log} at or after {@code sinceMs}, oldest first.
     *
     * @throws IllegalArgumentException for a {@code limit} outside 1…{@value #MAX_LIMIT} or a negative {@code sinceMs}
     * @throws IOException              when the log's file cannot be read
     */
    public Map<String, Object> read(AuditLog log, long sinceMs, int limit) throws IOException {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be an integer from 1 to " + MAX_LIMIT);
        }
        if (sinceMs < 0) {
            throw new IllegalArgumentException("since must be a non-negative integer (milliseconds since the epoch)");
        }
        AuditLog.Lines lines = log.read(line -> event.equals(line.get("event")), sinceMs, limit);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("events", lines.lines());
        body.put("count", lines.lines().size());
        body.put("truncated", lines.truncated());
        return body;
    }
}
