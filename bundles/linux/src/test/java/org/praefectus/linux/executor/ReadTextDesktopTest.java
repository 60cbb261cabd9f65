package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.desktop.TextRead;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.selector.Selector;
import org.praefectus.linux.desktop.TextReader;

/**
 * {@code read-text} (#36 Build: a target's full text, bounded and paged) on a real Mousepad document of 10,000
 * characters, read in pages and compared with the text pyatspi reads of the same element; a password field is never
 * read.
 */
class ReadTextDesktopTest {

    @TempDir
    Path directory;

    @Test
    void aLongDocumentIsReadInPagesAsPyatspiReadsIt() throws Exception {
        StringBuilder content = new StringBuilder();
        for (int line = 0; content.length() < 10_000; line++) {
            content.append(String.format("line %04d of a long document%n", line));
        }
        String text = content.substring(0, 10_000);
        Path document = directory.resolve("long.txt");
        Files.writeString(document, text);
        try (GtkApp mousepad = GtkApp.start(
                        "env",
                        "GSETTINGS_BACKEND=memory",
                        "XDG_CONFIG_HOME=" + Files.createDirectory(directory.resolve("config")),
                        "XDG_DATA_HOME=" + Files.createDirectory(directory.resolve("data")),
                        "mousepad",
                        document.toString());
                LinuxExecutor executor = Desktop.executor(directory, false)) {
            Desktop.observeUntil(executor, mousepad.pid(), Desktop.role("text"));
            TextReader reader = new TextReader(executor);
            ElementQuery documentText = new ElementQuery(
                    Selector.parse("role=text,state=editable"),
                    new ElementScope(null, "long.txt", null),
                    0,
                    false,
                    null,
                    null);
            String oracle = DesktopProfileDesktopTest.documentText();
            assertEquals(text, oracle, "pyatspi reads the file's text");

            StringBuilder paged = new StringBuilder();
            Integer offset = 0;
            int pages = 0;
            while (offset != null) {
                TextRead page = reader.run(documentText, offset, 4_096, new CancellationToken());
                assertEquals(10_000, page.total());
                assertEquals(offset, page.offset());
                paged.append(page.text());
                offset = page.nextOffset();
                pages++;
            }
            assertEquals(3, pages, "4096 + 4096 + 1808 characters");
            assertEquals(oracle, paged.toString());

            TextRead last = reader.run(documentText, 9_990, 4_096, new CancellationToken());
            assertEquals(oracle.substring(9_990), last.text());
            assertNull(last.nextOffset());
            assertEquals(
                    "",
                    reader.run(documentText, 20_000, 10, new CancellationToken())
                            .text());

            assertEquals(
                    "usage",
                    assertThrows(
                                    DesktopException.class,
                                    () -> reader.run(documentText, -1, 10, new CancellationToken()))
                            .code());
            assertEquals(
                    "target_not_found",
                    assertThrows(
                                    DesktopException.class,
                                    () -> reader.run(
                                            new ElementQuery(
                                                    Selector.parse("role=text,label-exact=nothing here"),
                                                    new ElementScope(null, "long.txt", null),
                                                    0,
                                                    false,
                                                    null,
                                                    null),
                                            0,
                                            10,
                                            new CancellationToken()))
                            .code());
        }
    }

    @Test
    void aPasswordFieldsTextIsNeverRead() throws Exception {
        try (GtkApp zenity = GtkApp.start("zenity", "--password", "--title", "Read Text Password");
                LinuxExecutor executor = Desktop.executor(directory, false)) {
            Desktop.observeUntil(executor, zenity.pid(), Desktop.role("password text"));
            DesktopException refused = assertThrows(
                    DesktopException.class,
                    () -> new TextReader(executor)
                            .run(
                                    new ElementQuery(
                                            Selector.parse("role=password text"),
                                            new ElementScope(null, "Read Text Password", null),
                                            0,
                                            false,
                                            null,
                                            null),
                                    0,
                                    100,
                                    new CancellationToken()));
            assertEquals("not_readable", refused.code());
        }
    }
}
