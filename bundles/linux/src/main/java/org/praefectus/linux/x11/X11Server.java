package org.praefectus.linux.x11;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import org.praefectus.linux.proc.ProcessGeneration;

/**
 * The X server at the other end of our connection, identified by the kernel rather than by anything the
 * server or another client says: the socket peer's credentials ({@code SO_PEERCRED}), its executable and
 * its process generation.
 *
 * @param processId         the server's process
 * @param processGeneration its generation, so a restarted server on a reused PID does not match
 * @param executable        the text of {@code /proc/PID/exe}: the kernel's name for the running image, which says what
 *                          the server is and changes if it executes another; whether the image is trusted is read from
 *                          the image itself ({@link #trustedImage}), since that name may not be reachable from here
 */
public record X11Server(long processId, String processGeneration, Path executable) {

    /** Native X servers: Xorg, and Xvfb for headless test desktops. Xwayland and nested servers are refused. */
    static final Set<String> NATIVE_SERVERS = Set.of("Xorg", "Xvfb");

    /**
     * Identifies the server behind an open display, or says why it is not trusted.
     *
     * @throws X11Refusal with a fixed reason when the peer is unknown or not a native X server
     */
    static X11Server identify(Xlib xlib, Pointer display) throws X11Refusal {
        int socket = xlib.XConnectionNumber(display);
        Memory credentials = new Memory(12);
        IntByReference length = new IntByReference(12);
        if (XExtensions.LibC.INSTANCE.getsockopt(
                                socket, XExtensions.LibC.SOL_SOCKET, XExtensions.LibC.SO_PEERCRED, credentials, length)
                        != 0
                || length.getValue() != 12) {
            throw new X11Refusal("the X server socket has no local peer credentials");
        }
        long processId = credentials.getInt(0) & 0xFFFF_FFFFL;
        long userId = credentials.getInt(4) & 0xFFFF_FFFFL;
        Path executable = ProcessGeneration.executable(processId)
                .orElseThrow(() -> new X11Refusal("the X server process cannot be identified"));
        String generation = ProcessGeneration.of(processId)
                .orElseThrow(() -> new X11Refusal("the X server process cannot be identified"));
        if (!NATIVE_SERVERS.contains(String.valueOf(executable.getFileName()))) {
            throw new X11Refusal("the X server is not a native Xorg or Xvfb server");
        }
        if (userId != 0 && userId != XExtensions.LibC.INSTANCE.geteuid()) {
            throw new X11Refusal("the X server runs as another user");
        }
        if (!trustedImage(processId)) {
            throw new X11Refusal("the X server executable is not a root-owned, write-protected file");
        }
        return new X11Server(processId, generation, executable);
    }

    /** Whether the server process is still the one identified: same PID, generation and executable. */
    boolean stillRunning() {
        return ProcessGeneration.of(processId).filter(processGeneration::equals).isPresent()
                && ProcessGeneration.executable(processId)
                        .filter(executable::equals)
                        .isPresent();
    }

    /**
     * Whether the server's running image is a root-owned, write-protected regular file. Read through the kernel's
     * {@code /proc/PID/exe} link, never the path it names: that path may have been replaced since the server started,
     * or may not be reachable from this process (a server started outside this mount namespace or chroot, as a
     * desktop host in a network namespace of its own sees it), while the link always leads to the file executed.
     */
    private static boolean trustedImage(long processId) {
        Path image = Path.of("/proc", Long.toString(processId), "exe");
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(image);
            int owner = (Integer) Files.getAttribute(image, "unix:uid");
            return Files.isRegularFile(image)
                    && owner == 0
                    && !permissions.contains(PosixFilePermission.GROUP_WRITE)
                    && !permissions.contains(PosixFilePermission.OTHERS_WRITE);
        } catch (IOException | RuntimeException unreadable) {
            return false;
        }
    }
}
