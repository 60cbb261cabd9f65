package org.praefectus.linux.wayland;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.freedesktop.dbus.types.UInt32;
import org.junit.jupiter.api.Test;

/** Start's {@code streams} answer, {@code a(ua{sv})}, as plain values (structs as arrays). */
class RemoteDesktopStreamsTest {

    @Test
    void eachStreamKeepsItsNodeAndWhereItsMonitorLies() {
        Object streams = List.of(
                new Object[] {
                    new UInt32(37),
                    Map.of(
                            "position", new Object[] {0, 0},
                            "size", new Object[] {1280, 800})
                },
                new Object[] {new UInt32(38), Map.of("size", new Object[] {10, 10})});
        List<RemoteDesktopSession.Stream> parsed = RemoteDesktopSession.streams(streams);
        // the second has no position: it cannot be placed, so it is not used
        assertEquals(List.of(new RemoteDesktopSession.Stream(37, 0, 0, 1280, 800)), parsed);
        assertEquals(List.of(), RemoteDesktopSession.streams(null));
    }

    @Test
    void aPointOffEverySharedMonitorHasNoStream() {
        RemoteDesktopSession.Stream stream = new RemoteDesktopSession.Stream(37, 100, 0, 200, 100);
        assertEquals(true, stream.contains(100, 0));
        assertEquals(false, stream.contains(300, 50));
        assertEquals(false, stream.contains(99, 50));
    }
}
