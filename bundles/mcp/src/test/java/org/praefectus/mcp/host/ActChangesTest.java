package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticBackend;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticProvenance;
import org.praefectus.api.selector.ReadBack;

/** The changes an act reports: elements whose read-back differs, those gone, in the observation's order, bounded. */
class ActChangesTest {

    private static final String OBSERVATION_ID = "4".repeat(64);
    private static final Actionability SHOWN = new Actionability(true, true, true, true, true, true, false);

    private static SemanticObservation observation(int elements) {
        List<SemanticElement> list = new ArrayList<>();
        for (int i = 0; i < elements; i++) {
            list.add(new SemanticElement(
                    SemanticObservation.tag(i),
                    SemanticObservation.opaqueElementId(OBSERVATION_ID, "node-" + i),
                    null,
                    "3".repeat(64),
                    i == 0 ? "slider" : "check box",
                    i == 0 ? null : "box " + i,
                    new Rect(0, 0, 10, 10),
                    SHOWN));
        }
        return new SemanticObservation(
                2,
                OBSERVATION_ID,
                7,
                new SemanticProvenance(
                        SemanticBackend.ACCESSIBILITY, "at-spi", 42, "p", "w", null, "2".repeat(64), List.of()),
                1_000,
                31_000,
                false,
                list);
    }

    private static ReadBack value(double value) {
        return new ReadBack(null, null, value, 0.0, 100.0, 1.0, null, false, false, null, false, true);
    }

    private static ReadBack checked(boolean checked) {
        return new ReadBack(null, null, null, null, null, null, checked, false, false, null, false, true);
    }

    @Test
    void theChangedElementsCarryWhatTheyHoldNowAndTheGoneOnesTheirTags() {
        SemanticObservation observation = observation(4);
        Map<String, ReadBack> before =
                Map.of("e1", value(50), "e2", checked(false), "e3", checked(true), "e4", checked(false));
        Map<String, ReadBack> after = Map.of("e1", value(30), "e2", checked(true), "e3", checked(true));

        Map<String, Object> changes = ActChanges.diff(observation, before, after);

        assertEquals(
                List.of(
                        Map.of(
                                "tag",
                                "e1",
                                "role",
                                "slider",
                                "read_back",
                                ToolJson.JSON.convertValue(value(30), Map.class)),
                        Map.of(
                                "tag",
                                "e2",
                                "role",
                                "check box",
                                "name",
                                "box 1",
                                "read_back",
                                ToolJson.JSON.convertValue(checked(true), Map.class))),
                ((List<?>) changes.get("changed"))
                        .stream()
                                .map(entry -> withoutNullName((Map<?, ?>) entry))
                                .toList());
        assertEquals(List.of("e4"), changes.get("gone"));
        assertEquals(false, changes.get("truncated"));
    }

    private static Map<?, ?> withoutNullName(Map<?, ?> entry) {
        Map<Object, Object> copy = new HashMap<>(entry);
        copy.values().removeIf(java.util.Objects::isNull);
        return copy;
    }

    @Test
    void nothingChangedIsAnEmptyList() {
        Map<String, ReadBack> same = Map.of("e1", value(50), "e2", checked(false));
        Map<String, Object> changes = ActChanges.diff(observation(2), same, same);
        assertEquals(List.of(), changes.get("changed"));
        assertEquals(List.of(), changes.get("gone"));
    }

    @Test
    void moreChangesThanTheBoundAreCutAndSaySo() {
        int count = ActChanges.MAX_LISTED + 5;
        Map<String, ReadBack> before = new HashMap<>();
        Map<String, ReadBack> after = new HashMap<>();
        for (int i = 1; i < count; i++) {
            before.put(SemanticObservation.tag(i), checked(false));
            after.put(SemanticObservation.tag(i), checked(true));
        }
        Map<String, Object> changes = ActChanges.diff(observation(count), before, after);
        assertEquals(ActChanges.MAX_LISTED, ((List<?>) changes.get("changed")).size());
        assertEquals(true, changes.get("truncated"));
    }
}
