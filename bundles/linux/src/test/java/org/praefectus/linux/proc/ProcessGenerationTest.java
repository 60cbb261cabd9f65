package org.praefectus.linux.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;

class ProcessGenerationTest {

    @Test
    void theStartTimeIsTheTwentySecondFieldEvenWhenTheNameHasParentheses() {
        String stat = "4242 (we (ird) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 1 0 987654 "
                + "1000 200 18446744073709551615";
        assertEquals(Optional.of("987654"), ProcessGeneration.startTime(stat));
        assertEquals(Optional.empty(), ProcessGeneration.startTime("garbage"));
        assertEquals(
                Optional.of("987654"),
                ProcessGeneration.startTime(stat.substring(0, stat.indexOf(" 1000")) + "\n"),
                "the start time may end the line");
        assertEquals(
                Optional.empty(),
                ProcessGeneration.startTime(stat.substring(0, stat.indexOf(" 987654"))),
                "a line cut before the start time has none");
        assertEquals(Optional.empty(), ProcessGeneration.startTime(stat.replace("987654", "98x654")));
        assertEquals(
                Optional.empty(),
                ProcessGeneration.startTime(stat.replace(" 0 1 0 ", " 0 1  0 ")),
                "fields are separated by exactly one space");
    }

    @Test
    void aBootIdHasTheFormTheKernelWrites() {
        assertTrue(ProcessGeneration.isBootId("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"));
        assertFalse(ProcessGeneration.isBootId("0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"));
        assertFalse(ProcessGeneration.isBootId("0f1e2d3c4b5a-6978-8796-a5b4c3d2e1f0-"));
        assertFalse(ProcessGeneration.isBootId("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f"));
    }

    @Test
    void theGenerationIsTheHashOfBootIdAndStartTime() throws Exception {
        long self = ProcessHandle.current().pid();
        String bootId =
                Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim();
        String start = ProcessGeneration.startTime(Files.readString(Path.of("/proc/self/stat")))
                .orElseThrow();
        String expected = CanonicalJson.hash(
                new JsonValue.JsonArray(List.of(new JsonValue.JsonString(bootId), new JsonValue.JsonString(start))));
        assertEquals(expected, ProcessGeneration.of(self).orElseThrow());
        assertEquals(Optional.of(expected), ProcessGeneration.ofThisProcess());
    }

    @Test
    void aLiveProcessHasAStableGenerationAndANewProcessAnother() throws Exception {
        long self = ProcessHandle.current().pid();
        String generation = ProcessGeneration.of(self).orElseThrow();
        assertTrue(generation.matches("[0-9a-f]{64}"));
        assertEquals(generation, ProcessGeneration.of(self).orElseThrow());

        Process child = new ProcessBuilder("sleep", "5").start();
        try {
            assertNotEquals(generation, ProcessGeneration.of(child.pid()).orElseThrow());
        } finally {
            child.destroy();
            child.waitFor();
        }
        assertEquals(Optional.empty(), ProcessGeneration.of(child.pid()), "a reaped process has no generation");
        assertEquals(Optional.empty(), ProcessGeneration.of(0));
    }
}
