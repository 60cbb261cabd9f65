package org.praefectus.nativecore.input;

import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.protocol.Action;

/** The signed action of a keyboard verb ({@code type}, {@code paste}, {@code hotkey}), the same on every platform. */
public final class KeyboardActions {

    private KeyboardActions() {}

    /** The action {@code request}'s keyboard verb signs: its text or keys, with its pace as the action's fields. */
    public static Action of(InputRequest request) {
        return switch (request.verb()) {
            case "type" ->
                new Action.TypeText(
                        request.text(), request.clear(), false, request.pace().keyDelayMs());
            case "paste" -> new Action.Paste(request.text());
            case "hotkey" ->
                new Action.Hotkey(
                        request.keys(),
                        request.pace().keyDelayMs(),
                        request.pace().releaseBefore(),
                        request.pace().releaseAfter());
            default -> throw new IllegalStateException("not a keyboard verb");
        };
    }
}
