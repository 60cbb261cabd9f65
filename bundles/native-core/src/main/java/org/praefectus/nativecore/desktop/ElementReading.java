package org.praefectus.nativecore.desktop;

import java.util.List;
import org.praefectus.api.selector.ReadBack;

/**
 * One element of an observation as read now, beyond what the observation itself says (role, name, bounds).
 *
 * @param id       its backend identity for {@code UiElement.id} (macOS: {@code ax:<window>/<index path>}, Windows:
 *                 {@code uia:<runtime id>})
 * @param states   state names as AT-SPI spells them ({@code enabled}, {@code focused}, {@code showing},
 *                 {@code editable}, {@code selected}, {@code checked}, {@code expanded}…), so a selector's
 *                 {@code state=} reads the same on every platform, and {@link #PASSWORD} for a password field
 * @param readBack what it holds now; a password field's text is never in it, only its length where known
 */
public record ElementReading(String id, List<String> states, ReadBack readBack) {

    /**
     * The state of a password field (macOS {@code AXSecureTextField}, UIA {@code IsPassword}; AT-SPI says it by the
     * role {@code password text}): its text is never read, only its length where the platform gives it.
     */
    public static final String PASSWORD = "password";

    public ElementReading {
        states = List.copyOf(states);
        if (states.contains(PASSWORD) && readBack != null && readBack.text() != null) {
            throw new IllegalArgumentException("a password field's text is never read");
        }
    }
}
