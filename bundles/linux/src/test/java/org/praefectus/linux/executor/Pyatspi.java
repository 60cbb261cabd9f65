package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The independent oracle of the desktop tests: pyatspi (libatspi, not the project's AT-SPI reader) evaluates a Python
 * expression on every node of one process's tree that has a role, and the printed lines come back.
 */
final class Pyatspi {

    private Pyatspi() {}

    /**
     * @param expression Python evaluated with {@code node} bound, e.g. {@code node.queryValue().currentValue}
     * @return what it printed for each node of {@code role}, one per line, trimmed
     */
    static String each(long pid, String role, String expression) throws Exception {
        String script = """
                        import pyatspi, sys
                        def walk(node):
                            yield node
                            for child in node:
                                if child is not None:
                                    yield from walk(child)
                        for app in pyatspi.Registry.getDesktop(0):
                            if app is not None and app.get_process_id() == int(sys.argv[1]):
                                for node in walk(app):
                                    if node.getRoleName() == sys.argv[2]:
                                        print(eval(sys.argv[3]))\
                        """;
        Process python = new ProcessBuilder("/usr/bin/python3", "-c", script, Long.toString(pid), role, expression)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(python.waitFor(20, TimeUnit.SECONDS), "pyatspi answered");
        return out;
    }
}
