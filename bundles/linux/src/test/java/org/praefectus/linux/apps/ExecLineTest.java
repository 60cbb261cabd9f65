package org.praefectus.linux.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Desktop Entry Specification's {@code Exec} rules: quoting, escapes, field codes, reserved characters. */
class ExecLineTest {

    private static List<String> argv(String execAsWritten) throws Exception {
        Map<String, String> keys = DesktopEntry.group(
                List.of("[Desktop Entry]", "Type=Application", "Name=Editor", "Icon=editor", "Exec=" + execAsWritten));
        return ExecLine.argv(new DesktopEntry("editor.desktop", Path.of("/apps/editor.desktop"), keys));
    }

    @Test
    void fileAndUrlCodesAreDroppedForALaunchWithoutFiles() throws Exception {
        assertEquals(List.of("mousepad"), argv("mousepad %U"));
        assertEquals(List.of("app", "--new"), argv("app %f --new %F %u"));
    }

    @Test
    void iconNameFileAndPercentAreExpanded() throws Exception {
        assertEquals(
                List.of("app", "--icon", "editor", "--title=Editor", "/apps/editor.desktop", "100%"),
                argv("app %i --title=%c %k 100%%"));
    }

    @Test
    void quotedArgumentsKeepSpacesAndTheirEscapes() throws Exception {
        // as written in the file: the string escape \\ first, then the quoting rule's \" \$ \\
        assertEquals(
                List.of("/opt/My App/run", "a \"b\" $c \\d"),
                argv("\"/opt/My App/run\" \"a \\\"b\\\" \\$c \\\\\\\\d\""));
    }

    @Test
    void aShellLineIsRefusedNeverRun() {
        for (String exec : List.of(
                "sh -c 'rm -rf ~'",
                "app; reboot",
                "app | tee",
                "app $(id)",
                "app `id`",
                "app %x",
                "\"unclosed",
                "app >out")) {
            assertThrows(DesktopEntry.InvalidEntry.class, () -> argv(exec), exec);
        }
    }

    @Test
    void onlyPlainFileNamesAreDesktopIds() {
        assertEquals(true, DesktopEntry.isDesktopId("org.xfce.mousepad.desktop"));
        for (String name : List.of("mousepad", "../x.desktop", "a/b.desktop", ".desktop", ".hidden.desktop")) {
            assertEquals(false, DesktopEntry.isDesktopId(name), name);
        }
    }
}
