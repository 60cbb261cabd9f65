package org.praefectus.daemon.host;

import java.util.Locale;
import java.util.Set;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ApplicationOperation;
import org.praefectus.api.protocol.WindowOperation;
import org.praefectus.api.resident.HostRefusedException;

/**
 * The operator's gates, fixed when the daemon starts (PeekabooX's daemon gates):
 * <ul>
 * <li>profile {@code observe} / {@code plan}: nothing is signed;</li>
 * <li>{@code assist} (the default): target-addressed semantic actions (invoke, set_value, select_text,
 *     perform_secondary_action); input synthesis (and focusing or minimizing a window, launching or switching
 *     to an application, opening a file or URL) only with the input gate;</li>
 * <li>{@code operator}: every action, and the input gate open. The plugin gate stays as the operator set it:
 *     plugins run only with {@code --allow-plugins} (issue 40), whatever the profile.</li>
 * </ul>
 * The input gate is {@code --allow-input} or {@code PEEKABOOX_ALLOW_INPUT=1}; the plugin gate
 * {@code --allow-plugins} or {@code PEEKABOOX_ALLOW_PLUGINS=1}. An open input gate is also the operator's one opt-in
 * to global pointer and keyboard input for this runtime: the daemon registers a {@code GlobalInputOptIn} while it
 * runs, which the engine and the executor honour ({@code GlobalInput}); no second variable is needed.
 *
 * @param profile      the capability profile
 * @param allowInput   whether input synthesis may be signed
 * @param allowPlugins whether plugin tools may run
 */
public record Gates(Profile profile, boolean allowInput, boolean allowPlugins) {

    private static final Set<String> SEMANTIC =
            Set.of("invoke", "set_value", "select_text", "perform_secondary_action");

    public enum Profile {
        OBSERVE,
        PLAN,
        ASSIST,
        OPERATOR;

        public static Profile parse(String name) {
            try {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown profile (observe, plan, assist, operator)");
            }
        }

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Gates {
        if (profile == Profile.OPERATOR) {
            allowInput = true;
        }
    }

    /** Refuses {@code action} unless the profile and gates permit signing it. */
    public void check(Action action) throws HostRefusedException {
        if (profile == Profile.OBSERVE || profile == Profile.PLAN) {
            throw new HostRefusedException(
                    "profile_denied", "the daemon runs with profile " + profile.wireName() + ": it signs no action");
        }
        if (SEMANTIC.contains(action.kind())) {
            return;
        }
        if (!allowInput) {
            throw new HostRefusedException(
                    "input_not_allowed",
                    "input synthesis needs the daemon started with --allow-input, PEEKABOOX_ALLOW_INPUT=1"
                            + " or --profile operator");
        }
        if (profile != Profile.OPERATOR && !isInput(action)) {
            throw new HostRefusedException(
                    "profile_denied", action.kind() + " needs the daemon started with --profile operator");
        }
    }

    /** Whether plugin tools may run. */
    public void checkPlugins() throws HostRefusedException {
        if (!allowPlugins) {
            throw new HostRefusedException(
                    "plugins_not_allowed",
                    "plugin tools need the daemon started with --allow-plugins or PEEKABOOX_ALLOW_PLUGINS=1");
        }
    }

    /**
     * Pointer and keyboard input, a window focused or minimized (it moves the keyboard focus as a click does), an
     * allow-listed application launched or switched to, a file or URL opened; closing a window or quitting an
     * application may lose what it holds, so it is an operator's action.
     */
    private static boolean isInput(Action action) {
        return (action instanceof Action.Window window && window.operation() != WindowOperation.CLOSE)
                || (action instanceof Action.Application app && app.operation() != ApplicationOperation.QUIT)
                || action instanceof Action.Open
                || action instanceof Action.Click
                || action instanceof Action.TypeText
                || action instanceof Action.Press
                || action instanceof Action.Paste
                || action instanceof Action.Hotkey
                || action instanceof Action.Scroll
                || action instanceof Action.Move
                || action instanceof Action.Drag;
    }
}
