package org.praefectus.windows.executor;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.praefectus.api.canonical.JsonFormatException;
import org.praefectus.api.canonical.StrictJsonParser;
import org.praefectus.api.protocol.Rect;

/**
 * Loads the UIA fixtures under {@code src/test/resources/fixtures}: one process per file, its top-level
 * windows and their control-view trees as Inspect.exe shows them (control types, names, automation ids,
 * classes, bounding rectangles, runtime ids and the patterns each element offers).
 */
final class Fixtures {

    private Fixtures() {}

    static FakeWindows desktop(String... names) throws IOException {
        FakeWindows desktop = new FakeWindows();
        for (String name : names) {
            desktop.processes.add(load(name));
        }
        return desktop;
    }

    @SuppressWarnings("unchecked")
    static FakeProcess load(String name) throws IOException {
        Map<String, Object> json;
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + name + ".json")) {
            if (in == null) {
                throw new IOException("no fixture " + name);
            }
            json = (Map<String, Object>)
                    StrictJsonParser.parse(in.readAllBytes(), 1 << 22).toPlain();
        } catch (JsonFormatException e) {
            throw new IOException("fixture " + name + " is not JSON", e);
        }
        FakeProcess process = new FakeProcess(number(json.get("pid")), number(json.get("creation_time")));
        for (Object item : (List<Object>) json.get("windows")) {
            Map<String, Object> w = (Map<String, Object>) item;
            FakeProcess.Window window = new FakeProcess.Window();
            window.handle = number(w.get("handle"));
            window.className = (String) w.get("class");
            window.title = (String) w.get("title");
            window.bounds = rect(w.get("frame"));
            window.root = node(process, (Map<String, Object>) w.get("tree"));
            process.windows.add(window);
        }
        return process;
    }

    @SuppressWarnings("unchecked")
    private static FakeNode node(FakeProcess process, Map<String, Object> json) {
        FakeNode node = new FakeNode(process);
        node.runtimeId = (String) json.get("runtime_id");
        node.controlType = (int) number(json.get("type"));
        node.name = (String) json.get("name");
        node.automationId = (String) json.get("automation_id");
        node.className = (String) json.get("class");
        node.bounds = json.get("frame") == null ? null : rect(json.get("frame"));
        node.enabled = !Boolean.FALSE.equals(json.get("enabled"));
        node.offscreen = Boolean.TRUE.equals(json.get("offscreen"));
        node.invokable = Boolean.TRUE.equals(json.get("invoke"));
        if (json.containsKey("value")) {
            node.valuePattern = true;
            node.value = (String) json.get("value");
            node.valueReadOnly = Boolean.TRUE.equals(json.get("read_only"));
        }
        if (json.get("scroll") instanceof String scroll) {
            node.scrollPattern = true;
            node.scrollVertical = scroll.equals("vertical") || scroll.equals("both");
            node.scrollHorizontal = scroll.equals("horizontal") || scroll.equals("both");
        }
        node.password = Boolean.TRUE.equals(json.get("password"));
        node.toggled = json.get("toggle") instanceof String toggle ? toggle.equals("on") : null;
        node.selected = Boolean.TRUE.equals(json.get("selected"));
        if (Boolean.TRUE.equals(json.get("focused"))) {
            process.focused = node;
        }
        for (Object child : (List<Object>) json.getOrDefault("children", List.of())) {
            node.children.add(node(process, (Map<String, Object>) child));
        }
        if (json.get("generate") instanceof Map<?, ?> generate) {
            long count = number(generate.get("count"));
            for (long i = 0; i < count; i++) {
                FakeNode item = new FakeNode(process);
                item.runtimeId = node.runtimeId + "." + (i + 1);
                item.controlType = (int) number(generate.get("type"));
                item.name = generate.get("name") + " " + (i + 1);
                item.bounds = new Rect(node.bounds.x(), node.bounds.y() + 24 * i, node.bounds.width(), 24);
                item.offscreen = 24 * i >= node.bounds.height();
                node.children.add(item);
            }
        }
        return node;
    }

    private static Rect rect(Object value) {
        List<?> frame = (List<?>) value;
        return new Rect(number(frame.get(0)), number(frame.get(1)), number(frame.get(2)), number(frame.get(3)));
    }

    private static long number(Object value) {
        return ((BigInteger) value).longValueExact();
    }
}
