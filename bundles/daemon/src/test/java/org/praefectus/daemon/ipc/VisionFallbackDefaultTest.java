package org.praefectus.daemon.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --vision-fallback} reaches element lookups, and only them, by whichever route they come. */
class VisionFallbackDefaultTest {

    @Test
    void anElementLookupGetsTheFlagWhenTheDaemonHasIt() {
        assertEquals(
                List.of("elements", "--window-title", "w", "--vision-fallback"),
                IpcMethods.withDefaults(List.of("elements", "--window-title", "w"), true));
        assertEquals(List.of("find", "--vision-fallback"), IpcMethods.withDefaults(List.of("find"), true));
    }

    @Test
    void nothingChangesWithoutTheFlagForOtherCommandsOrWhenTheCallerSaidItAlready() {
        assertEquals(List.of("elements"), IpcMethods.withDefaults(List.of("elements"), false));
        assertEquals(
                List.of("click", "--selector", "x"),
                IpcMethods.withDefaults(List.of("click", "--selector", "x"), true));
        assertEquals(
                List.of("elements", "--vision-fallback"),
                IpcMethods.withDefaults(List.of("elements", "--vision-fallback"), true));
        assertEquals(List.of("elements", "--help"), IpcMethods.withDefaults(List.of("elements", "--help"), true));
    }
}
