package org.praefectus.linux.doctor;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One check's result. A required check that fails makes its category fail ({@code status} {@code fail},
 * {@code severity} {@code error}); an optional one only warns. Details and next actions are fixed texts and
 * found/not-found facts, never addresses, paths from the environment or anything typed.
 *
 * @param name       snake_case, unique in a report
 * @param nextAction what the operator does to make the check pass, or null when it passed
 */
public record HealthCheck(
        String name, HealthCategory category, boolean required, boolean passed, String detail, String nextAction) {

    static HealthCheck required(
            String name, HealthCategory category, boolean passed, String detail, String nextAction) {
        return new HealthCheck(name, category, true, passed, detail, passed ? null : nextAction);
    }

    static HealthCheck optional(
            String name, HealthCategory category, boolean passed, String detail, String nextAction) {
        return new HealthCheck(name, category, false, passed, detail, passed ? null : nextAction);
    }

    /** {@code ok}, {@code warn} (an optional check failed) or {@code fail} (a required one). */
    public String status() {
        return passed ? "ok" : required ? "fail" : "warn";
    }

    /** What a failure of this check means: {@code error} blocks its category, {@code warning} degrades it. */
    public String severity() {
        return required ? "error" : "warning";
    }

    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", name);
        json.put("category", category.wireName());
        json.put("status", status());
        json.put("severity", severity());
        json.put("required", required);
        json.put("detail", detail);
        json.put("next_action", nextAction);
        return json;
    }
}
