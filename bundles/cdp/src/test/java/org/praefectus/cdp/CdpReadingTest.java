package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * What a model reads: static text and headings with their names, element states as Chromium reports them, landmarks,
 * and the compact outline; and choosing a {@code <select>} option with {@code set_value}.
 */
class CdpReadingTest {

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    private static PageObservation observe(CdpExecutor executor) throws Exception {
        return executor.observePage(new CancellationToken(), System.currentTimeMillis() + 10_000);
    }

    @Test
    void statesLandmarksAndTextAreReported() throws Exception {
        String target = chromium.open("semantics.html");
        try (CdpExecutor executor = chromium.executor(target)) {
            PageObservation page = observe(executor);
            SemanticObservation observation = page.observation();
            named(observation, "navigation", "Primary");
            named(observation, "main", null);
            assertEquals(
                    1,
                    page.state(named(observation, "heading", "Semantics page").tag())
                            .get("level"));
            assertEquals(
                    2,
                    page.state(named(observation, "heading", "Unnamed section").tag())
                            .get("level"));
            assertEquals(
                    "false",
                    page.state(named(observation, "checkbox", "I agree").tag()).get("checked"));
            assertEquals(
                    true,
                    page.state(named(observation, "tab", "First tab").tag()).get("selected"));
            assertEquals(
                    "Small",
                    page.state(named(observation, "combobox", "Size").tag()).get("option"));
            assertEquals(
                    5L,
                    page.state(named(observation, "textbox", "Wrapped").tag()).get("value_length"));
            assertEquals(
                    "/semantics.html#a",
                    page.state(named(observation, "link", "Home").tag()).get("url"));
            named(observation, "StaticText", "Footer text");

            String outline = page.outline();
            String agree = named(observation, "checkbox", "I agree").tag();
            assertTrue(outline.contains("- checkbox \"I agree\" [" + agree + "] [checked=\"false\"]\n"), outline);
            assertTrue(outline.contains("- text \"Footer text\"\n"), outline);
            assertTrue(outline.contains("- heading \"Semantics page\" ["), outline);
            // the outline says the same in far fewer bytes than the protocol JSON
            int json = CanonicalJson.compact(ProtocolJson.encode(observation)).length;
            assertTrue(
                    outline.getBytes(StandardCharsets.UTF_8).length * 4 < json, () -> outline.length() + " vs " + json);
        }
    }

    @Test
    void setValueOnASelectChoosesTheOptionWithThatLabel() throws Exception {
        String target = chromium.open("login.html");
        try (CdpExecutor executor = chromium.executor(target);
                Chromium.PageDriver driver = chromium.driver(target)) {
            PageObservation page = observe(executor);
            TargetRef role = new TargetRef.Element(page.observation()
                    .target(named(page.observation(), "combobox", "Role").tag()));
            long deadline = System.currentTimeMillis() + 10_000;
            ResolvedTarget resolved = executor.resolve(role, new CancellationToken(), deadline);
            executor.dispatch(
                    new Action.SetValue("Admin"),
                    resolved,
                    new VerificationPolicy.TargetValueHash(Sha256.hex("Admin".getBytes(StandardCharsets.UTF_8))),
                    new CancellationToken(),
                    deadline);
            assertEquals(
                    "Admin",
                    driver.evaluate("document.getElementById('role').value").asText());
            Map<String, Object> after = observe(executor)
                    .state(named(page.observation(), "combobox", "Role").tag());
            assertEquals("Admin", after.get("option"));
        }
    }
}
