package org.praefectus.macos.executor;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.praefectus.api.canonical.StrictJsonParser;
import org.praefectus.macos.ax.AxValue;

/**
 * Loads the hand-written AX fixtures under {@code src/test/resources/fixtures}: one application per file,
 * its windows and their trees in the shapes Accessibility Inspector shows for those applications (roles,
 * subroles, titles, descriptions, frames, settable attributes, actions and the three child axes), written by
 * hand, not recorded: TextEdit, Finder (an {@code AXRows} table, an {@code AXVisibleChildren} outline), a
 * 2,100-row folder, Safari (toolbar, tabs, a web area with landmarks, links, unnamed images and groups, and a
 * 5,000-row web table), Chromium and Electron before and after their opt-ins.
 */
final class Fixtures {

    private Fixtures() {}

    /** A desktop with these applications, the first frontmost. */
    static FakeDesktop desktop(String... names) throws IOException {
        FakeDesktop desktop = new FakeDesktop();
        for (String name : names) {
            desktop.apps.add(load(name));
        }
        return desktop;
    }

    @SuppressWarnings("unchecked")
    static FakeApp load(String name) throws IOException {
        Map<String, Object> json;
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + name + ".json")) {
            if (in == null) {
                throw new IOException("no fixture " + name);
            }
            json = (Map<String, Object>)
                    StrictJsonParser.parse(in.readAllBytes(), 1 << 22).toPlain();
        } catch (org.praefectus.api.canonical.JsonFormatException e) {
            throw new IOException("fixture " + name + " is not JSON", e);
        }
        FakeApp app = new FakeApp(number(json.get("pid")), (String) json.get("name"), number(json.get("start_micros")));
        for (Object optIn : (List<Object>) json.getOrDefault("accepts_opt_ins", List.of())) {
            app.acceptsOptIns.add((String) optIn);
        }
        for (Object window : (List<Object>) json.get("windows")) {
            Map<String, Object> w = (Map<String, Object>) window;
            app.windows.add(element(app, w));
            app.windowNumbers.add(number(w.get("number")));
        }
        return app;
    }

    @SuppressWarnings("unchecked")
    private static FakeElement element(FakeApp app, Map<String, Object> json) {
        FakeElement element = new FakeElement(app);
        text(element, "AXRole", json.get("role"));
        text(element, "AXSubrole", json.get("subrole"));
        text(element, "AXTitle", json.get("title"));
        text(element, "AXDescription", json.get("description"));
        text(element, "AXValue", json.get("value"));
        if (json.get("frame") instanceof List<?> frame) {
            element.frame(number(frame.get(0)), number(frame.get(1)), number(frame.get(2)), number(frame.get(3)));
        }
        if (json.get("enabled") instanceof Boolean enabled) {
            element.attributes.put("AXEnabled", new AxValue.Flag(enabled));
        }
        if (json.get("hidden") instanceof Boolean hidden) {
            element.attributes.put("AXHidden", new AxValue.Flag(hidden));
        }
        if (json.get("characters") != null) {
            element.attributes.put("AXNumberOfCharacters", new AxValue.Numeric(number(json.get("characters"))));
        }
        if (json.get("selected_range") instanceof List<?> range) {
            element.attributes.put(
                    "AXSelectedTextRange", new AxValue.Range(number(range.get(0)), number(range.get(1))));
        }
        if (Boolean.TRUE.equals(json.get("focused"))) {
            app.focused = element;
        }
        for (Object settable : (List<Object>) json.getOrDefault("settable", List.of())) {
            element.settable.add((String) settable);
        }
        for (Object action : (List<Object>) json.getOrDefault("actions", List.of())) {
            element.actions.add((String) action);
        }
        for (String axis : AxTraversal.AXES) {
            if (json.get(axis) instanceof List<?> children) {
                element.axes.put(axis, children(app, children));
            }
        }
        // a window names its title-bar buttons, as Accessibility Inspector shows (AXCloseButton, …)
        for (FakeElement child : element.axes.getOrDefault("AXChildren", List.of())) {
            String subrole = child.attributes
                    .getOrDefault("AXSubrole", AxValue.Missing.INSTANCE)
                    .text();
            if ("AXCloseButton".equals(subrole) || "AXMinimizeButton".equals(subrole)) {
                element.attributes.put(subrole, new AxValue.Element(child));
            }
        }
        if (json.get("opted_in_children") instanceof List<?> children) {
            element.optedInChildren = children(app, children);
        }
        if (json.get("generate") instanceof Map<?, ?> generate) {
            // a large collection, written as a rule: count rows of one role stacked at a row height
            List<FakeElement> rows = new ArrayList<>();
            long count = number(generate.get("count"));
            for (long i = 0; i < count; i++) {
                FakeElement row = new FakeElement(app);
                row.attributes.put("AXRole", new AxValue.Text((String) generate.get("role")));
                row.attributes.put("AXTitle", new AxValue.Text("row " + i));
                row.frame(100, 200 + 20 * i, 600, 20);
                rows.add(row);
            }
            // the same rows under each axis named (a web table lists them in AXChildren and AXRows alike)
            List<Object> axes =
                    generate.get("axes") instanceof List<?> named ? List.copyOf(named) : List.of(generate.get("axis"));
            for (Object axis : axes) {
                element.axes.put((String) axis, rows);
            }
        }
        return element;
    }

    @SuppressWarnings("unchecked")
    private static List<FakeElement> children(FakeApp app, List<?> children) {
        List<FakeElement> elements = new ArrayList<>();
        for (Object child : children) {
            elements.add(element(app, (Map<String, Object>) child));
        }
        return elements;
    }

    private static void text(FakeElement element, String attribute, Object value) {
        if (value instanceof String text) {
            element.attributes.put(attribute, new AxValue.Text(text));
        }
    }

    private static long number(Object value) {
        return ((BigInteger) value).longValueExact();
    }
}
