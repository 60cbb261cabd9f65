package org.praefectus.tests.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.praefectus.api.cli.CommandLine;

/**
 * {@code textedit-demo} needs the macOS executor, which never resolves on Linux: the command's reference to it is
 * optional, so on Linux the command exists and says it runs on macOS only (issue 42, defect 8: it used to be missing,
 * and the CLI answered "unknown option" to {@code textedit-demo --approved-demo}).
 */
class TextEditDemoOnLinuxTest {

    private static final String COMPONENT = "org.praefectus.demos.macos.TextEditDemoCommand";

    @InjectBundleContext
    BundleContext context;

    @InjectService
    ServiceComponentRuntime scr;

    @InjectService
    CommandLine cli;

    @Test
    void theCommandIsThereWithoutTheMacExecutor() {
        Bundle demos = Arrays.stream(context.getBundles())
                .filter(bundle -> "org.praefectus.demos".equals(bundle.getSymbolicName()))
                .findFirst()
                .orElseThrow();
        ComponentDescriptionDTO description = scr.getComponentDescriptionDTO(demos, COMPONENT);
        assertNotNull(description, "the demos bundle declares the TextEdit demo command");
        List<ComponentConfigurationDTO> configurations = List.copyOf(scr.getComponentConfigurationDTOs(description));

        assertEquals(1, configurations.size());
        ComponentConfigurationDTO configuration = configurations.get(0);
        assertEquals(0, configuration.unsatisfiedReferences.length, "the macOS executor is optional");
        assertTrue(
                Arrays.stream(description.references)
                        .anyMatch(reference -> "(praefectus.executor.backend=macos-ax)".equals(reference.target)
                                && "0..1".equals(reference.cardinality)),
                "an optional reference to the macOS executor");
    }

    @Test
    void theCliSaysTheTextEditDemoRunsOnMacOsOnly() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = cli.run(
                List.of("textedit-demo", "--approved-demo"),
                out,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        JsonNode error = new ObjectMapper().readTree(out.toByteArray()).get("error");

        assertEquals(CommandLine.EXIT_PROTOCOL, exit);
        assertEquals("demo_error", error.get("code").asText());
        assertTrue(error.get("message").asText().contains("macOS only"), error.toString());
        ByteArrayOutputStream help = new ByteArrayOutputStream();
        cli.run(List.of("help"), help, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertTrue(help.toString(StandardCharsets.UTF_8).contains("textedit-demo"));
        assertTrue(help.toString(StandardCharsets.UTF_8).contains("cdp-demo"), "help lists the other demos");
    }
}
