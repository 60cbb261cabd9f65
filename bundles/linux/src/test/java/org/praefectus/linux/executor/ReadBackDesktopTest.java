package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.ReadBack;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.UiElement;
import org.praefectus.linux.desktop.ElementFinder;

/**
 * #36 read-back: every element {@code find}/{@code elements} returns carries what it holds now, each value and
 * state bit equal to pyatspi's reading of the same object; a password field shows only its length.
 */
class ReadBackDesktopTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Roles whose value does not animate in the widget factory (its progress bars and level bars do). */
    private static final Set<String> STILL_VALUES = Set.of("slider", "spin button");

    @TempDir
    Path screenshots;

    @Test
    void theWidgetFactoryReadsBackAsPyatspiReadsIt() throws Exception {
        try (GtkApp factory = GtkApp.widgetFactory();
                LinuxExecutor executor = Desktop.executor(screenshots, false);
                ElementFinder finder = new ElementFinder(executor, 0)) {
            Desktop.observeUntil(executor, factory.pid(), Desktop.role("slider"));
            // values set by the oracle, so what is read back is not merely a default
            Map<String, JsonNode> oracle = oracle(factory.pid(), "set", "slider", "37", "set", "text", "read back me");
            List<UiElement> elements = elements(finder, factory.pid(), "gtk3-widget");
            Set<String> seen = new HashSet<>();
            for (UiElement element : elements) {
                JsonNode expected = oracle.get(path(element));
                ReadBack read = element.readBack();
                assertNotNull(read, "read-back of " + element.role());
                if (expected == null) {
                    continue;
                }
                List<String> states = states(expected);
                String where = element.role() + " " + path(element);
                if (!expected.get("text").isNull()) {
                    String text = expected.get("text").asText();
                    assertEquals(text.isEmpty() ? null : text, read.text(), "text of " + where);
                    if (read.editable() && read.text() != null) {
                        seen.add("entry");
                    }
                }
                if (!expected.get("length").isNull()) {
                    assertEquals(expected.get("length").asInt(), read.textLength(), "length of " + where);
                }
                if (!expected.get("value").isNull() && STILL_VALUES.contains(element.role())) {
                    assertEquals(expected.get("value").asDouble(), read.value(), "value of " + where);
                    assertEquals(expected.get("min").asDouble(), read.min(), "min of " + where);
                    assertEquals(expected.get("max").asDouble(), read.max(), "max of " + where);
                    assertEquals(expected.get("step").asDouble(), read.step(), "step of " + where);
                    seen.add(element.role());
                }
                if (read.checked() != null) {
                    assertEquals(states.contains("checked"), read.checked(), "checked of " + where);
                    seen.add(read.checked() ? "checked" : "unchecked");
                }
                assertEquals(states.contains("selected"), read.selected(), "selected of " + where);
                assertEquals(states.contains("focused"), read.focused(), "focused of " + where);
                if (read.expanded() != null) {
                    assertEquals(states.contains("expanded"), read.expanded(), "expanded of " + where);
                }
                assertEquals(
                        states.contains("editable") && !states.contains("read-only"),
                        read.editable() && states.contains("editable"),
                        "editable of " + where);
                assertEquals(
                        states.contains("enabled") && states.contains("sensitive") && !states.contains("busy"),
                        read.enabled(),
                        "enabled of " + where);
            }
            for (String wanted : List.of("slider", "spin button", "checked", "unchecked", "entry")) {
                assertTrue(seen.contains(wanted), "compared no " + wanted + ": " + seen);
            }
        }
    }

    @Test
    void aPasswordFieldShowsOnlyItsLength() throws Exception {
        try (GtkApp zenity = GtkApp.start("zenity", "--password", "--title", "Praefectus Password");
                LinuxExecutor executor = Desktop.executor(screenshots, false);
                ElementFinder finder = new ElementFinder(executor, 0)) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.role("password text"));
            Map<String, JsonNode> oracle = oracle(zenity.pid(), "set", "password text", "hunter2secret");
            UiElement password = elements(finder, zenity.pid(), "zenity").stream()
                    .filter(e -> e.role().equals("password text"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(13, oracle.get(path(password)).get("length").asInt(), "the oracle sees the typed length");
            assertEquals(13, password.readBack().textLength());
            assertNull(password.readBack().text(), "a password's text is never read back");
            assertTrue(!JSON.writeValueAsString(password).contains("hunter2"), "nor serialised");
        }
    }

    /** The elements of {@code app}'s windows (object paths are unique only within one application). */
    private static List<UiElement> elements(ElementFinder finder, long pid, String app) throws Exception {
        Desktop.bringToFront(pid);
        List<UiElement> found = finder.find(
                        Selector.any(),
                        new ElementScope(app, null, null),
                        0,
                        new CancellationToken(),
                        Desktop.deadline())
                .elements();
        assertTrue(!found.isEmpty(), "no elements found");
        return found;
    }

    /** The object path of an element's {@code bus:path} id (the bus name holds colons, the path does not). */
    private static String path(UiElement element) {
        return element.id().substring(element.id().indexOf('/'));
    }

    private static List<String> states(JsonNode entry) {
        List<String> states = new ArrayList<>();
        entry.get("states").forEach(s -> states.add(s.asText()));
        return states;
    }

    private static Map<String, JsonNode> oracle(long pid, String... arguments) throws Exception {
        List<String> all = new ArrayList<>(List.of(Long.toString(pid)));
        all.addAll(List.of(arguments));
        String out = AtspiStateDesktopTest.python(
                AtspiStateDesktopTest.resource("pyatspi_readback.py"), all.toArray(String[]::new));
        Map<String, JsonNode> byPath = new HashMap<>();
        for (String line : out.split("\n")) {
            if (!line.isBlank()) {
                JsonNode entry = JSON.readTree(line);
                byPath.put(entry.get("path").asText(), entry);
            }
        }
        assertTrue(byPath.size() > 1, "pyatspi saw " + byPath.size() + " objects");
        return byPath;
    }
}
