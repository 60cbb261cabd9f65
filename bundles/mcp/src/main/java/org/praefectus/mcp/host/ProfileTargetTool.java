package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code desktop_click}, {@code desktop_type_into} and {@code desktop_drag}: PeekabooX's desktop helpers as this
 * server's own input tools. The app's {@code desktop-profile.v1} profile (read through {@code desktop profiles}, one reader of
 * profiles) names the target's selector and the application of its windows; the call then is the input tool's
 * ({@code click}, {@code type_text}, {@code drag} within the element) with that selector and window scope, so the effect goes through the same
 * confirmation, signature, fence and ledger as every other effect of this server, never through another host.
 */
final class ProfileTargetTool implements Tool {

    /** What the input tool takes besides its target, passed through unchanged. */
    private static final Set<String> COMMON = Set.of("window_title", "window_id", "operation_id");

    private final String name;
    private final String profileVerb;
    private final Set<String> passed;
    private final Tool input;
    private final HostServices services;

    /**
     * @param profileVerb the verb a profile target must support ({@code click}, {@code type-into})
     * @param extra       the input tool's own arguments this tool takes too
     */
    private ProfileTargetTool(String name, String profileVerb, Set<String> extra, Tool input, HostServices services) {
        this.name = name;
        this.profileVerb = profileVerb;
        this.passed = new java.util.HashSet<>(COMMON);
        this.passed.addAll(extra);
        this.input = input;
        this.services = services;
    }

    static List<Tool> all(Tool click, Tool typeText, Tool drag, HostServices services) {
        return List.of(
                new ProfileTargetTool("desktop_click", "click", Set.of("button", "count"), click, services),
                new ProfileTargetTool(
                        "desktop_type_into", "type-into", Set.of("text", "clear", "press_return"), typeText, services),
                new ProfileTargetTool(
                        "desktop_drag", "drag", Set.of("from_ratio", "to_ratio", "button"), drag, services));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        String app = ToolArguments.stringArgument(args, "app", true);
        String target = ToolArguments.stringArgument(args, "target", true);
        for (String given : args.keySet()) {
            if (!given.equals("app") && !given.equals("target") && !passed.contains(given)) {
                throw new ToolArguments.InvalidArgument(name + " takes no argument " + ToolArguments.printable(given));
            }
        }
        if (app.startsWith("-") || target.startsWith("-")) {
            throw new ToolArguments.InvalidArgument("app and target must not start with '-'");
        }
        ToolResult listed =
                CommandTool.run(services, name, List.of("desktop", "profiles", "--app", app, "--target", target));
        if (listed.error()) {
            return listed;
        }
        if (!(listed.structured().get("profiles") instanceof List<?> profiles) || profiles.isEmpty()) {
            return ToolResult.failure(
                    "unknown_profile_target",
                    "no desktop profile has this app and target",
                    "list the profiles and their targets with desktop_profiles",
                    true);
        }
        Map<?, ?> profile = (Map<?, ?>) profiles.get(0);
        Map<?, ?> profileTarget = (Map<?, ?>) ((Map<?, ?>) profile.get("targets")).get(target);
        if (!(profileTarget.get("supports") instanceof List<?> supports) || !supports.contains(profileVerb)) {
            return ToolResult.failure(
                    "unsupported_by_profile",
                    "the profile's target does not support " + profileVerb,
                    "see the target's supports in desktop_profiles",
                    true);
        }
        Map<String, Object> call = new LinkedHashMap<>();
        for (String argument : passed) {
            if (args.containsKey(argument)) {
                call.put(argument, args.get(argument));
            }
        }
        call.put("selector", profileTarget.get("selector"));
        call.put("app", ((Map<?, ?>) profile.get("window")).get("app"));
        return input.call(call, context);
    }
}
