package org.praefectus.mcp.host;

import java.util.Optional;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionCapability;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.DeliveryRoute;
import org.praefectus.api.protocol.SemanticElement;

/**
 * What can be known about an action before a person is asked to confirm it (#36 defect 4): a disabled element, a
 * text that cannot be set, an element without an activation action, pointer input aimed at an element where element bounds are not screen
 * points (Wayland), and global input the operator has not allowed. Asking a person to approve what then cannot run wastes their
 * attention and, worse, was reported as {@code stale_target} ("the element changed while the person decided").
 * The engine still checks all of it again when it runs the action; this only answers earlier, with its own code.
 */
final class KnownRefusals {

    private KnownRefusals() {}

    /** A refusal known before asking. */
    record Refusal(String code, String message, String nextAction) {}

    /**
     * @param kind    the action kind
     * @param element the element it acts on, from the observation it was planned on, or {@code null} (points)
     * @param engine  the engine whose executor will run it
     */
    static Optional<Refusal> of(String kind, SemanticElement element, Engine engine) {
        if (element != null && !element.actionability().enabled()) {
            return refusal(
                    "element_disabled",
                    "the element is disabled",
                    "wait until the application enables it, or act on another element");
        }
        if (element != null
                && kind.equals("set_value")
                && !element.actionability().editable()) {
            return refusal(
                    "not_editable",
                    "the element has no editable text to set",
                    "choose an editable text element (find_elements with state=editable)");
        }
        if (element != null && kind.equals("invoke") && !element.actionability().invokable()) {
            return refusal(
                    "not_invokable",
                    "the element has no single activation action",
                    "use click for pointer input, or choose an element that can be invoked");
        }
        Capabilities capabilities;
        try {
            capabilities = engine.capabilities();
        } catch (EngineException e) {
            return Optional.empty(); // the engine answers for itself when it runs the action
        }
        return of(kind, element, capabilities);
    }

    /** What the executor's capabilities already say about {@code kind} at {@code element} ({@code null}: points). */
    static Optional<Refusal> of(String kind, SemanticElement element, Capabilities capabilities) {
        if (kind.equals("upload")
                && !Boolean.TRUE.equals(capabilities.permissions().get("uploads"))) {
            return refusal(
                    "upload_unavailable",
                    "the host configured no upload folder, so no file can be uploaded",
                    "ask the host to start the server with mcp --browser --upload-dir DIR");
        }
        // a Wayland compositor gives element bounds relative to the element's own window: the executor refuses
        // pointer input aimed at an element there, so the person is not asked to approve it (#36 defect 5)
        if (element != null
                && Action.pointerKind(kind)
                && Boolean.FALSE.equals(capabilities.permissions().get("element_screen_bounds"))) {
            return refusal(
                    "unsupported",
                    "on this desktop an element's bounds are relative to its own window, not screen points, so pointer"
                            + " input cannot be aimed at an element",
                    "use a semantic action at the element (invoke, set_value, select, type_text), or pointer input at"
                            + " a screen point");
        }
        Optional<ActionCapability> capability = capabilities.actionCapabilities().stream()
                .filter(c -> c.action().equals(kind))
                .findFirst();
        if (capability.isPresent()
                && capability.get().deliveryRoute() == DeliveryRoute.POINTER
                && !Boolean.TRUE.equals(capabilities.permissions().get("global_input"))) {
            return refusal(
                    "input_not_allowed",
                    "pointer and keyboard input is not allowed on this desktop",
                    "use a semantic action (invoke, set_value), or ask the operator to allow input");
        }
        return Optional.empty();
    }

    private static Optional<Refusal> refusal(String code, String message, String nextAction) {
        return Optional.of(new Refusal(code, message, nextAction));
    }
}
