package org.praefectus.api.desktop;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Map;

/**
 * The answer of {@link DesktopPreflight#check}, written as its JSON document.
 *
 * @param data              the doctor's report of the requested checks ({@code checks}, {@code categories},
 *                          {@code blocked_categories}, {@code warning_categories}, {@code next_action}…) with
 *                          {@code ok}, {@code operation} and {@code requested_categories}
 * @param blockedCategories the categories a failed required check blocks; empty when the gate is open
 */
public record PreflightReport(Map<String, Object> data, List<String> blockedCategories) {

    public PreflightReport {
        data = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(data));
        blockedCategories = List.copyOf(blockedCategories);
    }

    /** Whether a category is blocked: a surface then reports {@link DesktopPreflight#BLOCKED}. */
    public boolean blocked() {
        return !blockedCategories.isEmpty();
    }

    /** The JSON form: the document itself. */
    @Override
    @JsonValue
    public Map<String, Object> data() {
        return data;
    }
}
