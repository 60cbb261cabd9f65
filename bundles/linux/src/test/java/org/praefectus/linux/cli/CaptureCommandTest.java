package org.praefectus.linux.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.desktop.CaptureRequest;
import org.praefectus.api.vision.Region;

class CaptureCommandTest {

    @Test
    void optionsAreParsedStrictly() throws Exception {
        CaptureRequest request = CaptureCommand.parse(List.of("--region", "1,2,30,40", "--output", "a.png"))
                .request();
        assertEquals(new Region(1, 2, 30, 40), request.region());
        assertEquals(Path.of("a.png"), request.output());
        assertEquals(
                0x1200007L,
                CaptureCommand.parse(List.of("--window", "0x1200007", "--output", "w.png"))
                        .request()
                        .windowId());
    }

    @Test
    void usageErrorsExitTwo() {
        for (List<String> arguments : List.<List<String>>of(
                List.of(),
                List.of("--output"),
                List.of("--output", "a.jpg"),
                List.of("--region", "1,2,3", "--output", "a.png"),
                List.of("--window", "x", "--output", "a.png"),
                List.of("--window", "1", "--window-title", "x", "--output", "a.png"),
                List.of("--output", "a.png", "--stdout"),
                List.of("--format", "xwd", "--output", "a.png"),
                List.of("--bogus", "1", "--output", "a.png"),
                List.of("--output", "a.png", "--output", "b.png"))) {
            CliCommandException usage = assertThrows(CliCommandException.class, () -> CaptureCommand.parse(arguments));
            assertEquals("usage", usage.code());
            assertEquals(2, usage.exitCode());
        }
    }
}
