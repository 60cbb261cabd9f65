package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The observation reads roles and names from the DOM snapshot; the fence re-reads them from Chromium's accessibility
 * tree before every effect. Where the two disagree the element can be observed but never acted on, so on these pages
 * they must agree for every element the observation reports (text-only and generic nodes are not reported).
 */
class DomSemanticsAgreementTest {

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.start();
    }

    @AfterAll
    static void stop() throws Exception {
        chromium.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"actions.html", "semantics.html", "other.html"})
    void everyObservedRoleAndNameIsChromiumsOwn(String page) throws Exception {
        String target = chromium.open(page);
        DevToolsChannel channel = DevToolsChannel.open(new ObjectMapper(), chromium.port(), target);
        try {
            long deadline = System.currentTimeMillis() + 30_000;
            String frameId = channel.command("Page.getFrameTree", null, deadline)
                    .path("frameTree")
                    .path("frame")
                    .path("id")
                    .asText();
            JsonNode ax = channel.command(
                    "Accessibility.getFullAXTree", channel.params().put("frameId", frameId), deadline);
            ObjectNode params = channel.params().put("includePaintOrder", true);
            RootFrameLayout.STYLES.forEach(params.putArray("computedStyles")::add);
            RootFrameLayout layout =
                    RootFrameLayout.parse(channel.command("DOMSnapshot.captureSnapshot", params, deadline), frameId);

            Map<Long, AxSemantics> chromiums = new HashMap<>();
            for (JsonNode node : ax.path("nodes")) {
                AxSemantics semantics = node.path("ignored").asBoolean(false) ? null : AxSemantics.of(node);
                if (semantics != null && node.path("backendDOMNodeId").asLong(0) > 0) {
                    chromiums.put(node.path("backendDOMNodeId").asLong(), semantics);
                }
            }
            DomSemantics reading = new DomSemantics(layout);
            List<String> disagreements = new ArrayList<>();
            int compared = 0;
            for (int node = 1; node < layout.dom().size(); node++) {
                AxSemantics ours = layout.boxAt(node) == null ? null : reading.of(node);
                if (ours == null || ours.hidden()) {
                    continue;
                }
                AxSemantics theirs = chromiums.get(layout.dom().backendNodeId(node));
                compared++;
                if (theirs == null
                        || !theirs.role().equals(ours.role())
                        || !java.util.Objects.equals(theirs.name(), ours.name())
                        || theirs.disabled() != ours.disabled()) {
                    disagreements.add(layout.dom().name(node) + ": ours " + ours + ", Chromium's " + theirs);
                }
            }
            assertTrue(compared > 0);
            assertEquals(List.of(), disagreements);
        } finally {
            channel.close();
        }
    }
}
