package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopProfiles;
import org.praefectus.api.desktop.ProfileAim;
import org.praefectus.api.desktop.ProfileCheck;
import org.praefectus.api.desktop.ProfileExpectation;
import org.praefectus.api.desktop.ProfileQuery;

/**
 * {@code desktop_profiles}, {@code desktop_locate} and {@code desktop_assert}: the read-only tools of the platform's
 * typed {@link DesktopProfiles}, their answers the same JSON the CLI's {@code desktop} verbs and the socket's
 * {@code desktop_*} methods write; a refusal is the tool error of its code (a failed assertion {@code assertion_failed}
 * with the answer as {@code details}). What the other profile tools share lives here too.
 */
final class ProfileTools implements Tool {

    private static final Set<String> AIM = Set.of("app", "target", "window_title", "window_id");
    private static final Set<String> ASSERTION = Set.of(
            "app",
            "target",
            "window_title",
            "window_id",
            "exists",
            "not_exists",
            "active",
            "not_active",
            "state",
            "not_state",
            "contains",
            "not_contains");
    private static final Set<String> LISTING =
            Set.of("app", "target", "command", "desktop_id", "supports", "installed", "available", "check");

    private final String name;
    private final HostServices services;

    private ProfileTools(String name, HostServices services) {
        this.name = name;
        this.services = services;
    }

    static List<Tool> all(HostServices services) {
        return List.of(
                new ProfileTools("desktop_profiles", services),
                new ProfileTools("desktop_locate", services),
                new ProfileTools("desktop_assert", services));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        Optional<DesktopProfiles> profiles = services.profiles();
        if (profiles.isEmpty()) {
            return missing(name);
        }
        try {
            return switch (name) {
                case "desktop_profiles" -> {
                    ToolArguments.onlyArguments(name, args, LISTING);
                    yield ToolResult.ok(json(profiles.get()
                            .profiles(new ProfileQuery(
                                    ToolArguments.stringArgument(args, "app", false),
                                    ToolArguments.stringArgument(args, "target", false),
                                    ToolArguments.stringArgument(args, "command", false),
                                    ToolArguments.stringArgument(args, "desktop_id", false),
                                    ToolArguments.stringArgument(args, "supports", false),
                                    ToolArguments.boolArgument(args, "check"),
                                    ToolArguments.boolArgument(args, "installed"),
                                    ToolArguments.boolArgument(args, "available")))));
                }
                case "desktop_locate" -> {
                    ToolArguments.onlyArguments(name, args, AIM);
                    yield ToolResult.ok(json(profiles.get()
                            .locate(aim(args, true), context.cancellation().token())));
                }
                default -> {
                    ToolArguments.onlyArguments(name, args, ASSERTION);
                    yield assertion(profiles.get(), args, context);
                }
            };
        } catch (DesktopException refused) {
            return refused(refused);
        }
    }

    private ToolResult assertion(DesktopProfiles profiles, Map<String, Object> args, ToolHost.CallContext context)
            throws DesktopException {
        boolean notExists = ToolArguments.boolArgument(args, "not_exists");
        if (notExists && ToolArguments.boolArgument(args, "exists")) {
            throw new ToolArguments.InvalidArgument("desktop_assert takes exists or not_exists");
        }
        String state = ToolArguments.boolArgument(args, "active")
                ? "focused"
                : ToolArguments.stringArgument(args, "state", false);
        String notState = ToolArguments.boolArgument(args, "not_active")
                ? "focused"
                : ToolArguments.stringArgument(args, "not_state", false);
        // contains / not_contains: the target's own text, compared ignoring case; the texts are never echoed
        ProfileExpectation expectation = new ProfileExpectation(
                !notExists,
                state,
                notState,
                ToolArguments.stringArgument(args, "contains", false),
                ToolArguments.stringArgument(args, "not_contains", false));
        ProfileCheck check = profiles.check(
                aim(args, true), expectation, context.cancellation().token());
        DesktopException failed = check.failure();
        if (failed != null) {
            throw failed;
        }
        return ToolResult.ok(json(check));
    }

    /** The profile, target and window the arguments name. */
    static ProfileAim aim(Map<String, Object> args, boolean targetRequired) {
        return new ProfileAim(
                ToolArguments.stringArgument(args, "app", true),
                ToolArguments.stringArgument(args, "target", targetRequired),
                ToolArguments.stringArgument(args, "window_title", false),
                ToolArguments.stringArgument(args, "window_id", false));
    }

    /** A typed answer as the tool's structured content: the JSON every surface writes. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> json(Object answer) {
        return ToolJson.JSON.convertValue(answer, Map.class);
    }

    /** The tool error of a refusal, with what was found before it as {@code details}. */
    static ToolResult refused(DesktopException e) {
        Map<String, Object> more = new LinkedHashMap<>();
        if (e.details() != null) {
            more.put("details", ToolJson.JSON.convertValue(e.details(), Object.class));
        }
        return ToolResult.failure(e.code(), e.getMessage(), nextAction(e.code()), true, more);
    }

    /** The tool error of a runtime without desktop profiles (no platform bundle). */
    static ToolResult missing(String tool) {
        return ToolResult.failure(
                "desktop_unavailable",
                "this runtime has no desktop profiles for " + tool,
                "run the server from praefectus.jar on a desktop session",
                true);
    }

    private static String nextAction(String code) {
        return switch (code) {
            case "unknown_profile" -> "list the profiles with desktop_profiles";
            case "unknown_target", "unsupported_target" ->
                "see the profile's targets and their supports in" + " desktop_profiles";
            case "window_not_found", "target_not_found" ->
                "open the application, or check window_title with" + " list_windows";
            case "assertion_failed" -> "the target does not meet the assertion: observe again or wait";
            default -> "see the message; run doctor when it names the desktop";
        };
    }
}
