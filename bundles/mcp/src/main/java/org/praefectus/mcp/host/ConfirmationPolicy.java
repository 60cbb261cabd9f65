package org.praefectus.mcp.host;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Which actions need a person's yes before the host signs them. {@code *} means every action. The yes is
 * asked through MCP elicitation; a client without elicitation cannot confirm, so the action is refused.
 *
 * @param actions action kinds ({@code set_value}, {@code click}, ...) or {@code *}
 */
public record ConfirmationPolicy(Set<String> actions) {

    public ConfirmationPolicy {
        actions = Set.copyOf(actions);
    }

    /** Parses configuration entries; blank entries are ignored. */
    public static ConfirmationPolicy of(String... entries) {
        return new ConfirmationPolicy(Stream.of(entries)
                .map(s -> s.trim().toLowerCase(Locale.ROOT))
                .filter(s -> !s.isEmpty())
                .collect(Collectors.toSet()));
    }

    /** Whether an action of this kind needs confirmation. */
    public boolean requires(String actionKind) {
        return actions.contains("*") || actions.contains(actionKind);
    }
}
