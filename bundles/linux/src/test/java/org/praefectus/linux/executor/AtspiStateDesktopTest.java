package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.linux.atspi.AccessibleNode;
import org.praefectus.linux.atspi.ApplicationTree;
import org.praefectus.linux.atspi.AtspiObject;
import org.praefectus.linux.atspi.AtspiState;

/**
 * Issue #15 defect 1: every state bit of every object of gtk3-widget-factory, as this executor reads it,
 * equals pyatspi's {@code getState()} (the numbers were off: DEFUNCT read COLLAPSED, ICONIFIED MULTI_LINE,
 * MANAGES_DESCENDANTS OPAQUE, READ_ONLY CHECKABLE).
 */
class AtspiStateDesktopTest {

    @TempDir
    Path screenshots;

    @Test
    void everyStateOfTheWidgetFactoryEqualsPyatspi() throws Exception {
        try (GtkApp factory = GtkApp.widgetFactory();
                DesktopConnections connections = new DesktopConnections(Desktop.environment(false))) {
            LinuxExecutor executor = Desktop.executor(connections, screenshots);
            Desktop.surfaceOf(executor, factory.pid());
            Map<String, AccessibleNode> first = tree(connections, factory.pid());
            Map<String, List<String>> oracle = pyatspi(factory.pid());
            Map<String, AccessibleNode> second = tree(connections, factory.pid());
            int compared = 0;
            int multiLineVisible = 0;
            for (Map.Entry<String, List<String>> expected : oracle.entrySet()) {
                AccessibleNode before = first.get(expected.getKey());
                AccessibleNode after = second.get(expected.getKey());
                if (before == null
                        || after == null
                        || before.state().bits() != after.state().bits()) {
                    continue; // not in the cache (managed descendants) or changing under us: not comparable
                }
                assertEquals(expected.getValue(), after.state().names(), "states of " + expected.getKey());
                compared++;
                if (after.state().has(AtspiState.MULTI_LINE)
                        && expected.getValue().contains("visible")
                        && expected.getValue().contains("showing")) {
                    assertTrue(after.state().visible(), "a showing multi-line element is visible");
                    multiLineVisible++;
                }
            }
            assertTrue(compared >= 180, "compared only " + compared + " of " + oracle.size() + " objects");
            assertTrue(multiLineVisible > 0, "the factory shows multi-line labels");
        }
    }

    /** Each named constant is the bit pyatspi's state of that name has. */
    @Test
    void everyNamedStateConstantIsItsAtspiNumber() throws Exception {
        Map<String, Integer> numbers = atspiNumbers();
        int checked = 0;
        for (Field field : AtspiState.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
                String nick = field.getName().toLowerCase(Locale.ROOT).replace('_', '-');
                assertEquals(numbers.get(nick), field.getInt(null), field.getName());
                checked++;
            }
        }
        assertTrue(checked >= 10);
    }

    private static Map<String, AccessibleNode> tree(DesktopConnections connections, long pid) throws Exception {
        for (ApplicationTree tree :
                connections.accessibility().desktop().applications(new CancellationToken(), Desktop.deadline())) {
            if (tree.processId() == pid) {
                Map<String, AccessibleNode> byPath = new HashMap<>();
                for (Map.Entry<AtspiObject, AccessibleNode> node : tree.nodes().entrySet()) {
                    byPath.put(node.getKey().path(), node.getValue());
                }
                return byPath;
            }
        }
        return fail("the widget factory is not on the accessibility bus");
    }

    private static Map<String, List<String>> pyatspi(long pid) throws Exception {
        String out = python(resource("pyatspi_states.py"), Long.toString(pid));
        Map<String, List<String>> states = new HashMap<>();
        for (String line : out.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.split("\t", -1);
            states.put(parts[0], parts[1].isEmpty() ? List.of() : List.of(parts[1].split(",")));
        }
        assertTrue(states.size() > 200, "pyatspi saw " + states.size() + " objects");
        return states;
    }

    private static Map<String, Integer> atspiNumbers() throws Exception {
        String out = python("""
                from gi.repository import Atspi
                for n in range(int(Atspi.StateType.LAST_DEFINED)): print(Atspi.StateType(n).value_nick, n)
                """);
        Map<String, Integer> numbers = new HashMap<>();
        for (String line : out.split("\n")) {
            String[] parts = line.trim().split(" ");
            numbers.put(parts[0], Integer.parseInt(parts[1]));
        }
        return numbers;
    }

    static String resource(String name) throws Exception {
        try (InputStream in = AtspiStateDesktopTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Runs a Python program with Debian's interpreter (the one with python3-pyatspi); its stdout. */
    static String python(String program, String... arguments) throws Exception {
        Path script = Files.createTempFile("praefectus-oracle", ".py");
        try {
            Files.writeString(script, program);
            List<String> command = new ArrayList<>(List.of("/usr/bin/python3", script.toString()));
            command.addAll(List.of(arguments));
            Process process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                fail("the pyatspi oracle failed (install python3-pyatspi, see .ci/run)");
            }
            return out;
        } finally {
            Files.deleteIfExists(script);
        }
    }
}
