package org.praefectus.bridge.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.praefectus.bridge.config.BridgeSettings;

/** Path attacks against the container → host mapping: every one must end in a permission error. */
class PathAttackTest {

    @TempDir
    Path tmp;

    Path ws;
    Path outside;
    PathMapper mapper;

    @BeforeEach
    void layout() throws Exception {
        ws = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        outside = Files.createDirectories(tmp.resolve("outside")).toRealPath();
        Files.createDirectories(tmp.resolve("ws2")); // the host-side prefix twin
        Files.createDirectories(ws.resolve("Projects/Website"));
        Files.createDirectories(ws.resolve("Archive/old"));
        Files.createDirectories(ws.resolve(".praetor/secrets"));
        Files.createDirectories(ws.resolve("%2e%2e"));
        Files.createSymbolicLink(ws.resolve("Projects/out-link"), outside);
        Files.createSymbolicLink(ws.resolve("Projects/etc-link"), Path.of("/etc"));
        Files.createSymbolicLink(ws.resolve("Projects/archive-link"), ws.resolve("Archive"));
        Files.createSymbolicLink(ws.resolve("Projects/twin-link"), tmp.resolve("ws2"));
        Files.createSymbolicLink(ws.resolve("Projects/relative-out"), Path.of("../../outside"));
        Files.createSymbolicLink(ws.resolve("Projects/loop"), ws.resolve("Projects/loop"));
        Files.createSymbolicLink(ws.resolve("Projects/inside-link"), ws.resolve("Projects/Website"));
        Files.writeString(ws.resolve("Projects/file.txt"), "x");
        mapper = new PathMapper(new BridgeSettings.Paths(
                ws, List.of(ws), List.of(ws.resolve("Archive"), ws.resolve(".praetor/secrets"))));
    }

    static Stream<String> attacks() {
        return Stream.of(
                "/app/workspace/../etc",
                "/app/workspace/Projects/../../etc",
                "/app/workspace/Projects/..",
                "/app/workspace/./Projects",
                "/app/workspace//Projects",
                "/app/workspace/Projects/Website/../../..",
                "/app/workspace2",
                "/app/workspace2/Projects",
                "/app/workspaceX/Projects",
                "/app/work",
                "/app",
                "/",
                "/etc/passwd",
                "app/workspace/Projects",
                "",
                "/app/workspace/%2e%2e/%2e%2e/etc", // a literal directory name, then missing
                "/app/workspace/..%2f..%2fetc",
                "/app/workspace/Projects\\..\\..\\etc",
                "/app/workspace/\u2024\u2024/etc", // one-dot leaders, not dots: missing
                "/app/workspace/\uff0e\uff0e/etc", // fullwidth dots: missing
                "/app/workspace/Projects/\u0000/etc",
                "/app/workspace/Projects/\n/etc",
                "/app/workspace/Projects/out-link",
                "/app/workspace/Projects/etc-link",
                "/app/workspace/Projects/relative-out",
                "/app/workspace/Projects/twin-link",
                "/app/workspace/Projects/archive-link",
                "/app/workspace/Projects/archive-link/old",
                "/app/workspace/Projects/loop",
                "/app/workspace/Archive",
                "/app/workspace/Archive/old",
                "/app/workspace/.praetor/secrets",
                "/app/workspace/Projects/missing",
                "/app/workspace/Projects/file.txt",
                "/APP/workspace/Projects",
                "/app/workspace/Projects/out-link/../Website");
    }

    @ParameterizedTest
    @MethodSource("attacks")
    void attackIsRefused(String target) {
        assertThrows(PermissionException.class, () -> mapper.mapWorkdir("/app/workspace", ws.toString(), target));
    }

    @Test
    void atLeastThirtyAttacks() {
        assertTrue(attacks().count() >= 30);
    }

    @Test
    void foreignHostRootIsRefused() {
        assertThrows(
                PermissionException.class,
                () -> mapper.mapWorkdir("/app/workspace", tmp.resolve("ws2").toString(), "/app/workspace/Projects"));
        assertThrows(
                PermissionException.class,
                () -> mapper.mapWorkdir("/app/workspace", ws + "/../outside", "/app/workspace/Projects"));
    }

    @Test
    void validTargetsMap() throws Exception {
        assertEquals(
                ws.resolve("Projects/Website"),
                mapper.mapWorkdir("/app/workspace", ws.toString(), "/app/workspace/Projects/Website")
                        .hostPath());
        assertEquals(
                ws.resolve("Projects/Website"),
                mapper.mapWorkdir("/app/workspace/", ws + "/", "/app/workspace/Projects/Website/")
                        .hostPath());
        assertEquals(
                ws.resolve("Projects/Website"),
                mapper.mapWorkdir("/app/workspace", ws.toString(), "/app/workspace/Projects/inside-link")
                        .hostPath());
        assertEquals(
                ws,
                mapper.mapWorkdir("/app/workspace", ws.toString(), "/app/workspace")
                        .hostPath());
    }

    @Test
    void filesOutsideOrDeniedAreRefused() throws Exception {
        assertEquals(
                ws.resolve("Projects/Website/new/out.md"),
                mapper.mapFile("/app/workspace", "/app/workspace/Projects/Website/new/out.md"));
        assertThrows(
                PermissionException.class,
                () -> mapper.mapFile("/app/workspace", "/app/workspace/Projects/out-link/x.md"));
        assertThrows(PermissionException.class, () -> mapper.mapFile("/app/workspace", "/app/workspace/Archive/x.md"));
        assertThrows(PermissionException.class, () -> mapper.mapFile("/app/workspace", "/app/workspace2/x.md"));
    }

    @Test
    void symlinkSwappedInAfterValidationIsCaughtBeforeStart() throws Exception {
        MappedWorkdir mapped = mapper.mapWorkdir("/app/workspace", ws.toString(), "/app/workspace/Projects/Website");
        Path dir = ws.resolve("Projects/Website");
        Files.move(dir, ws.resolve("Projects/Website-moved"));
        Files.createSymbolicLink(dir, outside);
        assertThrows(PermissionException.class, () -> mapper.revalidate(mapped));
    }
}
