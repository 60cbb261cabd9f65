package org.praefectus.workflow.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;

/** The recorder's state: typed errors, steps only while active, the last recording kept after stop. */
class RecordingTest {

    private static ObjectNode step(String selector) {
        return JsonNodeFactory.instance
                .objectNode()
                .put("action", "find_element")
                .put("selector", selector);
    }

    @Test
    void stepsAreRecordedOnlyWhileActiveAndTheLastRecordingOutlivesStop() throws Exception {
        Recording recording = new Recording();
        assertEquals(
                "no_recording",
                assertThrows(WorkflowException.class, recording::recorded).code());
        assertEquals(
                "not_recording",
                assertThrows(WorkflowException.class, recording::stop).code());
        assertEquals(
                "invalid_name",
                assertThrows(WorkflowException.class, () -> recording.start(" "))
                        .code());
        recording.add(step("role=text"));
        recording.start("form");
        assertTrue(recording.active());
        assertEquals(
                "empty_recording",
                assertThrows(WorkflowException.class, recording::recorded).code());
        recording.add(step("role=text"));
        assertEquals(1, recording.recorded().steps().size(), "the active recording so far");
        Workflow stopped = recording.stop();
        assertFalse(recording.active());
        recording.add(step("role=push button"));
        assertEquals(stopped, recording.recorded(), "nothing is added after stop");
        assertEquals("form", stopped.name());
        assertEquals("role=text", stopped.steps().get(0).selector());
    }
}
