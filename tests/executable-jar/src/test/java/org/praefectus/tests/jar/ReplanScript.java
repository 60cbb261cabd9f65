package org.praefectus.tests.jar;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.tests.fixtures.BundleJar;
import org.praefectus.tests.jar.provider.ScriptedProviderBundle;

/**
 * The replan scene of the goal tests: a real {@code zenity --entry} titled {@code title} printing its entry to
 * {@link #out} when OK ends it, and the scripted provider's two workflows in {@link #folder}. The first draft types
 * {@code first} into the entry, then {@code second} through a selector that finds nothing, then would press OK; the
 * replan fixes the second step. Also the provider as a bundle of its one class ({@link #bundle}).
 */
final class ReplanScript {

    private static final ObjectMapper JSON = new ObjectMapper();

    final Process zenity;
    final Path out;
    final Path folder;

    private ReplanScript(Process zenity, Path out, Path folder) {
        this.zenity = zenity;
        this.out = out;
        this.folder = folder;
    }

    static ReplanScript write(Path home, String title, String first, String second) throws IOException {
        Path out = home.resolve("zenity.out");
        Process zenity = new ProcessBuilder("zenity", "--entry", "--title", title, "--text", "Name")
                .redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        Path folder = Files.createDirectories(home.resolve("provider"));
        Map<String, Object> ok = step("click", "role=push button,label-exact=OK", title, null);
        workflow(
                folder.resolve("generate.json"),
                List.of(
                        step("type_text", "role=text", title, first),
                        step("type_text", "role=text,label-exact=No such entry anywhere", title, second),
                        ok));
        workflow(
                folder.resolve("replan.json"),
                List.of(
                        step("type_text", "role=text", title, first),
                        step("type_text", "role=text", title, second),
                        ok));
        return new ReplanScript(zenity, out, folder);
    }

    /** The framework property that points the provider at {@link #folder}. */
    String property() {
        return "-D" + ScriptedProviderBundle.FOLDER + "=" + folder;
    }

    private static Map<String, Object> step(String action, String selector, String title, String value) {
        return value == null
                ? Map.of("action", action, "selector", selector, "window_title", title, "retries", 0)
                : Map.of("action", action, "selector", selector, "window_title", title, "value", value, "retries", 0);
    }

    private static void workflow(Path file, List<Map<String, Object>> steps) throws IOException {
        Files.writeString(file, JSON.writeValueAsString(Map.of("name", "fill-and-confirm", "steps", steps)));
    }

    /** The provider as a bundle of its one class in {@code home}, importing only the API and the framework. */
    static Path bundle(Path home) throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Bundle-SymbolicName", "test.scripted-provider");
        headers.put("Bundle-Version", "1.0.0");
        headers.put("Bundle-Activator", ScriptedProviderBundle.class.getName());
        headers.put(
                "Import-Package",
                "org.osgi.framework;version=\"[1.8,2)\",org.praefectus.api.graph,"
                        + "org.praefectus.api.workflow;version=\"[1.3,2)\"");
        String entry = ScriptedProviderBundle.class.getName().replace('.', '/') + ".class";
        try (InputStream in = ScriptedProviderBundle.class.getClassLoader().getResourceAsStream(entry)) {
            return BundleJar.write(home.resolve("scripted-provider.jar"), headers, Map.of(entry, in.readAllBytes()));
        }
    }
}
