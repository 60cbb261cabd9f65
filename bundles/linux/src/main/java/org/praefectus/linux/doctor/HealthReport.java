package org.praefectus.linux.doctor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A set of checks read as a decision: which categories fail (a required check failed: live automation there
 * is blocked), which only warn, and the first thing to do about it.
 */
public record HealthReport(List<HealthCheck> checks) {

    public HealthReport {
        checks = List.copyOf(checks);
    }

    /** Categories with a failed required check, in category order. */
    public List<String> blockedCategories() {
        return categories(true);
    }

    /** Categories with a failed optional check and no failed required one. */
    public List<String> warningCategories() {
        List<String> warnings = categories(false);
        warnings.removeAll(blockedCategories());
        return warnings;
    }

    private List<String> categories(boolean required) {
        Set<HealthCategory> found = new TreeSet<>();
        for (HealthCheck check : checks) {
            if (!check.passed() && check.required() == required) {
                found.add(check.category());
            }
        }
        List<String> names = new ArrayList<>();
        found.forEach(category -> names.add(category.wireName()));
        return names;
    }

    /** {@code fail} when a category is blocked, {@code warn} when one warns, else {@code ok}. */
    public String status() {
        return !blockedCategories().isEmpty() ? "fail" : !warningCategories().isEmpty() ? "warn" : "ok";
    }

    /** The next action of the first failed required check, else of the first failed optional one, or null. */
    public String nextAction() {
        for (boolean required : new boolean[] {true, false}) {
            for (HealthCheck check : checks) {
                if (!check.passed() && check.required() == required) {
                    return check.nextAction();
                }
            }
        }
        return null;
    }

    /** Per category: its status and how many of its checks ran and failed. */
    Map<String, Object> categorySummaries() {
        Map<String, Object> summaries = new LinkedHashMap<>();
        for (HealthCheck check : checks) {
            @SuppressWarnings("unchecked")
            Map<String, Object> summary = (Map<String, Object>) summaries.computeIfAbsent(
                    check.category().wireName(), name -> new LinkedHashMap<>(Map.of("status", "ok", "checks", 0)));
            summary.put("checks", (Integer) summary.get("checks") + 1);
            String status = check.status();
            if (status.equals("fail")
                    || (status.equals("warn") && summary.get("status").equals("ok"))) {
                summary.put("status", status);
            }
        }
        return summaries;
    }

    /** The JSON every health answer shares: {@code status}, {@code categories}, {@code checks} and the next step. */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("status", status());
        json.put("categories", categorySummaries());
        json.put("blocked_categories", blockedCategories());
        json.put("warning_categories", warningCategories());
        json.put("next_action", nextAction());
        List<Map<String, Object>> list = new ArrayList<>();
        checks.forEach(check -> list.add(check.toJson()));
        json.put("checks", list);
        return json;
    }
}
