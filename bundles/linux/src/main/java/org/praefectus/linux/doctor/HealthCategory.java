package org.praefectus.linux.doctor;

import java.util.Locale;
import java.util.Optional;

/** What a health check is about: the parts of the desktop a PeekabooX verb depends on. */
public enum HealthCategory {
    /** An X display and the session type. */
    DISPLAY,
    /** A trusted X.Org server and the extensions input and fences need (XTest, RandR). */
    X11,
    /** The user's D-Bus session bus. */
    SESSION,
    /** The AT-SPI accessibility bus. */
    ACCESSIBILITY,
    /** The operator's input opt-in, the resident runtime and the emergency stop. */
    INPUT,
    /** Screen capture through MIT-SHM. */
    CAPTURE,
    /** Tesseract and its trained languages. */
    OCR,
    /** The PeekabooX plugin directories. */
    PLUGINS,
    /** A Chromium for the CDP executor. */
    BROWSER;

    /** The JSON name, lower case. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The category of a JSON name, or empty. */
    public static Optional<HealthCategory> of(String wireName) {
        for (HealthCategory category : values()) {
            if (category.wireName().equals(wireName)) {
                return Optional.of(category);
            }
        }
        return Optional.empty();
    }
}
