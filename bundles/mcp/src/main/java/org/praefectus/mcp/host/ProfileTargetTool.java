package org.praefectus.mcp.host;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopProfiles;
import org.praefectus.api.desktop.ProfileAction;
import org.praefectus.api.desktop.ProfileAim;
import org.praefectus.api.desktop.ProfileEffect;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.selector.UiElement;

/**
 * {@code desktop_click}, {@code desktop_type_into} and {@code desktop_drag}: a profile target's input action of the
 * platform's typed {@link DesktopProfiles}, planned by the service (its profile, target, window and signed request, as
 * a dry run with no signer) and then taken along this server's one signed path ({@link SignedActions}: profile,
 * confirmation, sign, engine, operation ids), so the terminal is the engine's, as on every surface.
 */
final class ProfileTargetTool implements Tool {

    /** What every profile action takes. */
    private static final Set<String> COMMON = Set.of("app", "target", "window_title", "window_id", "operation_id");

    private final String name;
    private final String verb;
    private final Set<String> arguments;
    private final SignedActions actions;
    private final HostServices services;

    private ProfileTargetTool(
            String name, String verb, Set<String> extra, SignedActions actions, HostServices services) {
        this.name = name;
        this.verb = verb;
        this.arguments = new HashSet<>(COMMON);
        this.arguments.addAll(extra);
        this.actions = actions;
        this.services = services;
    }

    static List<Tool> all(SignedActions actions, HostServices services) {
        return List.of(
                new ProfileTargetTool(
                        "desktop_click", ProfileAction.CLICK, Set.of("button", "count"), actions, services),
                new ProfileTargetTool(
                        "desktop_type_into", ProfileAction.TYPE_INTO, Set.of("text", "clear"), actions, services),
                new ProfileTargetTool(
                        "desktop_drag",
                        ProfileAction.DRAG,
                        Set.of("from_ratio", "to_ratio", "duration_ms", "button"),
                        actions,
                        services));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name, args, arguments);
        ProfileAction planned = action(args);
        ProfileEffect[] effect = new ProfileEffect[1];
        ToolResult result = actions.run(
                name,
                ToolArguments.operationId(args),
                ToolArguments.fingerprint(name, args),
                () -> {
                    Optional<DesktopProfiles> profiles = services.profiles();
                    if (profiles.isEmpty()) {
                        return SignedActions.Plan.refused(ProfileTools.missing(name));
                    }
                    try {
                        effect[0] = profiles.get()
                                .act(planned, null, context.cancellation().token());
                    } catch (DesktopException e) {
                        return SignedActions.Plan.refused(ProfileTools.refused(e));
                    }
                    return SignedActions.Plan.proposed(
                            new SignedActions.Proposed(effect[0].outcome().proposal(), question(effect[0])));
                },
                context);
        if (effect[0] == null || !result.structured().containsKey("operation_id")) {
            return result;
        }
        Map<String, Object> body = new LinkedHashMap<>(result.structured());
        body.put("action", effect[0].outcome().actionKind());
        body.put("app", effect[0].app());
        body.put("target_name", effect[0].targetName());
        body.put("route", effect[0].outcome().route());
        return new ToolResult(result.error(), body, result.pngBase64());
    }

    /** The call's action, always planned as a dry run: this server signs it on its own path. */
    private ProfileAction action(Map<String, Object> args) {
        ProfileAim aim = ProfileTools.aim(args, true);
        try {
            return switch (verb) {
                case ProfileAction.CLICK ->
                    new ProfileAction(
                            aim,
                            verb,
                            button(ToolArguments.stringArgument(args, "button", false)),
                            ToolArguments.intArgument(args, "count", 1, 1, 3),
                            null,
                            false,
                            null,
                            null,
                            null,
                            true,
                            false);
                case ProfileAction.TYPE_INTO ->
                    ProfileAction.typeInto(
                            aim,
                            ToolArguments.stringArgument(args, "text", true),
                            ToolArguments.boolArgument(args, "clear"),
                            true,
                            false);
                default ->
                    new ProfileAction(
                            aim,
                            verb,
                            button(ToolArguments.stringArgument(args, "button", false)),
                            1,
                            null,
                            false,
                            required(args, "from_ratio"),
                            required(args, "to_ratio"),
                            args.containsKey("duration_ms")
                                    ? Long.valueOf(ToolArguments.intArgument(args, "duration_ms", 0, 0, 60_000))
                                    : null,
                            true,
                            false);
            };
        } catch (IllegalArgumentException invalid) {
            throw new ToolArguments.InvalidArgument(name + ": " + invalid.getMessage());
        }
    }

    private static double[] required(Map<String, Object> args, String name) {
        double[] ratio = ToolArguments.ratioArgument(args, name);
        if (ratio == null) {
            throw new ToolArguments.InvalidArgument(name + " is required: [x, y] fractions of the target's bounds");
        }
        return ratio;
    }

    private static MouseButton button(String name) {
        if (name == null) {
            return MouseButton.LEFT;
        }
        return switch (name) {
            case "left" -> MouseButton.LEFT;
            case "middle" -> MouseButton.MIDDLE;
            case "right" -> MouseButton.RIGHT;
            default -> throw new ToolArguments.InvalidArgument("button is left, middle or right");
        };
    }

    /**
     * What the person is asked: the action, the element as the screen shows it (its role and name) and the profile's
     * target, and the length of any text, never the text.
     */
    private String question(ProfileEffect planned) {
        Action action = planned.outcome().proposal().action();
        UiElement element = planned.outcome().element();
        String text = action instanceof Action.TypeText typed
                ? "Text: " + typed.text().length() + " characters\n"
                : action instanceof Action.SetValue value
                        ? "Value: " + value.value().length() + " characters\n"
                        : "";
        return "Praefectus asks you to allow one action on this computer.\n"
                + "Action: " + action.kind() + "\n"
                + (element == null
                        ? ""
                        : "Element: " + element.role() + " \"" + (element.label() == null ? "" : element.label())
                                + "\"\n")
                + "Target: " + planned.targetName() + " of the desktop profile " + planned.app() + "\n"
                + text;
    }
}
