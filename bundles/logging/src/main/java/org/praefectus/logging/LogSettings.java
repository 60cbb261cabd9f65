package org.praefectus.logging;

import java.util.Map;

/**
 * How a process log is kept: its level and its bound ({@code files} files of at most {@code fileBytes} bytes
 * each, the oldest dropped first), so the log never takes more than {@code fileBytes × files} bytes.
 *
 * @param level     what is kept; default {@link LogLevel#INFO}
 * @param fileBytes the most bytes one file holds before it is rotated; default {@value #DEFAULT_FILE_BYTES}
 * @param files     how many files are kept, the current one included; default {@value #DEFAULT_FILES}
 */
public record LogSettings(LogLevel level, long fileBytes, int files) {

    /** The environment variable naming the level: {@code off|error|warn|info|debug|trace}. */
    public static final String LEVEL_VARIABLE = "PRAEFECTUS_LOG_LEVEL";

    /** The environment variable giving the bytes of one file. */
    public static final String FILE_BYTES_VARIABLE = "PRAEFECTUS_LOG_FILE_BYTES";

    /** The environment variable giving the number of files kept. */
    public static final String FILES_VARIABLE = "PRAEFECTUS_LOG_FILES";

    /** 1 MiB. */
    public static final long DEFAULT_FILE_BYTES = 1024L * 1024;

    public static final int DEFAULT_FILES = 5;

    /** The smallest file bound: one long line with its stack trace fits. */
    public static final long MIN_FILE_BYTES = 4096;

    public static final long MAX_FILE_BYTES = 1024L * 1024 * 1024;

    public static final int MAX_FILES = 100;

    /** INFO, 1 MiB × 5 files. */
    public static final LogSettings DEFAULT = new LogSettings(LogLevel.INFO, DEFAULT_FILE_BYTES, DEFAULT_FILES);

    public LogSettings {
        if (level == null) {
            throw new IllegalArgumentException("a log level is required");
        }
        if (fileBytes < 1 || files < 1) {
            throw new IllegalArgumentException("a log keeps at least one file of at least one byte");
        }
    }

    /** These settings at {@code other} level. */
    public LogSettings withLevel(LogLevel other) {
        return new LogSettings(other, fileBytes, files);
    }

    /**
     * The settings {@code environment} gives ({@value #LEVEL_VARIABLE}, {@value #FILE_BYTES_VARIABLE} between
     * {@value #MIN_FILE_BYTES} and 1 GiB, {@value #FILES_VARIABLE} between 1 and {@value #MAX_FILES}); an unset or
     * empty variable takes its default.
     *
     * @throws InvalidLogSettingException naming the variable that holds a value it does not take
     */
    public static LogSettings fromEnvironment(Map<String, String> environment) throws InvalidLogSettingException {
        String level = environment.get(LEVEL_VARIABLE);
        return new LogSettings(
                level == null || level.isBlank() ? DEFAULT.level() : LogLevel.parse(LEVEL_VARIABLE, level),
                number(environment, FILE_BYTES_VARIABLE, DEFAULT_FILE_BYTES, MIN_FILE_BYTES, MAX_FILE_BYTES),
                (int) number(environment, FILES_VARIABLE, DEFAULT_FILES, 1, MAX_FILES));
    }

    private static long number(Map<String, String> environment, String name, long fallback, long min, long max)
            throws InvalidLogSettingException {
        String value = environment.get(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException notANumber) {
            // said below, without the value
        }
        throw new InvalidLogSettingException(name + " takes a whole number from " + min + " to " + max);
    }
}
