package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticBackend;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SemanticProvenance;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.mcp.host.ToolArguments.InvalidArgument;

/**
 * {@code act select} (#36): signed as the container's {@code set_value} of the item's name, verified by that name's
 * hash; an element that is no list, table, tree or combo box, or a name the observation shows nowhere within it, is
 * refused before anyone is asked.
 */
class ItemChoiceTest {

    private static final String OBSERVATION_ID = "4".repeat(64);
    private static final Actionability SHOWN = new Actionability(true, true, true, true, false, false, true);

    /** e1 a list box, e2 its row (no name), e3 the row's label "Banana", e4 a push button "Banana" outside the list. */
    private static SemanticObservation observation() {
        String[][] elements = {
            {"list box", "", null}, {"list item", "", "0"}, {"label", "Banana", "1"}, {"push button", "Banana", null}
        };
        List<SemanticElement> list = new java.util.ArrayList<>();
        for (int i = 0; i < elements.length; i++) {
            String parent = elements[i][2];
            list.add(new SemanticElement(
                    SemanticObservation.tag(i),
                    id(i),
                    parent == null ? null : id(Integer.parseInt(parent)),
                    "3".repeat(64),
                    elements[i][0],
                    elements[i][1].isEmpty() ? null : elements[i][1],
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

    private static String id(int i) {
        return SemanticObservation.opaqueElementId(OBSERVATION_ID, "node-" + i);
    }

    private static ActionArguments select(String tag, String item) {
        return ActionArguments.parse(Map.of("action", "select", "tag", tag, "item", item), ActionArguments.KINDS);
    }

    @Test
    void selectIsSignedAsTheContainersSetValueOfTheItemsNameAndVerifiedByItsHash() throws Exception {
        SemanticObservation observation = observation();
        ActionArguments parsed = select("e1", "Banana");
        assertEquals(new Action.SetValue("Banana"), parsed.action(observation));
        assertEquals(
                new VerificationPolicy.TargetValueHash(Sha256.hex("Banana".getBytes(StandardCharsets.UTF_8))),
                parsed.verification(observation));
        assertTrue(parsed.itemRefusal(observation).isEmpty(), "Banana is the label of the list's row");
        assertEquals(Map.of("item_length", 6), parsed.auditLengths(), "the audit holds the length, not the name");
    }

    @Test
    void anElementThatSelectsNothingOrANameNotWithinItIsRefusedBeforeAnyoneIsAsked() {
        SemanticObservation observation = observation();
        assertEquals(
                "not_selectable",
                select("e4", "Banana").itemRefusal(observation).orElseThrow().code());
        assertEquals(
                "no_such_item",
                select("e1", "Durian").itemRefusal(observation).orElseThrow().code());
        assertEquals(
                "no_such_item",
                select("e1", "banana").itemRefusal(observation).orElseThrow().code(),
                "names match exactly");
    }

    @Test
    void aSelectWithoutAnItemIsAnInvalidArgument() {
        assertThrows(
                InvalidArgument.class,
                () -> ActionArguments.parse(Map.of("action", "select", "tag", "e1"), ActionArguments.KINDS));
    }
}
