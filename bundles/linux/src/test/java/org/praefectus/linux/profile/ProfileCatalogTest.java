package org.praefectus.linux.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.desktop.ProfileInfo;
import org.praefectus.api.desktop.ProfileListing;
import org.praefectus.api.desktop.ProfileQuery;

/** The built-in profiles and external ones from PEEKABOOX_DESKTOP_PROFILE_PATH, read strictly. */
class ProfileCatalogTest {

    @TempDir
    Path folder;

    private static final String EXTERNAL = """
            {"schema_version": "desktop-profile.v1", "app": "calculator", "aliases": ["gnome-calculator"],
             "launch": {"command": "gnome-calculator", "args": ["--mode", "basic"]},
             "window": {"app": "gnome-calculator"},
             "targets": {"equals": {"selector": "role=push button,label-exact=Equals", "supports": ["click", "assert"]}}}
            """;

    @Test
    void theBuiltInsAreATextEditorAndADrawingApp() {
        ProfileCatalog profiles = new ProfileCatalog(Map.of());
        assertEquals(
                List.of("text-editor", "drawing"),
                profiles.all().stream().map(DesktopProfile::app).toList());
        DesktopProfile editor = profiles.find("mousepad").orElseThrow();
        assertEquals("text-editor", editor.app());
        assertEquals(
                List.of("locate", "click", "type-into", "assert"),
                editor.targets().get("document").supports());
        assertEquals("mousepad", editor.windowApp());
        assertTrue(profiles.find("paint").isPresent());
        assertTrue(profiles.find("telegram").isEmpty());
        assertEquals(List.of(), profiles.warnings());
    }

    @Test
    void externalProfilesAreAddedAndBrokenOnesNamedInWarnings() throws Exception {
        Files.writeString(folder.resolve("calculator.json"), EXTERNAL);
        Files.writeString(folder.resolve("unknown-field.json"), EXTERNAL.replace("\"aliases\"", "\"alias\""));
        Files.writeString(folder.resolve("bad-selector.json"), EXTERNAL.replace("label-exact=Equals", "colour=red"));
        Files.writeString(folder.resolve("old.json"), EXTERNAL.replace("desktop-profile.v1", "desktop-profile.v0"));
        Files.writeString(folder.resolve("verb.json"), EXTERNAL.replace("\"assert\"]", "\"launch-missiles\"]"));
        Files.writeString(folder.resolve("notes.txt"), "not a profile");
        ProfileCatalog profiles =
                new ProfileCatalog(Map.of(ProfileCatalog.PATH_VARIABLE, folder + ":" + folder.resolve("missing")));

        DesktopProfile calculator = profiles.find("gnome-calculator").orElseThrow();
        assertEquals(List.of("--mode", "basic"), calculator.args());
        assertEquals(folder.resolve("calculator.json").toString(), calculator.source());
        assertEquals(
                List.of(
                        "bad-selector.json: target equals: the selector does not parse",
                        "old.json: schema_version must be desktop-profile.v1",
                        "unknown-field.json: the profile has an unknown field",
                        "verb.json: target equals: unknown verb in supports",
                        "a PEEKABOOX_DESKTOP_PROFILE_PATH entry does not exist"),
                profiles.warnings());
        assertEquals(3, profiles.all().size());
    }

    @Test
    void anExternalProfileReplacesTheBuiltInOfItsName() throws Exception {
        Files.writeString(
                folder.resolve("editor.json"),
                EXTERNAL.replace("\"calculator\"", "\"text-editor\"").replace("gnome-calculator", "gedit"));
        ProfileCatalog profiles = new ProfileCatalog(Map.of(ProfileCatalog.PATH_VARIABLE, folder.toString()));
        assertEquals("gedit", profiles.find("text-editor").orElseThrow().command());
        assertEquals(2, profiles.all().size());
    }

    @Test
    void availabilityReadsThePathAndTheApplicationsFolders() throws Exception {
        Path bin = Files.createDirectory(folder.resolve("bin"));
        Path mousepad = Files.createFile(bin.resolve("mousepad"));
        mousepad.toFile().setExecutable(true);
        Path applications = Files.createDirectories(folder.resolve("share/applications"));
        Files.createFile(applications.resolve("com.github.maoschanz.drawing.desktop"));
        ProfileCatalog profiles = new ProfileCatalog(Map.of(
                "PATH", bin.toString(), "XDG_DATA_DIRS", folder.resolve("share").toString()));
        ProfileInfo editor = profiles.info(profiles.find("text-editor").orElseThrow(), true);
        assertTrue(editor.availability().installed());
        ProfileInfo drawing = profiles.info(profiles.find("drawing").orElseThrow(), true);
        assertFalse(drawing.availability().installed());
        assertEquals(
                List.of("com.github.maoschanz.drawing.desktop"),
                drawing.availability().desktopIdsFound());
        assertTrue(drawing.availability().available());
        ProfileListing available = profiles.list(new ProfileQuery(null, null, null, null, null, false, false, true));
        assertEquals(
                List.of("text-editor", "drawing"),
                available.profiles().stream().map(ProfileInfo::app).toList());
        ProfileListing installed =
                profiles.list(new ProfileQuery(null, null, null, null, "type-into", false, true, false));
        assertEquals(
                List.of("text-editor"),
                installed.profiles().stream().map(ProfileInfo::app).toList());
        assertNull(profiles.list(ProfileQuery.ALL).profiles().get(0).availability(), "no check: no availability");
    }
}
