package org.praefectus.macos.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;

/**
 * The awkward shapes of a real browser window (#41 defect 3), over the hand-written Safari fixture: a web area
 * under toolbar and tabs, elements with no name, a web table of 5,000 rows, and the Accessibility permission
 * withdrawn while the tree is being read.
 */
class WebAreaObservationTest {

    @TempDir
    Path directory;

    @Test
    void theWebAreaIsObservedBelowTheBrowsersOwnControls() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("safari", "textedit"), directory);

        SemanticObservation observation = mac.observe();

        SemanticElement web = ObservationTest.element(observation, MacTesting.tag(observation, "AXWebArea", null));
        assertEquals("Orders – Praefectus Shop", web.name());
        SemanticElement search =
                ObservationTest.element(observation, MacTesting.tag(observation, "AXTextField", "Search orders"));
        assertTrue(search.actionability().editable());
        // the page's controls hang below the web area, the browser's own above it
        assertTrue(isBelow(observation, search, web));
        SemanticElement address =
                ObservationTest.element(observation, MacTesting.tag(observation, "AXTextField", "Smart Search Field"));
        assertFalse(isBelow(observation, address, web));
        SemanticElement forward =
                ObservationTest.element(observation, MacTesting.tag(observation, "AXButton", "Forward"));
        assertFalse(forward.actionability().enabled());
    }

    @Test
    void elementsWithoutANameAreObservedButTwinsAreAmbiguous() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("safari"), directory);

        SemanticObservation observation = mac.observe();

        SemanticElement image = ObservationTest.element(observation, MacTesting.tag(observation, "AXImage", null));
        assertNull(image.name());
        assertTrue(image.actionability().unambiguous());
        // two unnamed groups with the same facts: neither can be told apart from the other
        List<SemanticElement> twins = observation.elements().stream()
                .filter(e -> e.role().equals("AXGroup")
                        && e.name() == null
                        && e.bounds() != null
                        && e.bounds().width() == 20)
                .toList();
        assertEquals(2, twins.size());
        assertTrue(twins.stream().noneMatch(e -> e.actionability().unambiguous()));
    }

    @Test
    void aTableOfFiveThousandRowsIsReadThroughItsVisibleRowsAndSaysItIsTruncated() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("safari"), directory);
        int before = mac.desktop.attributeMessages;

        SemanticObservation observation = mac.observe();

        assertTrue(observation.truncated());
        List<String> rows = observation.elements().stream()
                .map(SemanticElement::role)
                .filter("AXRow"::equals)
                .toList();
        assertEquals(2, rows.size());
        assertEquals(
                2,
                observation.elements().stream()
                        .filter(e -> e.role().equals("AXCell"))
                        .count());
        // the 5,000 rows were counted, never copied and read one by one
        assertTrue(mac.desktop.attributeMessages - before < 2_000, "attribute messages");
    }

    @Test
    void accessibilityWithdrawnMidWalkIsUnavailableNotAPartialObservation() throws Exception {
        MacTesting mac = new MacTesting(Fixtures.desktop("safari"), directory);
        mac.desktop.withdrawTrustAfterMessages = mac.desktop.attributeMessages + 40;

        ExecutorException e = assertThrows(ExecutorException.class, mac::observe);

        assertEquals(ExecutorFailure.UNAVAILABLE, e.failure());
        assertFalse(mac.desktop.trusted);
    }

    private static boolean isBelow(SemanticObservation observation, SemanticElement element, SemanticElement ancestor) {
        String parent = element.parentId();
        while (parent != null) {
            if (parent.equals(ancestor.elementId())) {
                return true;
            }
            String current = parent;
            parent = observation.elements().stream()
                    .filter(e -> e.elementId().equals(current))
                    .findFirst()
                    .map(SemanticElement::parentId)
                    .orElse(null);
        }
        return false;
    }
}
