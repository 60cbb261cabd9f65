package org.praefectus.api.desktop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * #36 defect 6: a window's application was {@code /proc/PID/comm}, cut at 15 characters, so an app named in full
 * matched nothing. A real process whose program name is longer than that is named in full.
 */
class ProgramNameTest {

    @TempDir
    Path directory;

    @Test
    void aProgramWithALongNameIsNamedInFullNotAsTheKernelCutsIt() throws Exception {
        Path program = Files.createSymbolicLink(directory.resolve("gtk3-widget-factory-like"), Path.of("/bin/sleep"));
        Process process = new ProcessBuilder(program.toString(), "30").start();
        try {
            String comm = Files.readString(Path.of("/proc", Long.toString(process.pid()), "comm"))
                    .strip();
            assertEquals("gtk3-widget-fac", comm, "the kernel's name is cut at 15 characters");
            assertEquals("gtk3-widget-factory-like", ProgramName.of(process.pid()));
        } finally {
            process.destroy();
            process.waitFor(5, TimeUnit.SECONDS);
        }
        assertNull(ProgramName.of(0));
    }
}
