package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;
import org.praefectus.linux.cli.HostedCommands;
import org.praefectus.linux.desktop.PlainInputVerb;
import org.praefectus.nativecore.desktop.SigningHost;

/**
 * The CLI's {@code select} (#36): a thin adapter over the desktop service's {@code select} verb. The list's item is
 * selected through the signed, verified {@code set_value} (exit 0 only for {@code succeeded}), read back by pyatspi and
 * by the application; an item the list does not show, or a selector that finds no list, is a typed error (exit 3) with
 * nothing signed and nothing selected; {@code --help} lists the command's flags.
 */
class SelectCommandDesktopTest {

    @TempDir
    Path directory;

    @Test
    void aListItemIsSelectedFromTheCliAndBadInputIsATypedErrorWithNothingSelected() throws Exception {
        String title = "Praefectus Select Command";
        try (GtkApp app = ListAndTableDesktopTest.listAndTable(title);
                LinuxExecutor executor = Desktop.executor(directory, false);
                SigningHost host = new SigningHost(executor, directory, true)) {
            Desktop.observeUntil(executor, app.pid(), Desktop.role("list box"));
            CliCommand select = HostedCommands.select(new PlainInputVerb(executor, () -> host).service(), host);

            CliCommandException help = assertThrows(CliCommandException.class, () -> select.run(List.of("--help")));
            assertEquals(Options.HELP_REQUESTED, help.code());
            String options = String.valueOf(help.details());
            for (String flag : List.of("--selector", "--item", "--window-title", "--app", "--dry-run")) {
                assertTrue(options.contains(flag), () -> flag + " in " + options);
            }

            CliCommandException noItem = assertThrows(
                    CliCommandException.class,
                    () -> select.run(
                            List.of("--selector", "role=list box", "--window-title", title, "--item", "Durian")));
            assertEquals("no_such_item", noItem.code());
            assertEquals(3, noItem.exitCode());
            CliCommandException noList = assertThrows(
                    CliCommandException.class,
                    () -> select.run(List.of(
                            "--selector",
                            "role=list box,label=Vegetables",
                            "--window-title",
                            title,
                            "--item",
                            "Banana")));
            assertEquals("target_not_found", noList.code(), noList::getMessage);
            assertEquals(3, noList.exitCode());
            CliCommandException noName = assertThrows(
                    CliCommandException.class,
                    () -> select.run(List.of("--selector", "role=list box", "--window-title", title)));
            assertEquals("usage", noName.code());
            assertEquals(2, noName.exitCode());
            assertEquals(0, host.operations(), "nothing was signed");
            assertEquals("False False False", ListAndTableDesktopTest.selectedByPyatspi(app.pid(), "list item"));

            Map<String, Object> data = PlainInputVerb.plain(
                    select.run(List.of("--selector", "role=list box", "--window-title", title, "--item", "Banana")));
            assertEquals("set_value", data.get("action"));
            assertEquals("succeeded", InputVerbDesktopTest.terminalKind(data), data::toString);
            assertFalse(data.toString().contains("Banana"), "the item's name is redacted like every set value");
            assertEquals("False True False", ListAndTableDesktopTest.selectedByPyatspi(app.pid(), "list item"));
            ListAndTableDesktopTest.awaitOutput(app, "list Banana\n");
        }
    }
}
