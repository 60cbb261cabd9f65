package org.praefectus.api.host;

import static java.util.Objects.requireNonNull;

import java.util.Set;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ApplicationOperation;
import org.praefectus.api.protocol.WindowOperation;

/**
 * The one policy of a host (MCP, the daemon, workflows): a {@link CapabilityProfile} and the operator's two gates.
 * Every host asks it, and answers with its {@link PolicyDecision} in its own wire form.
 * <ul>
 * <li>{@code observe} and {@code plan} sign no action;</li>
 * <li>{@code assist} signs target-addressed semantic actions ({@link #SEMANTIC_ACTIONS}: invoke, set_value, select,
 *     select_text, perform_secondary_action, handle_dialog, upload); pointer and keyboard input (and focusing or
 *     minimizing a window, launching or switching to an application, opening a file or URL) only through the input
 *     gate; anything else (closing a window, quitting an application, a clipboard write, a screenshot) is the
 *     operator's;</li>
 * <li>{@code operator} signs every action, and opens the input gate;</li>
 * <li>plugins run only through the plugin gate, and only under a profile holding {@link Capability#PLUGIN_EXECUTE}
 *     ({@code operator}): the operator profile alone never opens the plugin gate (issue 40).</li>
 * </ul>
 *
 * @param profile    the capability profile
 * @param inputGate  the operator's opt-in to pointer and keyboard input under {@code assist} (the daemon's
 *                   {@code --allow-input}); always open under {@code operator}
 * @param pluginGate the operator's opt-in to plugin processes (the daemon's {@code --allow-plugins}; the MCP server's
 *                   trusted plugin directories)
 */
public record HostPolicy(CapabilityProfile profile, boolean inputGate, boolean pluginGate) {

    /** The reason code of a refusal by the profile. */
    public static final String PROFILE_DENIED = "profile_denied";
    /** The reason code of input refused because the input gate is closed. */
    public static final String INPUT_NOT_ALLOWED = "input_not_allowed";
    /** The reason code of a plugin refused because the plugin gate is closed. */
    public static final String PLUGINS_NOT_ALLOWED = "plugins_not_allowed";

    /**
     * The target-addressed semantic actions {@code assist} signs: the protocol's invoke, set_value, select_text and
     * perform_secondary_action, and the kinds a host plans into them (an item selected and a page's file input given
     * files are set_value; a page's dialog answered).
     */
    public static final Set<String> SEMANTIC_ACTIONS = Set.of(
            "invoke", "set_value", "select", "select_text", "perform_secondary_action", "handle_dialog", "upload");

    /** Action kinds that are pointer or keyboard input, or open something, whatever their operation. */
    private static final Set<String> INPUT_ACTIONS =
            Set.of("click", "type_text", "press", "paste", "hotkey", "scroll", "move", "hover", "drag", "open");

    public HostPolicy {
        requireNonNull(profile, "profile");
        if (profile == CapabilityProfile.OPERATOR) {
            inputGate = true;
        }
    }

    /** Whether this profile signs actions at all ({@code assist}, {@code operator}). */
    public boolean signsActions() {
        return profile == CapabilityProfile.ASSIST || profile == CapabilityProfile.OPERATOR;
    }

    /** Whether the profile holds {@code capability}; {@link Capability#PLUGIN_EXECUTE} is {@link #plugins()}. */
    public PolicyDecision capability(Capability capability) {
        if (capability == Capability.PLUGIN_EXECUTE) {
            return plugins();
        }
        return profile.holds(capability)
                ? PolicyDecision.ALLOWED
                : PolicyDecision.refused(
                        PROFILE_DENIED,
                        "the capability profile " + profile.wireName() + " does not hold " + capability.wireName());
    }

    /** Whether a plugin's process may run: the plugin gate open, under a profile holding plugin_execute. */
    public PolicyDecision plugins() {
        if (!pluginGate) {
            return PolicyDecision.refused(
                    PLUGINS_NOT_ALLOWED,
                    "plugin tools need the plugin gate (--allow-plugins or PEEKABOOX_ALLOW_PLUGINS=1)");
        }
        return profile.holds(Capability.PLUGIN_EXECUTE)
                ? PolicyDecision.ALLOWED
                : PolicyDecision.refused(PROFILE_DENIED, "plugin tools need the operator profile");
    }

    /** Whether {@code action} may be signed. */
    public PolicyDecision action(Action action) {
        return decide(action.kind(), isInput(action));
    }

    /**
     * Whether an action of {@code kind} may be signed, for a host that decides before the action exists (a kind of
     * its own vocabulary, as MCP's {@code select} or {@code upload}). A window or application kind counts as the
     * operator's here: only {@link #action(Action)} sees which operation it is.
     */
    public PolicyDecision actionKind(String kind) {
        return decide(kind, INPUT_ACTIONS.contains(kind));
    }

    private PolicyDecision decide(String kind, boolean input) {
        if (!signsActions()) {
            return PolicyDecision.refused(
                    PROFILE_DENIED, "the capability profile " + profile.wireName() + " signs no action");
        }
        if (profile == CapabilityProfile.OPERATOR || SEMANTIC_ACTIONS.contains(kind)) {
            return PolicyDecision.ALLOWED;
        }
        if (!input) {
            return PolicyDecision.refused(PROFILE_DENIED, kind + " needs the operator profile");
        }
        return inputGate
                ? PolicyDecision.ALLOWED
                : PolicyDecision.refused(
                        INPUT_NOT_ALLOWED,
                        "input synthesis needs the input gate (--allow-input or PEEKABOOX_ALLOW_INPUT=1)"
                                + " or the operator profile");
    }

    /**
     * Pointer and keyboard input, a window focused or minimized (it moves the keyboard focus as a click does), an
     * allow-listed application launched or switched to, a file or URL opened; closing a window or quitting an
     * application may lose what it holds, so it is an operator's action.
     */
    private static boolean isInput(Action action) {
        if (action instanceof Action.Window window) {
            return window.operation() != WindowOperation.CLOSE;
        }
        if (action instanceof Action.Application app) {
            return app.operation() != ApplicationOperation.QUIT;
        }
        return INPUT_ACTIONS.contains(action.kind());
    }
}
