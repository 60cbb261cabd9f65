package org.praefectus.logging;

import java.util.Locale;

/** How much the process log keeps: each level keeps itself and every level above it. */
public enum LogLevel {
    /** Nothing is written (the file is still created, so an operator sees where it would be). */
    OFF,
    ERROR,
    WARN,
    INFO,
    DEBUG,
    TRACE;

    /** Whether an event of {@code event}'s level passes this threshold. */
    public boolean admits(LogLevel event) {
        return event != OFF && event.compareTo(this) <= 0;
    }

    /**
     * The level named {@code name} ({@code off}, {@code error}, {@code warn}, {@code info}, {@code debug},
     * {@code trace}; any case).
     *
     * @throws InvalidLogSettingException naming {@code setting}, never echoing an unknown value
     */
    public static LogLevel parse(String setting, String name) throws InvalidLogSettingException {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            throw new InvalidLogSettingException(setting + " takes off, error, warn, info, debug or trace");
        }
    }
}
