package org.praefectus.tests.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * {@code textedit-demo} needs the macOS executor, which never resolves on Linux: the demos bundle carries the
 * command's component, SCR holds it unsatisfied on exactly that reference, and the CLI has no such command.
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
    void theCommandWaitsUnsatisfiedForTheMacExecutor() {
        Bundle demos = Arrays.stream(context.getBundles())
                .filter(bundle -> "org.praefectus.demos".equals(bundle.getSymbolicName()))
                .findFirst()
                .orElseThrow();
        ComponentDescriptionDTO description = scr.getComponentDescriptionDTO(demos, COMPONENT);
        assertNotNull(description, "the demos bundle declares the TextEdit demo command");
        List<ComponentConfigurationDTO> configurations = List.copyOf(scr.getComponentConfigurationDTOs(description));

        assertEquals(1, configurations.size());
        ComponentConfigurationDTO configuration = configurations.get(0);
        assertEquals(ComponentConfigurationDTO.UNSATISFIED_REFERENCE, configuration.state);
        assertEquals(1, configuration.unsatisfiedReferences.length);
        assertEquals("(praefectus.executor.backend=macos-ax)", configuration.unsatisfiedReferences[0].target);
    }

    @Test
    void theCliHasNoTextEditDemoCommand() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = cli.run(
                // without options: the CLI names an unknown option before an unknown command
                List.of("textedit-demo"),
                out,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        JsonNode error = new ObjectMapper().readTree(out.toByteArray()).get("error");

        assertEquals(CommandLine.EXIT_USAGE, exit);
        assertTrue(error.get("message").asText().startsWith("unknown command"), error.toString());
        ByteArrayOutputStream help = new ByteArrayOutputStream();
        cli.run(List.of("help"), help, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertFalse(help.toString(StandardCharsets.UTF_8).contains("textedit-demo"));
        assertTrue(help.toString(StandardCharsets.UTF_8).contains("cdp-demo"), "help lists the other demos");
    }
}
