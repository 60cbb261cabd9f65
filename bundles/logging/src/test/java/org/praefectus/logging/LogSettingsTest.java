package org.praefectus.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LogSettingsTest {

    @Test
    void theEnvironmentSetsLevelAndBound() throws InvalidLogSettingException {
        assertEquals(LogSettings.DEFAULT, LogSettings.fromEnvironment(Map.of()));
        assertEquals(
                new LogSettings(LogLevel.DEBUG, 65_536, 3),
                LogSettings.fromEnvironment(Map.of(
                        "PRAEFECTUS_LOG_LEVEL", "Debug",
                        "PRAEFECTUS_LOG_FILE_BYTES", "65536",
                        "PRAEFECTUS_LOG_FILES", "3")));
    }

    @Test
    void aValueOutOfItsRangeIsRefusedByNameWithoutEchoingIt() {
        InvalidLogSettingException level = assertThrows(
                InvalidLogSettingException.class,
                () -> LogSettings.fromEnvironment(Map.of("PRAEFECTUS_LOG_LEVEL", "verbose-secret")));
        assertTrue(level.getMessage().startsWith("PRAEFECTUS_LOG_LEVEL takes"), level.getMessage());
        assertFalse(level.getMessage().contains("verbose-secret"));
        assertThrows(
                InvalidLogSettingException.class,
                () -> LogSettings.fromEnvironment(Map.of("PRAEFECTUS_LOG_FILE_BYTES", "10")));
        assertThrows(
                InvalidLogSettingException.class,
                () -> LogSettings.fromEnvironment(Map.of("PRAEFECTUS_LOG_FILES", "0")));
    }

    @Test
    void aLevelKeepsItselfAndWhatIsAboveIt() {
        assertTrue(LogLevel.INFO.admits(LogLevel.WARN));
        assertTrue(LogLevel.INFO.admits(LogLevel.INFO));
        assertFalse(LogLevel.INFO.admits(LogLevel.DEBUG));
        assertFalse(LogLevel.OFF.admits(LogLevel.ERROR));
    }
}
