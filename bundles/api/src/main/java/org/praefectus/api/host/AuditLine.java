package org.praefectus.api.host;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.praefectus.api.protocol.Action;

/**
 * One decision of a host, as {@link AuditLog} writes it: the one line schema of every host. Its fields, in order:
 * {@code at_ms} and {@code surface} (the log's), {@code event}, {@code decision}, what was called ({@code tool} for
 * an MCP tool, {@code method} for a socket or gRPC method, {@code command} for a CLI command), {@code capability},
 * {@code profile}, {@code reason} (a snake_case code), {@code operation_id}, {@code action} (the action kind),
 * {@code action_hash}, {@code terminal}, {@code content_length} and {@code content_hmac_sha256} (an action's text,
 * value or keys, keyed by the host's secret), then facts: numbers, booleans and short lowercase codes (lengths,
 * counts, sources). Nothing else can be put in a line, so no text, value, selector, path or token reaches one: a
 * fact that is not a code is written as its length ({@code <key>_length}).
 */
public final class AuditLine {

    /** A profile's check of a capability, a tool or an action kind. */
    public static final String CAPABILITY = "capability";
    /** A person's answer to a confirmation (or the question's failure: timed out, cancelled, unavailable). */
    public static final String CONFIRMATION = "confirmation";
    /** A preflight gate checked: passed or blocked, by category (PeekabooX's preflight audit events). */
    public static final String PREFLIGHT = "preflight";
    /** An action refused, signed or executed. */
    public static final String ACTION = "action";
    /** A read-only call that ran (vision, capture) or a plugin tool. */
    public static final String CALL = "call";
    /** A CLI command run inside the daemon. */
    public static final String COMMAND = "command";
    /** The host itself: started, stopped, a peer refused. */
    public static final String RUNTIME = "runtime";

    private static final Pattern CODE = Pattern.compile("[a-z0-9][a-z0-9_.:-]{0,63}");
    /** The schema's fields, in the order a line holds them. */
    private static final List<String> FIXED = List.of(
            "at_ms",
            "surface",
            "event",
            "decision",
            "tool",
            "method",
            "command",
            "capability",
            "profile",
            "reason",
            "operation_id",
            "action",
            "action_hash",
            "terminal",
            "content_length",
            "content_hmac_sha256");

    private final String event;
    private final String decision;
    private final Map<String, Object> fields = new LinkedHashMap<>();
    private final Map<String, Object> facts = new LinkedHashMap<>();
    private String content;

    private AuditLine(String event, String decision) {
        this.event = code(event, "event");
        this.decision = code(decision, "decision");
    }

    /** A line of {@code event} ({@link #CAPABILITY}, {@link #ACTION}, …) that ended in {@code decision}. */
    public static AuditLine of(String event, String decision) {
        return new AuditLine(event, decision);
    }

    /** The MCP tool called. */
    public AuditLine tool(String name) {
        return field("tool", word(name));
    }

    /** The socket or gRPC method called. */
    public AuditLine method(String name) {
        return field("method", word(name));
    }

    /** The CLI command run (its name only, never its arguments). */
    public AuditLine command(String name) {
        return field("command", word(name));
    }

    /** The capability checked. */
    public AuditLine capability(Capability capability) {
        return field("capability", capability.wireName());
    }

    /** The profile the decision was made under. */
    public AuditLine profile(CapabilityProfile profile) {
        return field("profile", profile.wireName());
    }

    /** Why: a snake_case code ({@code null}: none). */
    public AuditLine reason(String code) {
        return code == null ? this : field("reason", word(code));
    }

    /** The policy's answer: its reason, if it refused. */
    public AuditLine reason(PolicyDecision decision) {
        return reason(decision.reason());
    }

    /** The operation id ({@code null}: none yet). */
    public AuditLine operationId(String id) {
        return id == null ? this : field("operation_id", id);
    }

    /** The action kind. */
    public AuditLine action(String kind) {
        return field("action", word(kind));
    }

    /** The canonical action hash ({@code null}: not computed). */
    public AuditLine actionHash(String hash) {
        return hash == null ? this : field("action_hash", hash);
    }

    /** The terminal the engine recorded, by its kind. */
    public AuditLine terminal(String kind) {
        return field("terminal", word(kind));
    }

    /**
     * The action's content (typed text, a value, a key, a chord, clipboard text) as its length and its keyed hash;
     * the content itself is never written. Sets the action kind unless the host named its own (MCP's {@code select}
     * is a set_value).
     */
    public AuditLine content(Action action) {
        if (!fields.containsKey("action")) {
            action(action.kind());
        }
        this.content = contentOf(action);
        return this;
    }

    /** A number (a length, a count, a size). */
    public AuditLine fact(String key, long value) {
        facts.put(factKey(key), value);
        return this;
    }

    /** A flag. */
    public AuditLine fact(String key, boolean value) {
        facts.put(factKey(key), value);
        return this;
    }

    /** A short lowercase code ({@code window}, {@code ok}); any other string is written as its length. */
    public AuditLine fact(String key, String value) {
        if (value != null && CODE.matcher(value).matches()) {
            facts.put(factKey(key), value);
        } else if (value != null) {
            facts.put(factKey(key + "_length"), (long) value.length());
        }
        return this;
    }

    /** Each of {@code facts}: numbers, booleans and codes as {@link #fact(String, String)} takes them. */
    public AuditLine facts(Map<String, ?> facts) {
        facts.forEach((key, value) -> {
            if (value instanceof Boolean flag) {
                fact(key, flag.booleanValue());
            } else if (value instanceof Number number) {
                fact(key, number.longValue());
            } else if (value != null) {
                fact(key, String.valueOf(value));
            }
        });
        return this;
    }

    String event() {
        return event;
    }

    String decision() {
        return decision;
    }

    /** The fixed fields but event and decision, in schema order. */
    Map<String, Object> fields() {
        Map<String, Object> ordered = new LinkedHashMap<>();
        for (String key : FIXED) {
            if (fields.containsKey(key)) {
                ordered.put(key, fields.get(key));
            }
        }
        return Collections.unmodifiableMap(ordered);
    }

    Map<String, Object> facts() {
        return Collections.unmodifiableMap(facts);
    }

    /** The content to hash, or {@code null}; never written. */
    String content() {
        return content;
    }

    @Override
    public String toString() {
        return "AuditLine[" + event + ", " + decision + ", " + fields + ", " + facts + "]";
    }

    private AuditLine field(String key, Object value) {
        fields.put(key, requireNonNull(value, key));
        return this;
    }

    private static String factKey(String key) {
        code(key, "fact key");
        if (FIXED.contains(key)) {
            throw new IllegalArgumentException(key + " is a field of the schema, not a fact");
        }
        return key;
    }

    /**
     * A name or code as given, or {@code other} when it is not a short lowercase code: what a client names (an
     * unknown tool) is never written.
     */
    private static String word(String value) {
        return value != null && CODE.matcher(value).matches() ? value : "other";
    }

    private static String code(String value, String what) {
        if (value == null || !CODE.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " must be a short lowercase code");
        }
        return value;
    }

    private static String contentOf(Action action) {
        if (action instanceof Action.TypeText typed) {
            return typed.text();
        } else if (action instanceof Action.Paste paste) {
            return paste.text();
        } else if (action instanceof Action.SetValue value) {
            return value.value();
        } else if (action instanceof Action.Press press) {
            return press.key();
        } else if (action instanceof Action.Hotkey hotkey) {
            return String.join("+", hotkey.keys());
        } else if (action instanceof Action.ClipboardWrite clipboard) {
            return clipboard.text();
        }
        return null;
    }
}
