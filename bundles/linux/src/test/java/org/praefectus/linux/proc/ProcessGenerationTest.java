package org.praefectus.linux.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProcessGenerationTest {

    @Test
    void theStartTimeIsTheTwentySecondFieldEvenWhenTheNameHasParentheses() {
        String stat = "4242 (we (ird) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 1 0 987654 "
                + "1000 200 18446744073709551615";
        assertEquals(Optional.of("987654"), ProcessGeneration.startTime(stat));
        assertEquals(Optional.empty(), ProcessGeneration.startTime("garbage"));
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
